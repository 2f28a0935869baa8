import '../leads-i18n.ts';
import { Button } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-client.ts';
import { useEventData } from '../../../app/session-storage.ts';
import { toast } from '../../../app/toast.ts';
import { cardsApi } from '../api/leads-api.ts';
import { leadsKeys } from '../api/leads-keys.ts';

/** "Drop my visiting card" on a company's page (Exhibitors tab); only for a signed-in participant of the event. */
export function DropCardButton({ eventId, companyId, companyName }: { eventId: string; companyId: string; companyName: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const eventData = useEventData();
  const drop = useMutation({
    mutationFn: () => cardsApi.drop(eventId, companyId),
    onSuccess: () => {
      toast(t('leads.cards.dropped', { company: companyName }), 'success');
      void qc.invalidateQueries({ queryKey: leadsKeys.myCards(eventId) });
    },
    onError: (err) => toast(isApiError(err) ? err.message : t('leads.staff.saveError'), 'error'),
  });
  if (eventData?.eventId !== eventId) return null;
  return (
    <Button variant="light" leftSection={<IconId size={18} aria-hidden />} loading={drop.isPending} disabled={drop.isSuccess} onClick={() => drop.mutate()} w="fit-content">
      {drop.isSuccess ? t('leads.cards.droppedShort') : t('leads.cards.drop')}
    </Button>
  );
}
