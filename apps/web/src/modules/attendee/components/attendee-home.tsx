import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArmchair, IconCalendarEvent, IconCertificate, IconId, IconInfoCircle, IconMapPin, IconMessages, IconUser } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVENT_MODE_LABELS, USER_TYPE_LABELS, UserType, type TEventMode, type TUserType } from '@pavilion/domain';
import { useAuth } from '../../../app/session-storage.ts';
import { formatDateRange } from '../../../ui/format.ts';
import { HomeCard } from '../../../ui/home-card.tsx';
import { usePublicEvent } from '../../events/index.ts';
import { useMyEbadges } from '../../ebadge/index.ts';
import { useUnreadChats } from '../../chat/index.ts';
import { MeetingsHomeCard } from '../../meetings/index.ts';
import { StandHomeCard } from '../../exhibition/index.ts';
import { SpeakerHomeCard } from '../../programme/index.ts';
import { SponsorshipHomeCard } from '../../sponsors/index.ts';
import { attendeeApi } from '../api/attendee-api.ts';
import { useMyCertificates } from '../hooks.ts';

/** The signed-in participant's e-badge for this event, or where their e-badges are. */
function EbadgeCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const badges = useMyEbadges();
  const mine = badges.data?.find((b) => b.eventId === eventId);
  return (
    <HomeCard icon={<IconId size={20} />} title={t('attendee.ebadgeTitle')} id="home-ebadge">
      {badges.isPending && (
        // The shape of what loads (a line, then the buttons), so the cards below do not jump when it comes: a tap
        // aimed at "Open messages" must not land elsewhere.
        <>
          <Skeleton h={22} w="70%" />
          <Skeleton h={36} w={240} maw="100%" />
        </>
      )}
      {badges.isError && <Text c="dimmed">{t('attendee.ebadgeLoadError')}</Text>}
      {mine && (
        <>
          <Group gap="xs">
            <Text size="sm">
              {mine.ticketName} · {t('attendee.registrationNo', { no: mine.registrationNo })}
            </Text>
            <Badge color={mine.isAdmissible ? 'teal.9' : 'red.9'} variant="filled">
              {mine.isAdmissible ? t('attendee.ebadgeReady') : t('attendee.ebadgeNotReady')}
            </Badge>
          </Group>
          <Group gap="xs">
            <Button component={Link} to={`/eb/${encodeURIComponent(mine.eventUserId)}`} size="sm">
              {t('attendee.ebadgeOpen')}
            </Button>
            <Button component={Link} to={`/eb/m/${encodeURIComponent(mine.eventUserId)}`} size="sm" variant="default">
              {t('attendee.ebadgePhone')}
            </Button>
          </Group>
        </>
      )}
      {badges.data && !mine && (
        <>
          <Text size="sm" c="dimmed">
            {t('attendee.ebadgeNone')}
          </Text>
          <Anchor component={Link} to="/eb" size="sm">
            {t('attendee.ebadgeAll')}
          </Anchor>
        </>
      )}
    </HomeCard>
  );
}

