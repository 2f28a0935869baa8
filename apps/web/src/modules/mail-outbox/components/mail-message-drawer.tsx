import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Code, Drawer, Group, List, Paper, ScrollArea, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconExternalLink, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TMailOutboxMessage } from '@pavilion/domain';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { useModalBackground } from '../../../ui/use-modal-background.ts';
import { mailOutboxApi } from '../api/mail-outbox-api.ts';
import { useMailMessage } from '../hooks/use-mail-outbox.ts';
import { MailStatusBadge } from './mail-status-badge.tsx';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The message as the recipient would see it. The server has already sanitised the HTML and inlined its cid: images;
 * it is still shown in an iframe whose sandbox allows no scripts and gives it an opaque origin (no session, no
 * cookies, no access to this page), and its links open in a new tab.
 */
function MessageFrame({ message }: { message: TMailOutboxMessage }) {
  const { t } = useTranslation();
  const srcDoc = `<!DOCTYPE html><html><head><meta charset="utf-8"><base target="_blank"></head><body style="margin:0">${message.html}</body></html>`;
  return (
    <iframe
      title={t('mailOutbox.frameTitle')}
      data-testid="mail-frame"
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={srcDoc}
      style={{ width: '100%', height: 560, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#fff' }}
    />
  );
}

/** A titled part of the message (links, attachments), or one line saying it has none. */
function Section({ id, title, emptyText, children }: { id: string; title: string; emptyText: string | null; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {emptyText === null ? (
        children
      ) : (
        <Text size="sm" c="dimmed" mt={4}>
          {emptyText}
        </Text>
      )}
    </Paper>
  );
}

function MessageBody({ message }: { message: TMailOutboxMessage }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = async (index: number, name: string) => {
    setDownloading(index);
    try {
      await mailOutboxApi.downloadAttachment(message.id, index, name);
      toast(t('mailOutbox.downloaded', { name }), 'success');
    } catch (error) {
      toast(errorMessage(error, t), 'error');
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Stack gap="md">
      <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs" aria-label={t('mailOutbox.title')}>
        <Table.Tbody>
          {[
            [t('mailOutbox.from'), message.from],
            [t('mailOutbox.to'), message.to],
            [t('mailOutbox.date'), formatDateTime(message.createdAt)],
          ].map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={80}>
                <Text size="sm" c="dimmed" fw={500}>
                  {label}
                </Text>
              </Table.Th>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {value}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">
              <Text size="sm" c="dimmed" fw={500}>
                {t('mailOutbox.status')}
              </Text>
            </Table.Th>
            <Table.Td>
              <MailStatusBadge status={message.status} />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {message.error && (
        <Alert color="red" variant="light" title={t('mailOutbox.error')} styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
          {message.error}
        </Alert>
      )}

      <Section id="mail-links-heading" title={t('mailOutbox.links')} emptyText={message.links.length === 0 ? t('mailOutbox.noLinks') : null}>
          <>
            <Text size="xs" c="dimmed" mb="xs">
              {t('mailOutbox.linksHint')}
            </Text>
            <List spacing={6} listStyleType="none" data-testid="mail-links">
              {message.links.map((l) => (
                <List.Item key={l.url}>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Badge variant="light" color={l.kind === 'other' ? 'gray' : 'brand'} style={{ flexShrink: 0 }}>
                      {t(`mailOutbox.kinds.${l.kind}`)}
                    </Badge>
                    <Anchor href={l.url} target="_blank" rel="noopener noreferrer" size="sm" data-kind={l.kind} style={{ wordBreak: 'break-all' }}>
                      {l.label === l.url ? l.url : `${l.label} · ${l.url}`}
                      <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'text-bottom', marginLeft: 4 }} />
                    </Anchor>
                  </Group>
                </List.Item>
              ))}
            </List>
          </>
      </Section>

      <Section id="mail-attachments-heading" title={t('mailOutbox.attachments')} emptyText={message.attachments.length === 0 ? t('mailOutbox.noAttachments') : null}>
          <Stack gap={6} mt="xs" data-testid="mail-attachments">
            {message.attachments.map((a) => (
              <Group key={a.index} justify="space-between" wrap="nowrap" gap="sm">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
                  <Text size="sm" truncate>
                    {a.filename}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {a.contentType} · {formatSize(a.size)}
                  </Text>
                </Group>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  loading={downloading === a.index}
                  aria-label={t('mailOutbox.download', { name: a.filename })}
                  onClick={() => void download(a.index, a.filename)}
                >
                  {t('mailOutbox.downloadShort')}
                </Button>
              </Group>
            ))}
          </Stack>
      </Section>

      <Tabs defaultValue="html" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="html">{t('mailOutbox.rendered')}</Tabs.Tab>
          <Tabs.Tab value="text">{t('mailOutbox.plainText')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          <MessageFrame message={message} />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <ScrollArea.Autosize mah={560}>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {message.text}
            </Code>
          </ScrollArea.Autosize>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** One message of the outbox, opened from the list; full screen on a phone. */
export function MailMessageDrawer({ mailId, onClose }: { mailId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const message = useMailMessage(mailId);
  useModalBackground(true);
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 720}
      padding="lg"
      title={message.data?.subject ?? t('mailOutbox.title')}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': t('mailOutbox.close') }}
    >
      {message.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label={t('app.loading')}>
          <Skeleton h={80} />
          <Skeleton h={400} />
        </Stack>
      )}
      {message.isError && (
        <Alert color="red" variant="light" role="alert" title={t('mailOutbox.loadError')} styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
          {errorMessage(message.error, t)}
        </Alert>
      )}
      {message.data && <MessageBody message={message.data} />}
    </Drawer>
  );
}
