import '../organiser-i18n.ts';
import { Button, CopyButton, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { downloadFile } from '../../../app/download.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { checkinKeys } from '../api/checkin-keys.ts';
import { CHECKIN_EXPORTS, organiserCheckinApi as api } from '../api/organiser-checkin-api.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { confirmAction } from '../components/organiser/confirm-action.ts';
import { useAreas, useCheckinMutation } from '../hooks/use-organiser-checkin.ts';
import { footfallPath } from '../lib/area-display.ts';

/** /app/onsite/footfall: people inside each area now (refreshing), and the link to each area's big screen. */
export function OrgFootfallPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const areas = useAreas(eventId, true);
  const rotate = useCheckinMutation((id: string) => api.rotateDisplayKey(eventId, id), [checkinKeys.areas(eventId)]);
  usePageTitle(t('checkin.org.tabs.footfall'));
  const total = areas.data?.reduce((s, a) => s + a.inside, 0) ?? 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Text c="dimmed" size="sm" maw={640}>
            {t('checkin.org.footfallBody')}
          </Text>
          {areas.data && areas.data.length > 0 && <Text fw={700}>{t('checkin.org.totalInside', { count: total })}</Text>}
        </Stack>
        <Can rule="AP-298">
          <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} onClick={() => void downloadFile(CHECKIN_EXPORTS.footfall(eventId), {}, 'footfall.csv').catch((err: unknown) => toast(errorMessage(err, t), 'error'))}>
            {t('checkin.org.exportCsv')}
          </Button>
        </Can>
      </Group>
      {areas.isPending && <ListLoading />}
      {areas.isError && <ListError error={areas.error} onRetry={() => void areas.refetch()} />}
      {areas.data?.length === 0 && <ListEmpty icon={<IconMapPin size={32} />} title={t('checkin.org.footfallEmpty')} body={t('checkin.org.footfallEmptyBody')} />}
      {areas.data && areas.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {areas.data.map((a) => {
            const path = footfallPath(a);
            const percent = a.capacity ? Math.min(100, Math.round((a.inside / a.capacity) * 100)) : null;
            return (
              <Paper key={a.id} withBorder shadow="xs" p="md" data-testid={`footfall-card-${a.id}`}>
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Title order={2} fz="h4">
                      {a.name}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {t(`checkin.areaKinds.${a.kind}`)}
                    </Text>
                  </Group>
                  <Text fz={44} fw={800} lh={1}>
                    {a.inside}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {a.capacity ? t('checkin.org.ofCapacity', { inside: a.inside, capacity: a.capacity }) : t('checkin.org.inside')}
                  </Text>
                  {percent !== null && <Progress value={percent} color={percent >= 100 ? 'red' : percent >= 85 ? 'orange' : 'green'} aria-label={`${a.name}: ${percent} %`} />}
                  <Group gap="xs" mt={4}>
                    <Button component="a" href={path} target="_blank" rel="noopener" size="xs" leftSection={<IconExternalLink size={14} aria-hidden />}>
                      {t('checkin.org.openBigScreen')}
                    </Button>
                    <CopyButton value={`${window.location.origin}${path}`}>
                      {({ copied, copy }) => (
                        <Button size="xs" variant="default" onClick={copy}>
                          {copied ? t('checkin.org.copied') : t('checkin.org.copyLink')}
                        </Button>
                      )}
                    </CopyButton>
                    <Can rule="AP-263">
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        c="red.9"
                        onClick={() =>
                          confirmAction(t, {
                            title: t('checkin.org.rotateTitle', { name: a.name }),
                            body: t('checkin.org.rotateBody'),
                            confirm: t('checkin.org.rotateLink'),
                            onConfirm: () => rotate.mutate(a.id, { onError: (err) => toast(errorMessage(err, t), 'error') }),
                          })
                        }
                      >
                        {t('checkin.org.rotateLink')}
                      </Button>
                    </Can>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
