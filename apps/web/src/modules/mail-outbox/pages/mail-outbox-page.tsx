import '../mail-outbox-i18n.ts';
import { useEffect, useState } from 'react';
import { Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailOff, IconPaperclip, IconSearchOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAIL_OUTBOX_DISABLED } from '@pavilion/domain';
import { isApiError } from '../../../app/api-client.ts';
import { useAccess } from '../../../app/access.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { SearchField } from '../../../ui/filter-fields.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { ListPager } from '../../../ui/pager.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { MailMessageDrawer } from '../components/mail-message-drawer.tsx';
import { MailStatusBadge } from '../components/mail-status-badge.tsx';
import { useMailOutboxList, useMailOutboxStatus } from '../hooks/use-mail-outbox.ts';

/**
 * `/app/mail-outbox`: what Pavilion mailed (or, without SMTP_URL, kept instead of sending), newest first. A row opens
 * the message; `?mail=<id>` keeps it open across reloads and makes it linkable.
 */
export function MailOutboxPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [params, setParams] = useSearchParams();
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [page, setPage] = useState(1);
  const [filters] = useDebouncedValue({ to: to.trim(), subject: subject.trim() }, 300);
  usePageTitle(t('mailOutbox.title'));
  useEffect(() => setPage(1), [filters.to, filters.subject]);
  const status = useMailOutboxStatus(can('AP-647'));
  const list = useMailOutboxList({ page, pageSize: DEFAULT_PAGE_SIZE, ...(filters.to ? { to: filters.to } : {}), ...(filters.subject ? { subject: filters.subject } : {}) });
  const openId = params.get('mail');
  const open = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('mail', id);
        else next.delete('mail');
        return next;
      },
      { replace: !id },
    );
  const hasFilters = filters.to !== '' || filters.subject !== '';
  const isDisabled = isApiError(list.error) && list.error.code === MAIL_OUTBOX_DISABLED;

  return (
    <>
      <PageHeader title={t('mailOutbox.title')} description={status.data?.transport === 'smtp' ? t('mailOutbox.subtitleSmtp') : t('mailOutbox.subtitleOutbox')} />
      <Stack gap="md">
        <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SearchField label={t('mailOutbox.searchTo')} placeholder={t('mailOutbox.searchToPlaceholder')} value={to} onChange={setTo} />
            <SearchField label={t('mailOutbox.searchSubject')} placeholder={t('mailOutbox.searchSubjectPlaceholder')} value={subject} onChange={setSubject} />
          </Group>
        </Paper>
        {isDisabled ? (
          <ListEmpty icon={<IconMailOff size={32} />} title={t('mailOutbox.disabledTitle')} body={t('mailOutbox.disabledBody')} />
        ) : (
          <>
            {list.isPending && <ListLoading />}
            {list.isError && <ListError error={list.error} onRetry={() => void list.refetch()} />}
            {list.data && list.data.items.length === 0 && (
              <ListEmpty
                icon={hasFilters ? <IconSearchOff size={32} /> : <IconMailOff size={32} />}
                title={hasFilters ? t('mailOutbox.noMatchTitle') : t('mailOutbox.emptyTitle')}
                body={hasFilters ? t('mailOutbox.noMatchBody') : t('mailOutbox.emptyBody')}
              />
            )}
            {list.data && list.data.items.length > 0 && (
              <div aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
                <DataTable columns={[t('mailOutbox.time'), t('mailOutbox.to'), t('mailOutbox.subject'), t('mailOutbox.status')]} minWidth={680} data-testid="mail-outbox-table">
                  {list.data.items.map((m) => (
                    <Table.Tr key={m.id} onClick={() => open(m.id)} style={{ cursor: 'pointer' }} data-mail-id={m.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatDateTime(m.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" maw={240} truncate title={m.to}>
                          {m.to}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {/* The row's one focusable control: keyboard and screen-reader users open the message here. */}
                        <UnstyledButton onClick={(e) => (e.stopPropagation(), open(m.id))} aria-label={t('mailOutbox.open', { to: m.to, subject: m.subject })}>
                          <Group gap={6} wrap="nowrap">
                            <Text size="sm" fw={500} c="brand.8" td="underline" lineClamp={1}>
                              {m.subject}
                            </Text>
                            {m.attachmentCount > 0 && <IconPaperclip size={14} aria-label={t('mailOutbox.attachments')} style={{ flexShrink: 0 }} />}
                          </Group>
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <MailStatusBadge status={m.status} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </DataTable>
              </div>
            )}
            {list.data && <ListPager data={list.data} onChange={setPage} />}
          </>
        )}
      </Stack>
      {openId && <MailMessageDrawer mailId={openId} onClose={() => open(null)} />}
    </>
  );
}
