import '../organiser-i18n.ts';
import { useState } from 'react';
import { Button, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconEyeOff, IconPencil, IconPlus, IconTicket, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TTicket } from '@pavilion/domain/registration/registration.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { organiserRegistrationApi as api } from '../api/organiser-registration-api.ts';
import { registrationKeys } from '../api/registration-keys.ts';
import { confirmDelete } from '../components/organiser/confirm-delete.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { PublicLinksCard } from '../components/organiser/public-links-card.tsx';
import { TicketFormModal } from '../components/organiser/ticket-form-modal.tsx';
import { useEvent } from '../../events/index.ts';
import { seatKeys, useRegistrationMutation, useTickets } from '../hooks/use-organiser-registration.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { formatDateTime } from '../lib/datetime.ts';
import { formatMoney } from '../lib/money.ts';
import { formatSeats } from '../lib/seats.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { RowMenu } from '../../../ui/row-menu.tsx';

/** /app/registration/tickets: the event's tickets (AP-46), create (AP-47), edit (AP-48), delete (AP-49). */
export function OrgTicketsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const tickets = useTickets(eventId);
  // A new ticket's currency and sale window follow the event (its country's currency, its time zone).
  const event = useEvent(eventId);
  const [editing, setEditing] = useState<TTicket | null>(null);
  const [isOpen, setOpen] = useState(false);
  const remove = useRegistrationMutation((id: string) => api.deleteTicket(eventId, id), [...seatKeys(eventId), registrationKeys.public()]);
  usePageTitle(t('registration.org.ticketsTitle'));

  const open = (ticket: TTicket | null) => {
    setEditing(ticket);
    setOpen(true);
  };
  const newButton = (
    <Can rule="AP-47">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)}>
        {t('registration.org.newTicket')}
      </Button>
    </Can>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {tickets.data ? t('registration.org.ticketsCount', { count: tickets.data.length }) : ''}
        </Text>
        {tickets.data && tickets.data.length > 0 && newButton}
      </Group>
      {tickets.isPending && <ListLoading />}
      {tickets.isError && <ListError error={tickets.error} onRetry={() => void tickets.refetch()} />}
      {tickets.data?.length === 0 && (
        <ListEmpty icon={<IconTicket size={32} />} title={t('registration.org.ticketsEmpty')} body={t('registration.org.ticketsEmptyBody')} action={newButton} />
      )}
      {tickets.data && tickets.data.length > 0 && (
        <DataTable columns={[t('registration.org.ticketName'), t('registration.org.price'), t('registration.org.sold'), t('registration.org.available'), t('registration.org.salesStart'), t('registration.org.salesEnd'), { label: t('registration.org.actions'), isHidden: true }]} minWidth={760}>
          {tickets.data.map((ticket) => (
            <Table.Tr key={ticket.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} size="sm">
                    {ticket.name}
                  </Text>
                  {ticket.visibility === 'hidden' && (
                    <StatusBadge size="sm" color="gray" leftSection={<IconEyeOff size={12} aria-hidden />}>
                      {t('registration.org.visibilityHidden')}
                    </StatusBadge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {ticket.isFree ? t('registration.org.free') : formatMoney(ticket.price, ticket.currency)}
                {ticket.taxRateBp > 0 && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    + {ticket.taxRateBp / 100}%
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatSeats(t, { sold: ticket.sold, held: ticket.held, capacity: ticket.capacity })}</Table.Td>
              <Table.Td>{ticket.available ?? t('registration.org.unlimited')}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(ticket.salesStart)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(ticket.salesEnd)}</Table.Td>
              <Table.Td>
                <RowMenu label={t('registration.org.actionsFor', { name: ticket.name })}>
                  <Can rule="AP-48">
                    <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => open(ticket)}>
                      {t('registration.org.edit')}
                    </Menu.Item>
                  </Can>
                  <Can rule="AP-49">
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() =>
                        confirmDelete(t, ticket.name, () =>
                          remove.mutate(ticket.id, {
                            onSuccess: () => toast(t('registration.org.deleted', { name: ticket.name }), 'success'),
                            onError: (e) => toast(errorMessage(e, t), 'error'),
                          }),
                        )
                      }
                    >
                      {t('registration.org.delete')}
                    </Menu.Item>
                  </Can>
                </RowMenu>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <PublicLinksCard eventId={eventId} />
      <TicketFormModal eventId={eventId} event={event.data ?? null} ticket={editing} isOpen={isOpen} onClose={() => setOpen(false)} />
    </Stack>
  );
}
