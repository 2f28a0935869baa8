import '../organiser-i18n.ts';
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDiscount2, IconPlus, IconSparkles, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@pavilion/domain/common/pagination';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { ListPager } from '../../../ui/pager.tsx';
import { SearchField } from '../../../ui/filter-fields.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { organiserRegistrationApi as api } from '../api/organiser-registration-api.ts';
import { registrationKeys } from '../api/registration-keys.ts';
import { confirmDelete } from '../components/organiser/confirm-delete.ts';
import { CouponFormModal } from '../components/organiser/coupon-form-modal.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { useCoupons, useRegistrationMutation, useTickets } from '../hooks/use-organiser-registration.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { formatDateTime } from '../lib/datetime.ts';
import { formatMoney } from '../lib/money.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import { DataTable } from '../../../ui/data-table.tsx';

/** /app/registration/discounts: coupons (AP-161), create (AP-162), bulk codes (AP-166), delete (AP-164). */
export function OrgDiscountsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [modal, setModal] = useState<'single' | 'bulk' | null>(null);
  useEffect(() => setPage(1), [debounced]);
  const q = { page, pageSize: DEFAULT_PAGE_SIZE, ...(debounced ? { search: debounced } : {}) };
  const coupons = useCoupons(eventId, q);
  const tickets = useTickets(eventId);
  const remove = useRegistrationMutation((id: string) => api.deleteCoupon(eventId, id), [registrationKeys.coupons(eventId)]);
  usePageTitle(t('registration.org.couponsTitle'));
  const data = coupons.data;
  const ticketName = (id: string) => tickets.data?.find((x) => x.id === id)?.name ?? id;

  const actions = (
    <Group gap="sm">
      <Can rule="AP-166">
        <Button variant="default" leftSection={<IconSparkles size={18} aria-hidden />} onClick={() => setModal('bulk')}>
          {t('registration.org.bulkCoupons')}
        </Button>
      </Can>
      <Can rule="AP-162">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setModal('single')}>
          {t('registration.org.newCoupon')}
        </Button>
      </Can>
    </Group>
  );
  const isFirstEmpty = data && data.total === 0 && !debounced;

  return (
    <Stack gap="lg">
      {isFirstEmpty ? (
        <ListEmpty icon={<IconDiscount2 size={32} />} title={t('registration.org.couponsEmpty')} body={t('registration.org.couponsEmptyBody')} action={actions} />
      ) : (
        <Paper withBorder shadow="xs" p="md">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" gap="sm">
              <SearchField label={t('registration.org.searchCoupons')} value={search} onChange={setSearch} style={{ flex: '1 1 220px', maxWidth: 360 }} />
              {actions}
            </Group>
            {coupons.isPending && <ListLoading />}
            {coupons.isError && <ListError error={coupons.error} onRetry={() => void coupons.refetch()} />}
            {data && data.items.length === 0 && debounced && <Text c="dimmed">{t('registration.org.noMatch')}</Text>}
            {data && data.items.length > 0 && (
              <DataTable columns={[t('registration.org.code'), t('registration.org.value'), t('registration.org.uses'), t('registration.org.validTo'), t('registration.org.scope'), t('registration.org.active'), { label: t('registration.org.actions'), isHidden: true }]} minWidth={760} isFramed={false}>
                {data.items.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Text fw={700} size="sm" ff="monospace">
                        {c.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>{c.kind === 'percent' ? `${c.value}%` : formatMoney(c.value, c.currency ?? 'EUR')}</Table.Td>
                    <Table.Td>
                      {c.usedCount} / {c.maxUses ?? '∞'}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.validTo)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1} maw={220}>
                        {c.ticketIds.length ? c.ticketIds.map(ticketName).join(', ') : t('registration.org.scopeAll')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge color={c.isActive ? 'teal' : 'gray'}>
                        {c.isActive ? t('registration.org.active') : t('registration.org.inactive')}
                      </StatusBadge>
                    </Table.Td>
                    <Table.Td>
                      <Can rule="AP-164">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${t('registration.org.delete')} ${c.code}`}
                          onClick={() =>
                            confirmDelete(t, c.code, () =>
                              remove.mutate(c.id, {
                                onSuccess: () => toast(t('registration.org.deleted', { name: c.code }), 'success'),
                                onError: (e) => toast(errorMessage(e, t), 'error'),
                              }),
                            )
                          }
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Can>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
            )}
            {data && <ListPager data={data} onChange={setPage} />}
          </Stack>
        </Paper>
      )}
      <CouponFormModal eventId={eventId} tickets={tickets.data ?? []} isBulk={modal === 'bulk'} isOpen={modal !== null} onClose={() => setModal(null)} />
    </Stack>
  );
}
