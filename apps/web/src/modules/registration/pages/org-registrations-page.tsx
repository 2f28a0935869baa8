import '../organiser-i18n.ts';
import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, Menu, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBan, IconCheck, IconDownload, IconFileSpreadsheet, IconHistory, IconPhoto, IconSearchOff, IconTag, IconUserPlus, IconUsers, IconUserShare, IconX, IconCash, IconBox, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@pavilion/domain/common/pagination';
import { APPROVAL_STATUSES, PAYMENT_STATUSES, type TApprovalStatus, type TPaymentStatus, type TRegistration } from '@pavilion/domain/registration/registration.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { ListPager } from '../../../ui/pager.tsx';
import { FilterSelect, SearchField } from '../../../ui/filter-fields.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { downloadFile } from '../../../app/download.ts';
import { organiserFileUrl } from '../api/organiser-registration-api.ts';
import { JourneyDrawer } from '../components/organiser/journey-drawer.tsx';
import { PhotoModal } from '../components/organiser/photo-modal.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { RegistrationActionModal, type TRegistrationAction } from '../components/organiser/registration-action-modal.tsx';
import { useCategories, useRegistrations, useTickets } from '../hooks/use-organiser-registration.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { formatDateTime } from '../lib/datetime.ts';
import { PAYMENT_COLORS } from '../lib/status-colors.ts';
import { SEAT_STATUS_COLORS, seatStatus } from '../lib/registration-status.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import { RowMenu } from '../../../ui/row-menu.tsx';
import { authApi, LoginLinkModal } from '../../auth/index.ts';

/**
 * /app/registration: everyone registered for the event (AP-94), searchable, filterable and paged (SPEC §9 pager),
 * with approval, assignment, replacement, accompanying persons, payment status, exports and the journey timeline.
 */
