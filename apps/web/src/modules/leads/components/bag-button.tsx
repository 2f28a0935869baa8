import '../leads-i18n.ts';
import { Button } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-client.ts';
import { useEventData } from '../../../app/session-storage.ts';
import { toast } from '../../../app/toast.ts';
import { bagApi } from '../api/leads-api.ts';
import { leadsKeys } from '../api/leads-keys.ts';

/**
 * "Add to brief bag" for one document (a company's, or one of its products'), shown to a signed-in participant of the
 * event only; "In your bag" once it is there. Every button of a page shares the one bag query.
 */
export function BagButton({ eventId, documentId, title }: { eventId: string; documentId: string; title: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const isParticipant = useEventData()?.eventId === eventId;
  const bag = useQuery({ queryKey: leadsKeys.bag(eventId), queryFn: ({ signal }) => bagApi.bag(eventId, signal), enabled: isParticipant });
  const add = useMutation({
    mutationFn: () => bagApi.add(eventId, documentId),
    onSuccess: (b) => {
      qc.setQueryData(leadsKeys.bag(eventId), b);
      toast(t('leads.bag.added'), 'success');
    },
    onError: (err) => toast(isApiError(err) ? err.message : t('leads.staff.saveError'), 'error'),
  });
  if (!isParticipant) return null;
  const isInBag = !!bag.data?.items.some((d) => d.id === documentId);
  const label = isInBag ? t('leads.bag.inBag') : t('leads.bag.add');
  return (
    <Button size="xs" variant={isInBag ? 'default' : 'light'} disabled={isInBag} loading={add.isPending} onClick={() => add.mutate()} aria-label={`${label}: ${title}`}>
      {label}
    </Button>
  );
}
