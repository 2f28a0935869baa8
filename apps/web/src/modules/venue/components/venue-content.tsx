import { Badge, Box, Button, Group, Image, Paper, Skeleton, Stack, Text, Title, VisuallyHidden, useMatches } from '@mantine/core';
import { IconBuildingStore, IconExternalLink, IconMapPin, IconPresentation } from '@tabler/icons-react';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TAuditoriumConfig, TExhibitionHallConfig, TLobbyConfig, TVenueHotspot, TVirtualRoomConfig } from '@pavilion/domain/venue/venue.schemas';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ExhibitorsTab } from '../../exhibition/index.ts';
import { LiveSession } from '../../programme/index.ts';
import { venueImageUrl } from '../api/venue-api.ts';
import { VideoEmbed } from './video-embed.tsx';

/** Where a hotspot leads: the portal's entry of that name (help desk: the portal's "not available" page until built). */
export const hotspotPath = (h: Pick<TVenueHotspot, 'target'>) => `/attendium-v2/${h.target}`;

function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={1} fz={{ base: 24, sm: 30 }}>
      {children}
    </Title>
  );
}

/** A page's heading and the organiser's plain-text introduction (line breaks kept). */
function PageIntro({ title, text }: { title: string; text: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {text && <Text style={{ whiteSpace: 'pre-line' }}>{text}</Text>}
    </>
  );
}

/** The lobby: the banner with its hotspots as real links (each named by its label), then the welcome video or image. */
export function LobbyContent({ eventName, config }: { eventName: string; config: TLobbyConfig }) {
  const { t } = useTranslation();
  // On a phone the banner is too small for labelled buttons on it: the hotspots become a list under it.
  const isOnBanner = useMatches({ base: false, sm: true }) && config.bannerImageId !== null;
  const link = (h: TVenueHotspot, i: number, fullWidth: boolean) => (
    <Button key={i} component={Link} to={hotspotPath(h)} radius="xl" fullWidth={fullWidth} justify={fullWidth ? 'flex-start' : undefined} leftSection={<IconMapPin size={16} aria-hidden />} style={isOnBanner ? { boxShadow: '0 2px 8px rgba(0,0,0,.35)' } : undefined}>
      {h.label}
    </Button>
  );
  const nav = config.hotspots.length > 0 && (
    <nav aria-label={t('venue.attendee.hotspotsNav')} style={isOnBanner ? { position: 'absolute', inset: 0, pointerEvents: 'none' } : undefined}>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {config.hotspots.map((h, i) =>
          isOnBanner ? (
            // Each hotspot sits at its percentages of the banner's width and height.
            <li key={i} style={{ position: 'absolute', left: `${h.x}%`, top: `${h.y}%`, transform: 'translate(-50%, -50%)', pointerEvents: 'auto' }}>
              {link(h, i, false)}
            </li>
          ) : (
            <li key={i}>{link(h, i, true)}</li>
          ),
        )}
      </Stack>
    </nav>
  );
  return (
    <Stack gap="lg">
      <PageTitle>{t('venue.pages.lobby')}</PageTitle>
      {config.bannerImageId && (
        <Box pos="relative" style={{ borderRadius: 12, overflow: 'hidden' }}>
          <Image src={venueImageUrl(config.bannerImageId)} alt={t('venue.attendee.bannerAlt', { event: eventName })} w="100%" h="auto" />
          {isOnBanner && nav}
        </Box>
      )}
      {!isOnBanner && nav}
      {config.welcomeVideoUrl && <VideoEmbed url={config.welcomeVideoUrl} title={t('venue.attendee.welcomeVideo')} />}
      {config.welcomeImageId && <Image src={venueImageUrl(config.welcomeImageId)} alt={t('venue.attendee.welcomeImageAlt', { event: eventName })} radius="md" />}
    </Stack>
  );
}

/** The hall's heading and intro; booth tiles come with the exhibition module (none are made up here). */
/** The hall's heading and intro, then (for an attendee: `eventId`) the event's exhibitors with their booths. */
export function ExhibitionHallContent({ config, eventId }: { config: TExhibitionHallConfig; eventId?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageIntro title={config.heading} text={config.intro} />
      {eventId ? (
        <Suspense fallback={<Skeleton h={160} />}>
          <ExhibitorsTab eventId={eventId} />
        </Suspense>
      ) : (
        <Paper withBorder>
          <EmptyState icon={<IconBuildingStore size={32} />} title={t('venue.attendee.noBooths')} description={t('venue.attendee.noBoothsBody')} />
        </Paper>
      )}
    </Stack>
  );
}

/** The organiser's stream if set, and (for an attendee: `eventId`) the programme's live or next session. */
export function AuditoriumContent({ config, eventId }: { config: TAuditoriumConfig; eventId?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageIntro title={config.heading} text={config.intro} />
      {config.liveStreamUrl && <VideoEmbed url={config.liveStreamUrl} title={t('venue.attendee.liveStream')} />}
      {eventId ? (
        <Suspense fallback={<Skeleton h={120} />}>
          <LiveSession eventId={eventId} />
        </Suspense>
      ) : (
        !config.liveStreamUrl && (
          <Paper withBorder>
            <EmptyState icon={<IconPresentation size={32} />} title={t('venue.attendee.noSession')} description={t('venue.attendee.noSessionBody')} />
          </Paper>
        )
      )}
    </Stack>
  );
}

/** Rich text the server sanitised (DOMPurify) before storing it; the editor's preview sanitises in the browser. */
export function InfoContent({ title, cleanHtml }: { title: string; cleanHtml: string }) {
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      <Box className="venue-info" dangerouslySetInnerHTML={{ __html: cleanHtml }} style={{ lineHeight: 1.6, overflowWrap: 'anywhere' }} />
    </Stack>
  );
}

/** The room's description, its hours in the event's time zone, and the join link (disabled while it is closed). */
export function VirtualRoomContent({ config, timeZone, isOpenNow }: { config: TVirtualRoomConfig; timeZone: string | null; isOpenNow: boolean | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageIntro title={config.title} text={config.description} />
      {config.opensAt && config.closesAt && (
        <Group gap="sm">
          <Text size="sm">{t('venue.attendee.hours', { opens: config.opensAt, closes: config.closesAt, zone: timeZone ?? '' })}</Text>
          {isOpenNow !== null && (
            <Badge color={isOpenNow ? 'teal.9' : 'gray.7'} variant="filled">
              {isOpenNow ? t('venue.attendee.openNow') : t('venue.attendee.closedNow')}
            </Badge>
          )}
        </Group>
      )}
      <Group>
        {isOpenNow === false ? (
          <Button disabled leftSection={<IconExternalLink size={16} aria-hidden />}>
            {t('venue.attendee.join')}
          </Button>
        ) : (
          <Button component="a" href={config.joinUrl} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={16} aria-hidden />}>
            {t('venue.attendee.join')}
            <VisuallyHidden> {t('venue.attendee.opensInNewTab')}</VisuallyHidden>
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {config.joinUrl}
      </Text>
    </Stack>
  );
}
