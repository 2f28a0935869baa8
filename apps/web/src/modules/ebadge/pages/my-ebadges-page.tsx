import '../ebadge-i18n.ts';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homeForCurrentUser } from '../../../app/guards.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formatDateRange } from '../../../ui/format.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { EbadgeLayout, EbadgeLoading, EbadgeProblem } from '../components/ebadge-layout.tsx';
import { useMyEbadges } from '../hooks.ts';
import { OwnPhoto } from '../components/own-photo.tsx';

/** `eb`: the logged-in person's e-badges across events (registrations made with their account's email). */
export function MyEbadgesPage() {
  const { t } = useTranslation();
  const list = useMyEbadges();
  usePageTitle(t('ebadge.mine.title'));
  if (list.isPending) return <EbadgeLoading kicker={t('ebadge.kicker')} />;
  if (list.isError) return <EbadgeProblem kicker={t('ebadge.kicker')} error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <EbadgeLayout kicker={t('ebadge.kicker')} title={t('ebadge.mine.title')}>
      <Stack gap="md">
        <Anchor component={Link} to={homeForCurrentUser()} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('ebadge.mine.home')}
          </Group>
        </Anchor>
        <Text c="dimmed">{t('ebadge.mine.subtitle')}</Text>
        {list.data.length === 0 ? (
          <Paper withBorder>
            <EmptyState icon={<IconId size={32} />} title={t('ebadge.mine.empty')} description={t('ebadge.mine.emptyBody')} />
          </Paper>
        ) : (
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.data.map((b) => (
              <Paper component="li" key={b.eventUserId} withBorder p="md" radius="md">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                      {b.eventName}
                    </Title>
                    <Badge color={b.isAdmissible ? 'teal.9' : 'red.9'} variant="filled" style={{ flexShrink: 0 }}>
                      {b.isAdmissible ? t('ebadge.mine.ready') : t('ebadge.mine.notReady')}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {formatDateRange(b.startDate, b.endDate)}
                    {b.venue ? ` · ${b.venue}` : ''}
                  </Text>
                  <Text size="sm">
                    {`${b.firstName} ${b.lastName}`.trim()} · {b.ticketName} · {t('ebadge.registrationNo')} {b.registrationNo}
                  </Text>
                  <OwnPhoto badge={b} />
                  <Group gap="xs" mt={4}>
                    <Button component={Link} to={`/eb/${encodeURIComponent(b.eventUserId)}`} size="sm" aria-label={`${t('ebadge.mine.open')}: ${b.eventName}`}>
                      {t('ebadge.mine.open')}
                    </Button>
                    <Button component={Link} to={`/eb/m/${encodeURIComponent(b.eventUserId)}`} size="sm" variant="default" aria-label={`${t('ebadge.mine.openPhone')}: ${b.eventName}`}>
                      {t('ebadge.mine.openPhone')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </EbadgeLayout>
  );
}
