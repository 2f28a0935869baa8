import '../ebadge-i18n.ts';
import { Anchor, Badge, Box, Stack, Text, Title } from '@mantine/core';
import { IconSun } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateRange } from '../../../ui/format.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { CalendarAndShare, EbadgeButtons, NotReady, QrImage } from '../components/ebadge-actions.tsx';
import { EbadgeLoading, EbadgeProblem } from '../components/ebadge-layout.tsx';
import { useEbadge } from '../hooks.ts';

export { startEbadgeData as startData } from '../hooks.ts';

type TWakeLock = { release(): Promise<void> };

/** Keeps the screen on at the gate where the browser allows it (Screen Wake Lock API); silently nothing elsewhere. */
function useWakeLock(isActive: boolean) {
  useEffect(() => {
    if (!isActive) return;
    const nav = navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<TWakeLock> } };
    let lock: TWakeLock | null = null;
    let isCancelled = false;
    const acquire = () => {
      nav.wakeLock
        ?.request('screen')
        .then((l) => {
          if (isCancelled) void l.release();
          else lock = l;
        })
        .catch(() => {});
    };
    acquire();
    const onVisible = () => document.visibilityState === 'visible' && acquire();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      isCancelled = true;
      document.removeEventListener('visibilitychange', onVisible);
      void lock?.release().catch(() => {});
    };
  }, [isActive]);
}

/**
 * `eb/m/{eventUserId}`: made for a phone at the gate. High contrast (white card on near-black), the QR as wide as
 * the screen allows, the name and category large, a brightness hint, and the screen kept on.
 */
export function EbadgeMobilePage() {
  const { t } = useTranslation();
  const { eventUserId = '' } = useParams();
  const badge = useEbadge(eventUserId);
  useWakeLock(badge.data?.isAdmissible === true);
  usePageTitle(badge.data ? `${badge.data.attendee.firstName} · ${badge.data.event.name}` : t('ebadge.kicker'));
  if (badge.isPending) return <EbadgeLoading kicker={t('ebadge.kicker')} />;
  if (badge.isError) return <EbadgeProblem kicker={t('ebadge.kicker')} error={badge.error} onRetry={() => void badge.refetch()} />;
  const b = badge.data;
  const name = `${b.attendee.firstName} ${b.attendee.lastName}`.trim();
  return (
    <Box component="main" mih="100vh" bg="#0b0d12" px="sm" py="md">
      <Stack gap="md" maw={480} mx="auto">
        <Text c="gray.3" fw={700} ta="center" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {b.event.name} · {formatDateRange(b.event.startDate, b.event.endDate)}
        </Text>
        <Box bg="white" p="md" style={{ borderRadius: 20 }}>
          <Stack align="center" gap="xs">
            {b.credential ? <QrImage badge={b} size="min(86vw, 400px)" /> : <NotReady badge={b} />}
            <Title order={1} c="black" fz={{ base: 30 }} lh={1.15} ta="center" style={{ overflowWrap: 'anywhere' }} data-testid="ebadge-name">
              {name}
            </Title>
            {b.categoryName && (
              <Badge size="xl" color="dark" variant="filled" radius="sm">
                {b.categoryName}
              </Badge>
            )}
            <Text c="gray.8" fw={700} fz="lg" data-testid="ebadge-regno">
              {t('ebadge.registrationNo')} {b.registrationNo}
            </Text>
            <Text c="gray.8">{b.ticketName}</Text>
          </Stack>
        </Box>
        {b.credential && (
          <Stack gap={4} align="center" role="note">
            <Text c="yellow.3" fw={700} ta="center">
              <IconSun size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
              {t('ebadge.brightnessHint')}
            </Text>
          </Stack>
        )}
        <Box bg="white" p="md" style={{ borderRadius: 12 }}>
          <Stack gap="md">
            <EbadgeButtons badge={b} isPhone />
            <CalendarAndShare badge={b} />
            <Anchor component={Link} to={`/eb/${encodeURIComponent(b.eventUserId)}`} size="sm">
              {t('ebadge.fullView')}
            </Anchor>
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}
