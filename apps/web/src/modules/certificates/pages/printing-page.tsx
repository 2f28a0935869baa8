import '../certificates-i18n.ts';
import { Alert, Anchor, Badge, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconFileSpreadsheet, IconMail, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCertificate, TCertificateIssuedVia } from '@pavilion/domain/certificates/certificates.schemas';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { ListPager } from '../../../ui/pager.tsx';
import { useCurrentEventId } from '../../../app/selected-event.ts';
import { certificateFiles, certificatesApi } from '../api/certificates-api.ts';
import { certificatesKeys } from '../api/certificates-keys.ts';
import { MailBatchProgress } from '../components/mail-batch-progress.tsx';

/** Certificate Printing (T-74, AP-258..260): issued certificates with filters, PDF, verify link, CSV, bulk email. */
export function PrintingPage() {
  const { t } = useTranslation();
  const [eventId] = useCurrentEventId();
  const access = useAccess();
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [issuedVia, setIssuedVia] = useState<TCertificateIssuedVia | null>(null);
  const [page, setPage] = useState(1);
  const query = { page, pageSize: 10, q: q || undefined, templateId: templateId ?? undefined, issuedVia: issuedVia ?? undefined };
  const list = useQuery({ queryKey: certificatesKeys.list(eventId ?? '', query), queryFn: ({ signal }) => certificatesApi.list(eventId!, query, signal), enabled: !!eventId, placeholderData: keepPreviousData });
  const templates = useQuery({ queryKey: certificatesKeys.templates(eventId ?? ''), queryFn: ({ signal }) => certificatesApi.templates(eventId!, signal), enabled: !!eventId && access.can('AP-248') });
  const email = useMutation({
    mutationFn: () => certificatesApi.email(eventId!, { templateId: templateId ?? templates.data?.[0]?.id ?? '', isOnlyUnsent: true }),
    // 202: the server's mail job sends; the progress panel polls the batch.
    onSuccess: (b) => setMailBatchId(b.id),
  });
  const [mailBatchId, setMailBatchId] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => certificatesApi.revoke(eventId!, id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: certificatesKeys.issued(eventId!) }),
  });
  if (!eventId) return null;
  const download = (c: TCertificate) =>
    certificateFiles.pdf(eventId, c.id, `certificate-${c.registrationNo}.pdf`).catch((e: unknown) => toast(errorMessage(e, t), 'error'));
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('certificates.org.printing.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={260}
        />
        <Select
          label={t('certificates.org.printing.template')}
          placeholder={t('certificates.org.printing.allTemplates')}
          data={(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          value={templateId}
          onChange={(v) => {
            setTemplateId(v);
            setPage(1);
          }}
          clearable
          w={220}
        />
        <Select
          label={t('certificates.org.printing.issuedVia')}
          placeholder={t('certificates.org.printing.allVia')}
          data={(['manual', 'bulk', 'rule'] as const).map((v) => ({ value: v, label: t(`certificates.org.printing.via.${v}`) }))}
          value={issuedVia}
          onChange={(v) => {
            setIssuedVia(v as TCertificateIssuedVia | null);
            setPage(1);
          }}
          clearable
          w={200}
        />
        {access.can('AP-259') && (
          <Button variant="default" leftSection={<IconFileSpreadsheet size={18} aria-hidden />} onClick={() => certificateFiles.csv(eventId, { q: q || undefined, templateId: templateId ?? undefined, issuedVia: issuedVia ?? undefined }).catch((e: unknown) => toast(errorMessage(e, t), 'error'))}>
            {t('certificates.org.printing.exportCsv')}
          </Button>
        )}
        {access.can('AP-257') && (
          <Button variant="default" leftSection={<IconMail size={18} aria-hidden />} onClick={() => email.mutate()} loading={email.isPending} disabled={!templateId && !templates.data?.length}>
            {t('certificates.org.printing.emailUnsent')}
          </Button>
        )}
      </Group>
      {email.isError && <Alert color="red">{errorMessage(email.error, t)}</Alert>}
      {mailBatchId && <MailBatchProgress eventId={eventId} batchId={mailBatchId} onDismiss={() => setMailBatchId(null)} />}
      {list.isPending ? (
        <Skeleton h={200} />
      ) : list.isError ? (
        <Alert color="red">{errorMessage(list.error, t)}</Alert>
      ) : list.data.total === 0 ? (
        <Paper withBorder>
          <EmptyState icon={<IconDownload size={32} />} title={t('certificates.org.printing.empty')} description={t('certificates.org.printing.emptyBody')} />
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={1000}>
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('certificates.org.printing.name')}</Table.Th>
                  <Table.Th>{t('certificates.org.printing.regNo')}</Table.Th>
                  <Table.Th>{t('certificates.org.printing.template')}</Table.Th>
                  <Table.Th>{t('certificates.org.printing.issuedVia')}</Table.Th>
                  <Table.Th>{t('certificates.org.printing.issuedAt')}</Table.Th>
                  <Table.Th>{t('certificates.org.printing.status')}</Table.Th>
                  <Table.Th>{t('certificates.org.printing.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((c) => {
                  const name = `${c.firstName} ${c.lastName}`.trim();
                  return (
                    <Table.Tr key={c.id} data-testid="certificate-row">
                      <Table.Td>
                        <Text fw={600}>{name}</Text>
                        <Text size="xs" c="dimmed">
                          {c.email}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.registrationNo}</Table.Td>
                      <Table.Td>{c.templateName}</Table.Td>
                      <Table.Td>{t(`certificates.org.printing.via.${c.issuedVia}`)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.issuedAt)}</Table.Td>
                      <Table.Td style={{ minWidth: 150 }}>
                        <Group gap={4} wrap="nowrap">
                          <Badge color={c.revokedAt ? 'red.9' : 'teal.9'} variant="filled">
                            {c.revokedAt ? t('certificates.org.printing.revoked') : t('certificates.org.printing.valid')}
                          </Badge>
                          {c.emailedAt && (
                            <Badge color="blue.9" variant="filled">
                              {t('certificates.org.printing.emailedBadge')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {access.can('AP-260') && (
                            <Button size="xs" variant="default" onClick={() => void download(c)} aria-label={t('certificates.org.printing.downloadPdf', { name })}>
                              {t('certificates.org.printing.pdf')}
                            </Button>
                          )}
                          <Anchor href={`/verify/certificate/${encodeURIComponent(c.id)}`} target="_blank" size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {t('certificates.org.printing.verify')}
                          </Anchor>
                          {access.can('AP-256') && !c.revokedAt && (
                            <Button size="xs" variant="default" c="red.9" onClick={() => window.confirm(t('certificates.org.printing.revokeConfirm', { name })) && revoke.mutate(c.id)}>
                              {t('certificates.org.printing.revoke')}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPager data={list.data} onChange={setPage} />
        </Paper>
      )}
    </Stack>
  );
}
