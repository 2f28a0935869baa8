import '../exhibition-i18n.ts';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { serviceFormsApi } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { FulfilmentCards } from '../components/fulfilment-cards.tsx';

/**
 * /provider/fulfilment/:eventId — a service provider's own board (SPEC §3.1 user types 1 and 6, from their company
 * portal): the approved orders of the forms the organiser gave their company, by deadline and stall, ticked off on a
 * phone. The server decides what they see and may tick.
 */
export function ProviderBoardPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const qc = useQueryClient();
  const board = useQuery({ queryKey: exhibitionKeys.providerBoard(eventId), queryFn: ({ signal }) => serviceFormsApi.providerBoard(eventId, signal), retry: false });
  usePageTitle(board.data ? t('exhibition.forms.provider.title', { event: board.data.eventName }) : t('exhibition.forms.tabs.fulfilment'));
  const tick = useMutation({
    mutationFn: (id: string) => serviceFormsApi.providerFulfil(eventId, id),
    onSuccess: (s) => toast(t('exhibition.forms.fulfilment.ticked', { form: s.formName, number: s.booth.number }), 'success'),
    onError: (err) => toast(errorMessage(err, t), 'error'),
    onSettled: () => qc.invalidateQueries({ queryKey: exhibitionKeys.providerBoard(eventId) }),
  });
  const items = board.data?.items ?? [];
  const open = items.filter((s) => s.status === 'approved').length;
  return (
    <Stack gap="lg">
      <div>
        <Text c="dimmed" size="sm">
          {board.data ? board.data.provider.name : ''}
        </Text>
        <Title order={1}>{board.data ? t('exhibition.forms.provider.title', { event: board.data.eventName }) : t('exhibition.forms.tabs.fulfilment')}</Title>
      </div>
      {board.data && (
        <Group gap="xs" aria-label={t('exhibition.forms.provider.forms')}>
          {board.data.forms.map((f) => (
            <Badge key={f.formCode} variant="light" radius="sm">
              {f.formName}
            </Badge>
          ))}
          <Text size="sm" c="dimmed">
            {t('exhibition.forms.provider.open', { count: open })}
          </Text>
        </Group>
      )}
      {board.isPending && <ListLoading />}
      {board.isError && <ListError error={board.error} onRetry={() => void board.refetch()} />}
      {board.data && board.data.forms.length === 0 && <ListEmpty icon={<IconTruckDelivery size={32} />} title={t('exhibition.forms.provider.noForms')} body={t('exhibition.forms.provider.noFormsBody')} />}
      {board.data && board.data.forms.length > 0 && items.length === 0 && <ListEmpty icon={<IconTruckDelivery size={32} />} title={t('exhibition.forms.fulfilment.empty')} body={t('exhibition.forms.fulfilment.emptyBody')} />}
      <FulfilmentCards items={items} canTick onTick={(id) => tick.mutate(id)} tickingId={tick.isPending ? (tick.variables ?? null) : null} />
    </Stack>
  );
}
