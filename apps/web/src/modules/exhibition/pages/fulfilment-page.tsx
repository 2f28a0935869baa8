import '../exhibition-i18n.ts';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconTruckDelivery } from '@tabler/icons-react';
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
import { StatusBadge } from '../components/submission-parts.tsx';

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
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((s) => (
          <Paper key={s.id} component="li" withBorder p="md" radius="md" bg={s.status === 'fulfilled' ? 'gray.0' : undefined}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700} size="lg">
                  {s.booth.hall} · {s.booth.number}
                </Text>
                <StatusBadge status={s.status} />
              </Group>
              <Text fw={600}>{s.formName}</Text>
              <Text size="sm">{s.company.name}</Text>
              {s.deadline && (
                <Text size="sm" c="dimmed">
                  {t('exhibition.forms.fulfilment.by', { deadline: s.deadline.replace('T', ' ') })}
                </Text>
              )}
              {s.lines.map((l) => (
                <Text key={l.name} size="sm">
                  {l.quantity} × {l.name}
                  {l.unit ? ` (${l.unit})` : ''}
                </Text>
              ))}
              {s.answers
                .filter((a) => a.value)
                .map((a) => (
                  <Text key={a.label} size="sm">
                    {a.label}: {a.value}
                  </Text>
                ))}
              {s.status === 'approved' && access.can('AP-521') && (
                <Button mt="xs" size="md" fullWidth leftSection={<IconCheck size={18} aria-hidden />} aria-label={t('exhibition.forms.fulfilment.tick', { form: s.formName, number: s.booth.number })} loading={tick.isPending && tick.variables === s.id} onClick={() => tick.mutate(s.id)}>
                  {t('exhibition.forms.fulfilment.done')}
                </Button>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
