import { Suspense } from 'react';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, TypographyStylesProvider } from '@mantine/core';
import { IconCalendarEvent, IconId, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVENT_MODE_LABELS, type TEventMode } from '@pavilion/domain/events/events.enums';
import type { TAppTabName } from '@pavilion/domain/navigation/app-tabs';
import type { TPortalEvent } from '@pavilion/domain/portal/portal.schemas';
import { useIsLoggedIn } from '../../../app/session-storage.ts';
import { formatDateRange } from '../../../ui/format.ts';
import { AttendeeHome, HomeCard } from '../../attendee/index.ts';
import { useMyEbadges } from '../../ebadge/index.ts';
import { ExhibitorsTab } from '../../exhibition/index.ts';
import { LeadTab } from '../../leads/index.ts';
import { AgendaTab, ScheduleTab, SpeakersTab } from '../../programme/index.ts';
import { NetworkingTab } from '../../meetings/index.ts';
import { SponsorsTab } from '../../sponsors/index.ts';

function EventCard({ event }: { event: TPortalEvent }) {
  const { t } = useTranslation();
  return (
    <HomeCard icon={<IconCalendarEvent size={20} />} title={event.name} id="tab-event">
      <Stack gap={4}>
        <Text size="sm">{formatDateRange(event.startDate, event.endDate)}</Text>
        <Text size="sm" c="dimmed">
          {t('portal.home.timeZone', { zone: event.timeZone })}
        </Text>
        {event.venue && (
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={16} aria-hidden />
            <Text size="sm">{event.venue}</Text>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {EVENT_MODE_LABELS[event.eventMode as TEventMode] ?? ''}
        </Text>
      </Stack>
    </HomeCard>
  );
}

/** The signed-in participant's e-badges for this event (the e-badge module's own read). */
function MyEbadges({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const badges = useMyEbadges();
  const mine = badges.data?.filter((b) => b.eventId === eventId) ?? [];
  if (badges.isPending) return <Skeleton h={48} />;
  if (badges.isError) return <Text c="dimmed">{t('portal.home.ebadgeError')}</Text>;
  if (mine.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('portal.home.ebadgeNone')}
      </Text>
    );
  }
  return mine.map((b) => (
    <Stack key={b.eventUserId} gap="xs">
      <Group gap="xs">
        <Text size="sm">
          {b.ticketName} · {t('portal.home.registrationNo', { no: b.registrationNo })}
        </Text>
        <Badge color={b.isAdmissible ? 'teal.9' : 'red.9'} variant="filled">
          {b.isAdmissible ? t('portal.home.ebadgeReady') : t('portal.home.ebadgeNotReady')}
        </Badge>
      </Group>
      <Group gap="xs">
        <Button component={Link} to={`/eb/m/${encodeURIComponent(b.eventUserId)}`} size="sm">
          {t('portal.home.ebadgePhone')}
        </Button>
        <Button component={Link} to={`/eb/${encodeURIComponent(b.eventUserId)}`} size="sm" variant="default">
          {t('portal.home.ebadgeOpen')}
        </Button>
      </Group>
    </Stack>
  ));
}

/** The e-badge block: the participant's e-badges, or (anonymous) the way to sign in to the event. */
function EbadgeCard({ event }: { event: TPortalEvent }) {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  return (
    <HomeCard icon={<IconId size={20} />} title={t('portal.home.ebadge')} id="tab-ebadge">
      {isLoggedIn ? (
        <MyEbadges eventId={event.id} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('portal.home.ebadgeSignIn')}
          </Text>
          <Button component={Link} to={`/ei/${encodeURIComponent(event.id)}`} size="sm" variant="light" w="fit-content">
            {t('portal.app.signIn')}
          </Button>
        </>
      )}
    </HomeCard>
  );
}

function AboutCard({ event }: { event: TPortalEvent }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      {event.description ? (
        // Rich text sanitised on save (server) and on arrival (the API client's DOMPurify pass).
        <TypographyStylesProvider>
          <div dangerouslySetInnerHTML={{ __html: event.description }} />
        </TypographyStylesProvider>
      ) : (
        <Text c="dimmed">{t('portal.home.noDescription')}</Text>
      )}
    </Paper>
  );
}

function LocationCard({ event }: { event: TPortalEvent }) {
  const { t } = useTranslation();
  return (
    <HomeCard icon={<IconMapPin size={20} />} title={t('portal.home.location')} id="tab-location">
      {event.venue ? (
        <>
          <Text>{event.venue}</Text>
          <Anchor href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(event.venue)}`} target="_blank" rel="noopener noreferrer" size="sm">
            {t('portal.home.mapLink')}
          </Anchor>
        </>
      ) : (
        <Text c="dimmed">{t('portal.home.noVenue')}</Text>
      )}
    </HomeCard>
  );
}

/**
 * What each built tab (BUILT_APP_TABS in packages/domain) shows. A later capability adds its case here (or a lazy
 * component of its own module) when it flips its tab to built.
 */
export function AppTabContent({ tabName, event }: { tabName: TAppTabName; event: TPortalEvent }) {
  const isLoggedIn = useIsLoggedIn();
  switch (tabName) {
    case 'event-info':
      return (
        isLoggedIn ? (
          <AttendeeHome eventId={event.id} />
        ) : (
          <Stack gap="md">
            <EventCard event={event} />
            <EbadgeCard event={event} />
          </Stack>
        )
      );
    case 'e-badge':
      return <EbadgeCard event={event} />;
    case 'about-the-event':
      return <AboutCard event={event} />;
    case 'event-location':
      return <LocationCard event={event} />;
    case 'exhibitors':
      return (
        <Suspense fallback={<Skeleton h={160} />}>
          <ExhibitorsTab eventId={event.id} />
        </Suspense>
      );
    // The programme (modules/programme): lazy, so the portal's chunk does not carry it.
    case 'session-list':
      return (
        <Suspense fallback={<Skeleton h={160} />}>
          <ScheduleTab eventId={event.id} />
        </Suspense>
      );
    case 'event-agenda':
      return (
        <Suspense fallback={<Skeleton h={160} />}>
          <AgendaTab eventId={event.id} />
        </Suspense>
      );
    case 'speaker-listing':
      return (
        <Suspense fallback={<Skeleton h={160} />}>
          <SpeakersTab eventId={event.id} />
        </Suspense>
      );
    // The networking directory (modules/meetings): lazy as well.
    case 'networking':
      return (
        <Suspense fallback={<Skeleton h={160} />}>
          <NetworkingTab eventId={event.id} />
        </Suspense>
      );
    // Sponsors by tier (modules/sponsors); lazy.
    case 'sponsor':
      return (
        <Suspense fallback={<Skeleton h={160} />}>
          <SponsorsTab eventId={event.id} />
        </Suspense>
      );
    // Leads (modules/leads): the staff scanner or the visitor's cards; lazy.
    case 'lead':
      return (
        <Suspense fallback={<Skeleton h={160} />}>
          <LeadTab eventId={event.id} />
        </Suspense>
      );
    default:
      return null;
  }
}
