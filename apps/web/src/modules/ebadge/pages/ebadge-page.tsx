import '../ebadge-i18n.ts';
import { Badge, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TEbadgeView } from '@pavilion/domain/ebadge/ebadge.schemas';
import { formatDateRange } from '../../../ui/format.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { CalendarAndShare, EbadgeButtons, NotReady, QrImage } from '../components/ebadge-actions.tsx';
import { EbadgeLayout, EbadgeLoading, EbadgeProblem } from '../components/ebadge-layout.tsx';
import { useEbadge } from '../hooks.ts';

export { startEbadgeData as startData } from '../hooks.ts';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function EbadgeCard({ badge }: { badge: TEbadgeView }) {
  const { t } = useTranslation();
  const name = `${badge.attendee.firstName} ${badge.attendee.lastName}`.trim();
  return (
    <Paper withBorder shadow="sm" radius="lg" p={0} style={{ overflow: 'hidden' }}>
      <Stack gap={2} bg="brand.8" c="white" p="md">
        <Text fw={800} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {badge.event.name}
        </Text>
        <Text size="sm" c="brand.0">
          {formatDateRange(badge.event.startDate, badge.event.endDate)}
          {badge.event.venue ? ` · ${badge.event.venue}` : ''}
        </Text>
      </Stack>
      <Stack align="center" gap="sm" p="lg">
        <Title order={2} fz={{ base: 26, sm: 30 }} ta="center" style={{ overflowWrap: 'anywhere' }} data-testid="ebadge-name">
          {name}
        </Title>
        {badge.categoryName && (
          <Badge size="lg" variant="filled" color="brand.8">
            {badge.categoryName}
          </Badge>
        )}
        {badge.credential ? (
          <>
            <QrImage badge={badge} size={240} />
            <Text size="sm" c="dimmed" ta="center">
              {t('ebadge.showAtEntrance')}
            </Text>
          </>
        ) : (
          <NotReady badge={badge} />
        )}
      </Stack>
      <Divider />
      <SimpleGrid cols={{ base: 2 }} p="md" spacing="md">
        <Fact label={t('ebadge.registrationNo')} value={badge.registrationNo} testId="ebadge-regno" />
        <Fact label={t('ebadge.ticket')} value={badge.ticketName} />
      </SimpleGrid>
    </Paper>
  );
}

/** `eb/{eventUserId}`: the attendee's e-badge with its QR, downloads, wallet passes, calendar and share links. */
export function EbadgePage() {
  const { t } = useTranslation();
  const { eventUserId = '' } = useParams();
  const badge = useEbadge(eventUserId);
  usePageTitle(badge.data ? `${t('ebadge.kicker')} · ${badge.data.event.name}` : t('ebadge.kicker'));
  if (badge.isPending) return <EbadgeLoading kicker={t('ebadge.kicker')} />;
  if (badge.isError) return <EbadgeProblem kicker={t('ebadge.kicker')} error={badge.error} onRetry={() => void badge.refetch()} />;
  const b = badge.data;
  return (
    <EbadgeLayout kicker={t('ebadge.kicker')} title={b.event.name}>
      <Stack gap="lg">
        <EbadgeCard badge={b} />
        <EbadgeButtons badge={b} />
        <Paper withBorder p="md" radius="md">
          <CalendarAndShare badge={b} />
        </Paper>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('ebadge.timeZone', { zone: b.event.timeZone })}
          </Text>
        </Group>
      </Stack>
    </EbadgeLayout>
  );
}
