import { useEffect, useState } from 'react';
import { Alert, Button, Code, Group, Paper, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload, IconHistory, IconSearchOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@pavilion/domain';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { ListPager } from '../../../ui/pager.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { downloadAuditCsv, saveBlob } from '../api/workspace-api.ts';
import { useAuditLog, useTeam } from '../hooks/use-workspace.ts';
import { DataTable } from '../../../ui/data-table.tsx';

/** Action prefixes the server records (it filters with "starts with"). */
export const AUDIT_ACTION_PREFIXES = [
  { value: 'auth.login', key: 'logins' },
  { value: 'auth.login.failed', key: 'failedLogins' },
  { value: 'auth.', key: 'auth' },
  { value: 'team.', key: 'team' },
  { value: 'role.', key: 'roles' },
  { value: 'event.', key: 'events' },
  { value: 'audit.exported', key: 'exports' },
  { value: 'white_label.', key: 'whiteLabel' },
  { value: 'region.', key: 'regions' },
  { value: 'company.', key: 'companies' },
] as const;

function colorOf(action: string): string {
  if (action.includes('failed') || action.includes('removed') || action.includes('deleted') || action.includes('throttled')) return 'red.9';
  if (action.startsWith('auth.')) return 'gray.7';
  if (action.includes('permissions') || action.startsWith('role.')) return 'grape.8';
  return 'brand.7';
}

function metaText(meta: Record<string, unknown> | null): string {
  if (!meta || Object.keys(meta).length === 0) return '';
  const text = JSON.stringify(meta);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** `/app/audit`: who did what, when and from where; filterable and exportable as CSV. */
export function AuditPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [action, setAction] = useState<string | null>(null);
  const [actor, setActor] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [isExporting, setExporting] = useState(false);
  const members = useTeam({ page: 1, pageSize: MAX_PAGE_SIZE }, can('AP-35'));
  usePageTitle(t('audit.title'));
  useEffect(() => setPage(1), [action, actor, from, to]);

  const isRangeInvalid = from !== '' && to !== '' && to < from;
  const filters = {
    ...(action ? { action } : {}),
    ...(actor ? { actorUserId: actor } : {}),
    ...(from ? { from } : {}),
    ...(to && !isRangeInvalid ? { to } : {}),
  };
  const list = useAuditLog({ page, pageSize: DEFAULT_PAGE_SIZE, ...filters });
  const data = list.data;
  const hasFilters = Object.keys(filters).length > 0;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await downloadAuditCsv(filters);
      saveBlob(blob, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
      toast(t('audit.exported'), 'success');
    } catch (error) {
      toast(errorMessage(error, t), 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        description={t('audit.subtitle')}
        actions={
          can('AP-815') && (
            <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} loading={isExporting} onClick={() => void exportCsv()}>
              {t('audit.export')}
            </Button>
          )
        }
      />
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Select
              label={t('audit.action')}
              placeholder={t('audit.allActions')}
              data={AUDIT_ACTION_PREFIXES.map((p) => ({ value: p.value, label: t(`audit.actions.${p.key}`) }))}
              value={action}
              onChange={setAction}
              clearable
              comboboxProps={{ withinPortal: true }}
              style={{ flex: '1 1 200px' }}
            />
            {can('AP-35') && (
              <Select
                label={t('audit.member')}
                placeholder={t('audit.anyMember')}
                data={(members.data?.items ?? []).map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}`.trim() || m.email }))}
                value={actor}
                onChange={setActor}
                searchable
                clearable
                comboboxProps={{ withinPortal: true }}
                style={{ flex: '1 1 200px' }}
              />
            )}
            <TextInput type="date" label={t('audit.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} style={{ flex: '0 1 170px' }} />
            <TextInput
              type="date"
              label={t('audit.to')}
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.currentTarget.value)}
              error={isRangeInvalid ? t('validation.notEquivalent') : undefined}
              style={{ flex: '0 1 170px' }}
            />
          </Group>

          {list.isError && (
            <Alert color="red" variant="light" role="alert" title={t('audit.loadError')} styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
              {errorMessage(list.error, t)}
            </Alert>
          )}
          {list.isPending && (
            <Stack gap="xs" aria-busy="true" aria-label={t('app.loading')}>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} h={36} />
              ))}
            </Stack>
          )}
          {data && data.items.length > 0 && (
            <div aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <DataTable columns={[t('audit.when'), t('audit.action'), t('audit.who'), t('audit.target'), t('audit.ip'), t('audit.details')]} minWidth={760} isFramed={false} verticalSpacing="xs" striped>
                {data.items.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatDateTime(e.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" fw={600} c={colorOf(e.action)} style={{ whiteSpace: 'nowrap' }}>
                        {e.action}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{e.actorName ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" maw={200} truncate title={e.target ?? undefined}>
                        {e.target ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {e.ip ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={320}>
                      {metaText(e.meta) ? (
                        <Code fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                          {metaText(e.meta)}
                        </Code>
                      ) : (
                        <Text size="sm">—</Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
            </div>
          )}
          {data && data.items.length === 0 && (
            <EmptyState
              icon={hasFilters ? <IconSearchOff size={32} /> : <IconHistory size={32} />}
              title={hasFilters ? t('audit.noMatchTitle') : t('audit.emptyTitle')}
              description={hasFilters ? t('audit.noMatchBody') : t('audit.emptyBody')}
            />
          )}
          {data && <ListPager data={data} onChange={setPage} />}
        </Stack>
      </Paper>
    </>
  );
}
