import '../scanner-i18n.ts';
import { useEffect, useState } from 'react';
import { Alert, Box, Container, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { io } from 'socket.io-client';
import { FOOTFALL_SOCKET_EVENT, type TFootfall, type TFootfallMessage } from '@pavilion/domain/checkin/checkin.schemas';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { publicFootfallApi } from '../api/device-api.ts';
import { checkinKeys } from '../api/checkin-keys.ts';
import { HourlyChart } from '../components/hourly-chart.tsx';

const POLL_MS = 15_000;

/**
 * `footfall-ct/{areaId}?key=<displayKey>`: the big screen at an area's door. A huge inside-count, the capacity bar when
 * the area has one, and entries per hour today. It updates live from the hospitality socket (room `area:<areaId>`)
 * and polls every 15 s while the socket is down. Counts only: no personal data.
 */
export function FootfallPage() {
  const { t } = useTranslation();
  const { areaId = '' } = useParams();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  const queryKey = checkinKeys.publicFootfall(areaId, key);
  const footfall = useQuery({
    queryKey,
    queryFn: () => publicFootfallApi.footfall(areaId, key),
    enabled: !!areaId && key.length >= 8,
    refetchInterval: isLive ? false : POLL_MS,
    retry: 1,
  });
  usePageTitle(footfall.data ? `${t('checkin.footfall.title')}: ${footfall.data.areaName}` : t('checkin.footfall.title'));

  useEffect(() => {
    if (!areaId || key.length < 8) return;
    const socket = io({ path: '/hospitalityservices', auth: { footfallAreaId: areaId, footfallKey: key }, transports: ['websocket', 'polling'] });
    socket.on('connect', () => {
      setIsLive(true);
      void queryClient.invalidateQueries({ queryKey });
    });
    socket.on('disconnect', () => setIsLive(false));
    socket.on('connect_error', () => setIsLive(false));
    socket.on(FOOTFALL_SOCKET_EVENT, (msg: TFootfallMessage) => {
      if (msg.areaId !== areaId) return;
      // The count shows at once; the hourly bars come with a refetch (the server sends at most one message a second).
      queryClient.setQueryData<TFootfall>(queryKey, (old) => (old ? { ...old, inside: msg.inside, entriesToday: msg.entriesToday, entriesLastHour: msg.entriesLastHour, at: msg.at } : old));
      void queryClient.invalidateQueries({ queryKey });
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
    // queryKey is derived from areaId and key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [areaId, key, queryClient]);

  const data = footfall.data;
  const percent = data?.capacity ? Math.min(100, Math.round((data.inside / data.capacity) * 100)) : null;
  const barColor = percent === null ? 'brand' : percent >= 100 ? 'red' : percent >= 85 ? 'orange' : 'green';

  return (
    <Box mih="100vh" bg="gray.0">
      <Container component="main" id="main-content" size={1200} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
        {footfall.isError || (!areaId || key.length < 8) ? (
          <Alert color="red" variant="light" role="alert" mt="xl" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
            {t('checkin.footfall.notFound')}
          </Alert>
        ) : !data ? (
          <Text c="dimmed" ta="center" mt="xl">
            {t('app.loading')}
          </Text>
        ) : (
          <Stack gap="lg">
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Title order={1} fz={{ base: 28, sm: 44 }}>
                {data.areaName}
              </Title>
              <Text c={isLive ? '#1e6b30' : 'dimmed'} fw={600} data-testid="footfall-live">
                {isLive ? `● ${t('checkin.footfall.live')}` : t('checkin.footfall.polling')}
              </Text>
            </Group>
            <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }}>
              <Stack align="center" gap="xs">
                <Group gap="sm" c="dimmed">
                  <IconUsers size={32} aria-hidden />
                  <Text fz={{ base: 20, sm: 28 }} fw={600} id="inside-label">
                    {t('checkin.footfall.inside')}
                  </Text>
                </Group>
                <Text
                  component="output"
                  aria-labelledby="inside-label"
                  aria-live="polite"
                  data-testid="footfall-inside"
                  fw={800}
                  lh={1}
                  style={{ fontSize: 'clamp(96px, 22vw, 240px)', fontVariantNumeric: 'tabular-nums' }}
                >
                  {data.inside}
                </Text>
                {data.capacity !== null && percent !== null && (
                  <Stack gap={6} w="100%" maw={720}>
                    <Progress value={percent} color={barColor} size={28} radius="xl" aria-label={t('checkin.footfall.capacityUsed', { percent })} />
                    <Group justify="space-between">
                      <Text fz={{ base: 16, sm: 22 }}>{t('checkin.footfall.capacityUsed', { percent })}</Text>
                      <Text fz={{ base: 16, sm: 22 }}>{t('checkin.footfall.capacity', { capacity: data.capacity })}</Text>
                    </Group>
                  </Stack>
                )}
              </Stack>
            </Paper>
            <Group grow gap="lg" align="stretch" wrap="wrap">
              <Paper withBorder p="lg" miw={240}>
                <Text c="dimmed" fz="lg">
                  {t('checkin.footfall.entriesToday')}
                </Text>
                <Text fz={48} fw={800} data-testid="footfall-today">
                  {data.entriesToday}
                </Text>
              </Paper>
              <Paper withBorder p="lg" miw={240}>
                <Text c="dimmed" fz="lg">
                  {t('checkin.footfall.entriesLastHour')}
                </Text>
                <Text fz={48} fw={800}>
                  {data.entriesLastHour}
                </Text>
              </Paper>
            </Group>
            <Paper withBorder p="lg">
              <Title order={2} fz={{ base: 20, sm: 26 }} mb="md">
                {t('checkin.footfall.perHour')}
              </Title>
              {data.hours.some((h) => h.entries > 0) ? (
                <>
                  <HourlyChart data={data.hours} h={300} entriesLabel={t('checkin.footfall.entries')} isLarge />
                  <Text size="sm" c="dimmed" mt="xs">
                    {t('checkin.footfall.chartSummary', { total: data.entriesToday })}
                  </Text>
                </>
              ) : (
                <Text c="dimmed">{t('checkin.footfall.noEntries')}</Text>
              )}
            </Paper>
          </Stack>
        )}
      </Container>
    </Box>
  );
}