export function OrgRegistrationsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const access = useAccess();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [approvalStatus, setApproval] = useState('');
  const [paymentStatus, setPayment] = useState('');
  const [ticketId, setTicket] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [action, setAction] = useState<{ kind: TRegistrationAction; targets: TRegistration[] } | null>(null);
  const [journeyOf, setJourneyOf] = useState<TRegistration | null>(null);
  const [photoOf, setPhotoOf] = useState<TRegistration | null>(null);
  const [loginLinkOf, setLoginLinkOf] = useState<TRegistration | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const tickets = useTickets(eventId);
  const categories = useCategories(eventId);
  usePageTitle(t('registration.org.registrationsTitle'));

  const filters = {
    ...(debounced ? { search: debounced } : {}),
    ...(approvalStatus ? { approvalStatus: approvalStatus as TApprovalStatus } : {}),
    ...(paymentStatus ? { paymentStatus: paymentStatus as TPaymentStatus } : {}),
    ...(ticketId ? { ticketId } : {}),
  };
  useEffect(() => {
    setPage(1);
    setSelected(new Set());
  }, [debounced, approvalStatus, paymentStatus, ticketId]);
  const list = useRegistrations(eventId, { page, pageSize: DEFAULT_PAGE_SIZE, ...filters });
  const data = list.data;
  const hasFilters = Object.keys(filters).length > 0;
  const rows = data?.items ?? [];
  const selectedRows = rows.filter((r) => selected.has(r.id));
  const isAllSelected = rows.length > 0 && selectedRows.length === rows.length;

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      const name = await downloadFile(organiserFileUrl.export(eventId), { format, ...filters }, `registrations.${format}`);
      toast(t('registration.org.exported', { name }), 'success');
    } catch (error) {
      toast(errorMessage(error, t), 'error');
    } finally {
      setExporting(null);
    }
  };

  const categoryName = (id: string | null) => (id ? (categories.data?.find((c) => c.id === id)?.name ?? '') : '');
  const open = (kind: TRegistrationAction, targets: TRegistration[]) => setAction({ kind, targets });

  return (
    <Stack gap="md">
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SearchField label={t('registration.org.search')} placeholder={t('registration.org.searchPlaceholder')} value={search} onChange={setSearch} />
            <FilterSelect
              label={t('registration.org.filterApproval')}
              allLabel={t('registration.org.all')}
              value={approvalStatus}
              onChange={setApproval}
              options={APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`registration.org.approvalStatus.${s}`) }))}
            />
            <FilterSelect
              label={t('registration.org.filterPayment')}
              allLabel={t('registration.org.all')}
              value={paymentStatus}
              onChange={setPayment}
              options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`registration.org.paymentStatus.${s}`) }))}
            />
            <FilterSelect
              label={t('registration.org.filterTicket')}
              allLabel={t('registration.org.all')}
              value={ticketId}
              onChange={setTicket}
              options={(tickets.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
            <Can rule="AP-98">
              <Group gap="xs">
                <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting === 'csv'} onClick={() => void exportAs('csv')}>
                  {t('registration.org.exportCsv')}
                </Button>
                <Button variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} loading={exporting === 'xlsx'} onClick={() => void exportAs('xlsx')}>
                  {t('registration.org.exportXlsx')}
                </Button>
              </Group>
            </Can>
          </Group>

          {selectedRows.length > 0 && (
            <Paper bg="brand.0" p="xs" radius="md" role="region" aria-label={t('registration.org.selected', { count: selectedRows.length })}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600} px="xs">
                  {t('registration.org.selected', { count: selectedRows.length })}
                </Text>
                <Can rule="AP-99">
                  <Button size="xs" leftSection={<IconCheck size={14} aria-hidden />} onClick={() => open('approved', selectedRows)}>
                    {t('registration.org.approve')}
                  </Button>
                  <Button size="xs" variant="default" leftSection={<IconX size={14} aria-hidden />} onClick={() => open('disapproved', selectedRows)}>
                    {t('registration.org.disapprove')}
                  </Button>
                  <Button size="xs" variant="default" leftSection={<IconBan size={14} aria-hidden />} onClick={() => open('suspended', selectedRows)}>
                    {t('registration.org.suspend')}
                  </Button>
                </Can>
                <Can rule="AP-51">
                  <Button size="xs" variant="default" leftSection={<IconBox size={14} aria-hidden />} onClick={() => open('quota', selectedRows)}>
                    {t('registration.org.assignQuota')}
                  </Button>
                </Can>
                <Can rule="AP-117">
                  <Button size="xs" variant="default" leftSection={<IconTag size={14} aria-hidden />} onClick={() => open('category', selectedRows)}>
                    {t('registration.org.assignCategory')}
                  </Button>
                </Can>
                <Can rule="AP-118">
                  <Button size="xs" variant="default" leftSection={<IconUsers size={14} aria-hidden />} onClick={() => open('groups', selectedRows)}>
                    {t('registration.org.assignGroups')}
                  </Button>
                </Can>
              </Group>
            </Paper>
          )}

          {list.isPending && <ListLoading rows={6} />}
          {list.isError && <ListError error={list.error} onRetry={() => void list.refetch()} />}

          {data && data.items.length > 0 && (
            <div aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={40}>
                        <Checkbox
                          aria-label={t('registration.org.selectAll')}
                          checked={isAllSelected}
                          indeterminate={selectedRows.length > 0 && !isAllSelected}
                          onChange={() => setSelected(isAllSelected ? new Set() : new Set(rows.map((r) => r.id)))}
                        />
                      </Table.Th>
                      <Table.Th scope="col">{t('registration.org.regNo')}</Table.Th>
                      <Table.Th scope="col">{t('registration.org.name')}</Table.Th>
                      <Table.Th scope="col">{t('registration.org.ticket')}</Table.Th>
                      <Table.Th scope="col">{t('registration.org.seatStatusColumn')}</Table.Th>
                      <Table.Th scope="col">{t('registration.org.payment')}</Table.Th>
                      <Table.Th scope="col">{t('registration.org.registered')}</Table.Th>
                      <Table.Th scope="col">
                        <VisuallyHidden>{t('registration.org.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((r) => {
                      const name = `${r.firstName} ${r.lastName}`.trim();
                      return (
                        <Table.Tr key={r.id} bg={selected.has(r.id) ? 'var(--mantine-color-brand-0)' : undefined}>
                          <Table.Td>
                            <Checkbox aria-label={t('registration.org.selectRow', { name })} checked={selected.has(r.id)} onChange={() => toggle(r.id)} />
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" ff="monospace" fw={600}>
                              {r.registrationNo}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" fw={600}>
                              {name}
                              {r.isAccompanying && (
                                <StatusBadge size="xs" color="gray" ml={6}>
                                  {t('registration.org.accompanying')}
                                </StatusBadge>
                              )}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {r.email}
                            </Text>
                            {(r.categoryId || r.groups.length > 0) && (
                              <Group gap={4} mt={2}>
                                {r.categoryId && (
                                  <StatusBadge size="xs" variant="outline">
                                    {categoryName(r.categoryId)}
                                  </StatusBadge>
                                )}
                                {r.groups.map((g) => (
                                  <StatusBadge key={g} size="xs" color="gray">
                                    {g}
                                  </StatusBadge>
                                ))}
                              </Group>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{r.ticketName}</Text>
                          </Table.Td>
                          <Table.Td>
                            <StatusBadge color={SEAT_STATUS_COLORS[seatStatus(r)]}>
                              {t(`registration.org.seatStatus.${seatStatus(r)}`)}
                            </StatusBadge>
                          </Table.Td>
                          <Table.Td>
                            <StatusBadge color={PAYMENT_COLORS[r.paymentStatus]}>
                              {t(`registration.org.paymentStatus.${r.paymentStatus}`)}
                            </StatusBadge>
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            <Text size="sm">{formatDateTime(r.createdAt)}</Text>
                          </Table.Td>
                          <Table.Td>
                            <RowMenu label={t('registration.org.actionsFor', { name })}>
                              {access.can('AP-96') && (
                                <Menu.Item leftSection={<IconPhoto size={16} aria-hidden />} onClick={() => setPhotoOf(r)}>
                                  {t('registration.org.photo.menu')}
                                </Menu.Item>
                              )}
                              {access.can('AP-96') && (
                                <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={() => setLoginLinkOf(r)}>
                                  {t('auth.loginLink.menu')}
                                </Menu.Item>
                              )}
                              {access.can('AP-124') && (
                                <Menu.Item leftSection={<IconHistory size={16} aria-hidden />} onClick={() => setJourneyOf(r)}>
                                  {t('registration.org.journey')}
                                </Menu.Item>
                              )}
                              {access.can('AP-99') && (
                                <>
                                  <Menu.Item leftSection={<IconCheck size={16} aria-hidden />} disabled={r.approvalStatus === 'approved'} onClick={() => open('approved', [r])}>
                                    {t('registration.org.approve')}
                                  </Menu.Item>
                                  <Menu.Item leftSection={<IconX size={16} aria-hidden />} disabled={r.approvalStatus === 'disapproved'} onClick={() => open('disapproved', [r])}>
                                    {t('registration.org.disapprove')}
                                  </Menu.Item>
                                  <Menu.Item leftSection={<IconBan size={16} aria-hidden />} disabled={r.approvalStatus === 'suspended'} onClick={() => open('suspended', [r])}>
                                    {t('registration.org.suspend')}
                                  </Menu.Item>
                                </>
                              )}
                              <Menu.Divider />
                              {access.can('AP-101') && (
                                <Menu.Item leftSection={<IconUserShare size={16} aria-hidden />} onClick={() => open('replace', [r])}>
                                  {t('registration.org.replaceUser')}
                                </Menu.Item>
                              )}
                              {access.can('AP-102') && !r.isAccompanying && (
                                <Menu.Item leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => open('accompanying', [r])}>
                                  {t('registration.org.addAccompanying')}
                                </Menu.Item>
                              )}
                              {access.can('AP-103') && (r.paymentStatus === 'pending' || r.paymentStatus === 'failed') && (
                                <Menu.Item leftSection={<IconCash size={16} aria-hidden />} onClick={() => open('payment', [r])}>
                                  {t('registration.org.changePayment')}
                                </Menu.Item>
                              )}
                              {access.can('AP-51') && (
                                <Menu.Item leftSection={<IconBox size={16} aria-hidden />} onClick={() => open('quota', [r])}>
                                  {t('registration.org.assignQuota')}
                                </Menu.Item>
                              )}
                              {access.can('AP-117') && (
                                <Menu.Item leftSection={<IconTag size={16} aria-hidden />} onClick={() => open('category', [r])}>
                                  {t('registration.org.assignCategory')}
                                </Menu.Item>
                              )}
                              {access.can('AP-118') && (
                                <Menu.Item leftSection={<IconUsers size={16} aria-hidden />} onClick={() => open('groups', [r])}>
                                  {t('registration.org.assignGroups')}
                                </Menu.Item>
                              )}
                            </RowMenu>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </div>
          )}

          {data && data.items.length === 0 && hasFilters && (
            <Stack align="center" py="xl" gap="xs" ta="center">
              <IconSearchOff size={32} aria-hidden color="var(--mantine-color-gray-6)" />
              <Text fw={600}>{t('registration.org.noMatch')}</Text>
              <Text size="sm" c="dimmed">
                {t('registration.org.noMatchBody')}
              </Text>
              <Button
                variant="default"
                onClick={() => {
                  setSearch('');
                  setApproval('');
                  setPayment('');
                  setTicket('');
                }}
              >
                {t('registration.org.clearFilters')}
              </Button>
            </Stack>
          )}

          {data && <ListPager data={data} onChange={setPage} />}
        </Stack>
      </Paper>

      {data && data.total === 0 && !hasFilters && (
        <ListEmpty icon={<IconUsers size={32} />} title={t('registration.org.registrationsEmpty')} body={t('registration.org.registrationsEmptyBody')} />
      )}

      <RegistrationActionModal
        eventId={eventId}
        action={action?.kind ?? null}
        targets={action?.targets ?? []}
        onClose={(didChange) => {
          setAction(null);
          if (didChange) setSelected(new Set());
        }}
      />
      <JourneyDrawer eventId={eventId} registration={journeyOf} onClose={() => setJourneyOf(null)} />
      <PhotoModal eventId={eventId} registration={photoOf} onClose={() => setPhotoOf(null)} />
      <LoginLinkModal
        name={loginLinkOf ? `${loginLinkOf.firstName} ${loginLinkOf.lastName}`.trim() : ''}
        opened={!!loginLinkOf}
        onClose={() => setLoginLinkOf(null)}
        create={() => authApi.registrationLoginLink({ eventId, registrationId: loginLinkOf!.id })}
      />
    </Stack>
  );
}
