import { useEffect } from 'react';
import { Alert, Badge, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarOff,
  IconChartBar,
  IconClock,
  IconHotelService,
  IconLink,
  IconMapPin,
  IconSettings,
  IconSpeakerphone,
  IconWorld,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVENT_MODE_LABELS, EVENT_TYPE_LABELS, type TEventMode, type TEventType } from '@pavilion/domain';
import { errorMessage } from '../../../app/form-errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formatDateRange } from '../../../ui/format.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useAccess } from '../../../app/access.ts';
import { EventPhaseBadge, useEvent } from '../../events/index.ts';
import { LiveOverview } from '../components/live-overview.tsx';
import { DASHBOARD_LATER_FEATURES } from '../dashboard-features.ts';
import { selectEvent, useCurrentEventId } from '../../../app/selected-event.ts';

const CARD_ICONS: Record<(typeof DASHBOARD_LATER_FEATURES)[number]['card'], ReactNode> = {
  analytics: <IconChartBar size={22} />,
  marketing: <IconSpeakerphone size={22} />,
  stayTravel: <IconHotelService size={22} />,
};

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {label}
        </Text>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      </div>
    </Group>
  );
}

/** `/app`: the selected event's home. Later modules are announced honestly, not faked. */
export function OverviewPage() {
  const { t } = useTranslation();
  const [eventId] = useCurrentEventId();
  const event = useEvent(eventId);
  const { can } = useAccess();
  usePageTitle(event.data?.name ?? t('dashboard.overviewTitle'));

  useEffect(() => {
    if (event.data) selectEvent(event.data.id, event.data);
  }, [event.data]);

  if (!eventId) {
    return (
      <Paper withBorder shadow="xs">
        <EmptyState
          icon={<IconCalendarOff size={32} />}
          title={t('dashboard.noEventTitle')}
          description={t('dashboard.noEventBody')}
          headingLevel={2}
          action={
            <Button component={Link} to="/list/events">
              {t('dashboard.goToEvents')}
            </Button>
          }
        />
      </Paper>
    );
  }

  const e = event.data;
  return (
    <>
      <PageHeader
        title={e ? e.name : t('dashboard.overviewTitle')}
        description={t('dashboard.overviewTitle')}
        actions={
          e &&
          can('AP-7') && (
            <Button component={Link} to="/app/settings" variant="default" leftSection={<IconSettings size={18} aria-hidden />}>
              {t('dashboard.editSettings')}
            </Button>
          )
        }
      />

      {event.isPending && <Skeleton h={160} radius="md" />}
      {event.isError && (
        <Alert color="red" variant="light" role="alert" title={t('events.loadEventError')} styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
          {errorMessage(event.error, t)}
        </Alert>
      )}

      {e && (
        <Stack gap="xl">
          {can('AP-1') && <LiveOverview eventId={e.id} />}
          <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
            <Group justify="space-between" mb="md">
              <Title order={2} fz="h4">
                {t('dashboard.eventSummary')}
              </Title>
              <Group gap="xs">
                <EventPhaseBadge event={e} />
                <Badge variant="light" radius="sm">
                  {EVENT_MODE_LABELS[e.eventMode as TEventMode]}
                </Badge>
                <Badge variant="outline" color="gray.7" radius="sm">
                  {EVENT_TYPE_LABELS[e.eventType as TEventType]}
                </Badge>
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
              <Fact icon={<IconClock size={18} />} label={t('events.dates')} value={formatDateRange(e.startDate, e.endDate)} />
              <Fact icon={<IconWorld size={18} />} label={t('events.timeZone')} value={e.timeZone} />
              <Fact icon={<IconMapPin size={18} />} label={t('events.venue')} value={e.venue || t('common.notSet')} />
              <Fact icon={<IconLink size={18} />} label={t('events.domain')} value={e.domain || t('common.notSet')} />
            </SimpleGrid>
          </Paper>

          {DASHBOARD_LATER_FEATURES.some((f) => can(f.code)) && (
          <section aria-labelledby="modules-heading">
            <Title order={2} fz="h4" id="modules-heading">
              {t('dashboard.modulesTitle')}
            </Title>
            <Text c="dimmed" size="sm" mb="md">
              {t('dashboard.modulesSubtitle')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
              {DASHBOARD_LATER_FEATURES.filter((f) => can(f.code)).map((f) => (
                <Card key={f.path} withBorder padding="lg" radius="md" component={Link} to={`/app/${f.path}`}>
                  <Group justify="space-between" align="flex-start" mb="sm">
                    <ThemeIcon variant="light" size={42} radius="md" aria-hidden>
                      {CARD_ICONS[f.card]}
                    </ThemeIcon>
                    <Badge variant="outline" color="gray.7" size="sm" radius="sm">
                      {t('notAvailable.badge')}
                    </Badge>
                  </Group>
                  <Text fw={600}>{t(`dashboard.module.${f.card}.title`)}</Text>
                  <Text size="sm" c="dimmed" mt={4}>
                    {t(`dashboard.module.${f.card}.body`)}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>
          )}
        </Stack>
      )}
    </>
  );
}
