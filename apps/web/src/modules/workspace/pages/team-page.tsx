import { useEffect, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Skeleton, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearchOff, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type TTeamMember } from '@pavilion/domain';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { useAuth } from '../../../app/session-storage.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { ListPager } from '../../../ui/pager.tsx';
import { SearchField } from '../../../ui/filter-fields.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { InviteModal } from '../components/invite-modal.tsx';
import { MemberDrawer } from '../components/member-drawer.tsx';
import { PendingInvitations } from '../components/pending-invitations.tsx';
import { RemoveMemberModal } from '../components/remove-member-modal.tsx';
import { TeamTable, type TMemberAction } from '../components/team-table.tsx';
import { useRegions, useSetSuspended, useTeam } from '../hooks/use-workspace.ts';

type TStatus = '' | 'active' | 'suspended';

/** `/app/team`: the organisation's members, invitations and their access. */
export function TeamPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const auth = useAuth();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<TStatus>('');
  const [page, setPage] = useState(1);
  const [isInviteOpen, setInviteOpen] = useState(false);
  const [editing, setEditing] = useState<TTeamMember | null>(null);
  const [removing, setRemoving] = useState<TTeamMember | null>(null);
  const suspend = useSetSuspended();
  const regions = useRegions(can('AP-804'));
  usePageTitle(t('team.title'));
  useEffect(() => setPage(1), [debounced, status]);

  const query = { page, pageSize: DEFAULT_PAGE_SIZE, ...(debounced ? { search: debounced } : {}), ...(status ? { status } : {}) };
  const list = useTeam(query);
  const data = list.data;
  const regionName = (id: string) => regions.data?.find((r) => r.id === id)?.name ?? t('team.regionTeam');

  const onAction = (action: TMemberAction, member: TTeamMember) => {
    const name = `${member.firstName} ${member.lastName}`.trim();
    if (action === 'edit') return setEditing(member);
    if (action === 'remove') return setRemoving(member);
    suspend.mutate(
      { userId: member.id, isSuspended: action === 'suspend' },
      {
        onSuccess: () => toast(t(action === 'suspend' ? 'team.suspended' : 'team.reactivated', { name }), 'success'),
        onError: (error) => toast(errorMessage(error, t), 'error'),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t('team.title')}
        description={t('team.subtitle')}
        actions={
          can('AP-36') && (
            <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setInviteOpen(true)}>
              {t('team.invite')}
            </Button>
          )
        }
      />
      <Stack gap="md">
        <PendingInvitations canRevoke={can('AP-38')} />
        <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <SearchField label={t('team.search')} placeholder={t('team.searchPlaceholder')} value={search} onChange={setSearch} style={{ flex: '1 1 260px' }} />
              <NativeSelect
                label={t('team.status')}
                value={status}
                onChange={(e) => setStatus(e.currentTarget.value as TStatus)}
                data={[
                  { value: '', label: t('team.allStatuses') },
                  { value: 'active', label: t('team.statuses.active') },
                  { value: 'suspended', label: t('team.statuses.suspended') },
                ]}
                style={{ flex: '0 1 200px' }}
              />
            </Group>

            {list.isError && (
              <Alert color="red" variant="light" role="alert" title={t('team.loadError')} styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
                {errorMessage(list.error, t)}
              </Alert>
            )}
            {list.isPending && (
              <Stack gap="xs" aria-busy="true" aria-label={t('app.loading')}>
                {Array.from({ length: 5 }, (_, i) => (
                  <Skeleton key={i} h={44} />
                ))}
              </Stack>
            )}
            {data && data.items.length > 0 && (
              <div aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
                <TeamTable
                  members={data.items}
                  regionName={regionName}
                  allowed={{ edit: can('AP-40'), suspend: can('AP-37'), remove: can('AP-38') }}
                  onAction={onAction}
                  currentUserId={auth?.userData.id}
                />
              </div>
            )}
            {data && data.items.length === 0 && (
              <EmptyState
                icon={debounced || status ? <IconSearchOff size={32} /> : <IconUsers size={32} />}
                title={debounced || status ? t('team.noMatchTitle') : t('team.emptyTitle')}
                description={debounced || status ? t('team.noMatchBody') : t('team.emptyBody')}
              />
            )}
            {data && <ListPager data={data} onChange={setPage} />}
          </Stack>
        </Paper>
      </Stack>
      <InviteModal isOpen={isInviteOpen} onClose={() => setInviteOpen(false)} />
      {editing && <MemberDrawer member={editing} onClose={() => setEditing(null)} />}
      {removing && <RemoveMemberModal member={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}