/** Certificates issued to the participant's registrations (matched by their account's email). */
function CertificatesCard() {
  const { t } = useTranslation();
  const certificates = useMyCertificates();
  return (
    <HomeCard icon={<IconCertificate size={20} />} title={t('attendee.certificatesTitle')} id="home-certificates">
      {certificates.isPending && <Skeleton h={48} />}
      {certificates.isError && <Text c="dimmed">{t('attendee.certificatesLoadError')}</Text>}
      {certificates.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('attendee.certificatesNone')}
        </Text>
      )}
      {!!certificates.data?.length && (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {certificates.data.map((c) => (
            <li key={c.id}>
              <Text size="sm" fw={600}>
                {c.title}
              </Text>
              <Text size="xs" c="dimmed">
                {c.eventName}
              </Text>
              <Group gap="sm">
                <Anchor href={attendeeApi.certificatePdfUrl(c.id)} size="sm">
                  {t('attendee.certificatePdf')}
                </Anchor>
                <Anchor component={Link} to={`/verify/certificate/${encodeURIComponent(c.id)}`} size="sm">
                  {t('attendee.certificateVerify')}
                </Anchor>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </HomeCard>
  );
}

/**
 * The attendee app's Home tab (event-info) for a signed-in participant: what works for them today (e-badge,
 * certificates, the event, their profile) and nothing that does not; their role's own tools arrive with later issues.
 */
export function AttendeeHome({ eventId }: { eventId: string }) {
  // Without an event (a sign-in at the main login), the home still shows the person's e-badges, certificates and profile.
  const { t } = useTranslation();
  const auth = useAuth();
  const event = usePublicEvent(eventId);
  const user = auth?.userData;
  const name = user?.firstName || user?.email || '';
  const userType = user?.userType as TUserType | undefined;
  const typeLabel = userType ? USER_TYPE_LABELS[userType] : undefined;
  const isAttendee = userType === UserType.Attendee;
  // Exhibiting companies' people: lead retrieval (/tabs/lead) is theirs today.
  const isBoothSide = userType === UserType.ExhibitingCompany || userType === UserType.Exhibitor || userType === UserType.Sponsor || userType === UserType.TeamMember;
  const unreadChats = useUnreadChats(eventId || null);

  return (
    <Stack gap="lg">
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} style={{ background: 'linear-gradient(135deg, var(--mantine-color-brand-0), #fff 70%)' }}>
        <Stack gap={6}>
          <Text fw={600} c="brand.8">
            {t('attendee.welcome', { name })}
          </Text>
          <Text c="gray.7">{typeLabel && !isAttendee ? t('attendee.subtitleAs', { type: typeLabel }) : t('attendee.subtitle')}</Text>
        </Stack>
      </Paper>

      {userType && !isAttendee && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title={t('attendee.areaLaterTitle', { type: typeLabel })}
          styles={{ title: { color: 'var(--mantine-color-blue-9)' } }}
        >
          {isBoothSide && eventId ? (
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('attendee.areaLeadsBody')}</Text>
              <Group gap="xs">
                {userType === UserType.ExhibitingCompany && (
                  // The company admin's stand area (modules/exhibition): the service forms for its booths.
                  <Button component={Link} to={`/attendium/stand?eventId=${encodeURIComponent(eventId)}`} size="xs">
                    {t('attendee.openStand')}
                  </Button>
                )}
                <Button component={Link} to={`/tabs/lead?eventId=${encodeURIComponent(eventId)}`} size="xs" variant="light">
                  {t('attendee.openLeads')}
                </Button>
              </Group>
            </Stack>
          ) : userType === UserType.Speaker && eventId ? (
            // A speaker's own area (modules/programme): their profile and sessions.
            <Button component={Link} to={`/attendium/speaker?eventId=${encodeURIComponent(eventId)}`} size="xs">
              {t('attendee.openSpeakerProfile')}
            </Button>
          ) : (
            t('attendee.areaLaterBody')
          )}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {eventId && (
          // An exhibiting company's admin or staff, whatever their user type: My stand (modules/exhibition, lazy).
          <Suspense fallback={null}>
            <StandHomeCard eventId={eventId} />
          </Suspense>
        )}
        {eventId && userType !== UserType.Speaker && (
          // An account the organiser made a speaker while it takes part as another type (modules/programme, lazy);
          // a Speaker's own link is in the notice above.
          <Suspense fallback={null}>
            <SpeakerHomeCard eventId={eventId} />
          </Suspense>
        )}
        {eventId && (
          // A sponsor's contact, whatever their user type: My sponsorship (modules/sponsors, lazy).
          <Suspense fallback={null}>
            <SponsorshipHomeCard eventId={eventId} />
          </Suspense>
        )}
        <EbadgeCard eventId={eventId} />
        {eventId && (
          <HomeCard icon={<IconMessages size={20} />} title={t('attendee.chatTitle')} id="home-chat">
            <Text size="sm" c="dimmed">
              {t('attendee.chatHint')}
            </Text>
            <Group gap="xs">
              <Button component={Link} to="/attendium/chat" size="xs" variant="light">
                {t('attendee.openChat')}
              </Button>
              {!!unreadChats && (
                <Badge color="red.9" variant="filled" aria-live="polite">
                  {t('attendee.unreadChats', { count: unreadChats })}
                </Badge>
              )}
            </Group>
          </HomeCard>
        )}
        {eventId && (
          // The lounge and discussion tables (modules/video, attendium/lounge).
          <HomeCard icon={<IconArmchair size={20} />} title={t('attendee.loungeTitle')} id="home-lounge">
            <Text size="sm" c="dimmed">
              {t('attendee.loungeHint')}
            </Text>
            <Button component={Link} to="/attendium/lounge" size="xs" variant="light" style={{ alignSelf: 'flex-start' }}>
              {t('attendee.openLounge')}
            </Button>
          </HomeCard>
        )}
        {eventId && (
          // Meeting requests waiting for an answer and the next meeting (modules/meetings, lazy).
          <Suspense fallback={null}>
            <MeetingsHomeCard eventId={eventId} />
          </Suspense>
        )}
        <CertificatesCard />
        <HomeCard icon={<IconCalendarEvent size={20} />} title={t('attendee.eventTitle')} id="home-event">
          {!eventId && (
            <Text size="sm" c="dimmed">
              {t('attendee.noEvent')}
            </Text>
          )}
          {event.isPending && !!eventId && <Skeleton h={64} />}
          {event.isError && <Text c="dimmed">{t('attendee.eventLoadError')}</Text>}
          {event.data && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {event.data.name}
              </Text>
              <Text size="sm">{formatDateRange(event.data.startDate, event.data.endDate)}</Text>
              <Text size="sm" c="dimmed">
                {t('attendee.timeZone', { zone: event.data.timeZone })}
              </Text>
              {event.data.venue && (
                <Group gap={6} wrap="nowrap">
                  <IconMapPin size={16} aria-hidden />
                  <Text size="sm">{event.data.venue}</Text>
                </Group>
              )}
              <Text size="sm" c="dimmed">
                {EVENT_MODE_LABELS[event.data.eventMode as TEventMode] ?? ''}
              </Text>
              <Anchor component={Link} to={`/cart-registration/${encodeURIComponent(event.data.id)}`} size="sm" mt={4}>
                {t('attendee.eventPage')}
              </Anchor>
            </Stack>
          )}
        </HomeCard>
        <HomeCard icon={<IconUser size={20} />} title={t('attendee.profileTitle')} id="home-profile">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {`${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim()}
            </Text>
            <Text size="sm">{user?.email}</Text>
            {user?.contactNo && <Text size="sm">{user.contactNo}</Text>}
            {typeLabel && (
              <Text size="sm" c="dimmed">
                {typeLabel}
              </Text>
            )}
          </Stack>
          <Text size="xs" c="dimmed">
            {t('attendee.profileHint')}
          </Text>
          <Group gap="xs">
            <Button component={Link} to="/attendium/profile" size="xs" variant="light">
              {t('attendee.editProfile')}
            </Button>
            <Button component={Link} to="/i" size="xs" variant="subtle">
              {t('attendee.shareAndInvite')}
            </Button>
          </Group>
        </HomeCard>
      </SimpleGrid>
    </Stack>
  );
}
