import '../exhibition-i18n.ts';
import { Stack, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { serviceFormsApi } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { FulfilmentCards } from '../components/fulfilment-cards.tsx';

/** /app/exhibitors/fulfilment: approved work to deliver, by deadline and stall, ticked off on a phone (AP-519 view, AP-521 tick). */
export function FulfilmentPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const qc = useQueryClient();
  const access = useAccess();
  usePageTitle(t('exhibition.forms.tabs.fulfilment'));
  const board = useQuery({ queryKey: exhibitionKeys.fulfilment(eventId), queryFn: ({ signal }) => serviceFormsApi.fulfilment(eventId, signal), enabled: !!eventId });
  const tick = useMutation({
    mutationFn: (id: string) => serviceFormsApi.fulfil(eventId, id),
    onSuccess: (s) => {
      toast(t('exhibition.forms.fulfilment.ticked', { form: s.formName, number: s.booth.number }), 'success');
      void qc.invalidateQueries({ queryKey: exhibitionKeys.submissions(eventId) });
    },
    onError: (err) => {
      toast(errorMessage(err, t), 'error');
      void qc.invalidateQueries({ queryKey: exhibitionKeys.submissions(eventId) });
    },
  });
  const items = board.data?.items ?? [];
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        {t('exhibition.forms.fulfilment.intro')}
      </Text>
      {board.isPending && <ListLoading />}
      {board.isError && <ListError error={board.error} onRetry={() => void board.refetch()} />}
      {board.data && items.length === 0 && <ListEmpty icon={<IconTruckDelivery size={32} />} title={t('exhibition.forms.fulfilment.empty')} body={t('exhibition.forms.fulfilment.emptyBody')} />}
      <FulfilmentCards items={items} canTick={access.can('AP-521')} onTick={(id) => tick.mutate(id)} tickingId={tick.isPending ? (tick.variables ?? null) : null} />
    </Stack>
  );
}
