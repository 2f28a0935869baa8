import { Alert, Anchor, Badge, Box, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconCertificate, IconId, IconInfoCircle, IconLogout, IconMapPin, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EVENT_MODE_LABELS, USER_TYPE_LABELS, UserType, type TEventMode, type TUserType } from '@pavilion/domain';
import { performLogout } from '../../../app/logout.ts';
import { useAuth, useEventData } from '../../../app/session-storage.ts';
import { BrandLogo } from '../../../ui/brand-logo.tsx';
import { formatDateRange } from '../../../ui/format.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { usePublicEvent } from '../../events/index.ts';
import { useMyEbadges } from '../../ebadge/index.ts';
import { attendeeApi } from '../api/attendee-api.ts';
import { useMyCertificates } from '../hooks.ts';

/** One block of the home: an icon, a heading and what it holds. */
function HomeCard({ icon, title, id, children }: { icon: ReactNode; title: string; id: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2} fz="h4" id={id}>
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The signed-in participant's e-badge for this event, or where their e-badges are. */
function EbadgeCard({ eventId }: { eventId: string | undefined }) {
  const { t } = useTranslation();
  const badges = useMyEbadges();
  const mine = badges.data?.find((b) => b.eventId === eventId);
  return (
    <HomeCard icon={<IconId size={20} />} title={t('attendee.ebadgeTitle')} id="home-ebadge">
      {badges.isPending && <Skeleton h={48} />}
      {badges.isError && <Text c="dimmed">{t('attendee.ebadgeLoadError')}</Text>}
      {mine && (
        <>
          <Group gap="xs">
            <Text size="sm">
              {mine.ticketName} · {t('attendee.registrationNo', { no: mine.registrationNo })}
            </Text>
            <Badge color={mine.isAdmissible ? 'teal.9' : 'orange.9'} variant="filled">
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
 * `attendium`: the home of every participant (attendees, exhibitors, speakers, sponsors ...) for the event they
 * signed in to. It shows what works today (e-badge, certificates, the event, their profile) and nothing that does
 * not: the attendee portal's tabs and the exhibitor area arrive with their own issues.
 */
export function AttendeeHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const eventData = useEventData();
  const event = usePublicEvent(eventData?.eventId);
  usePageTitle(event.data?.name ?? t('attendee.title'));
  const user = auth?.userData;
  const name = user?.firstName || user?.email || '';
  const userType = user?.userType as TUserType | undefined;
  const typeLabel = userType ? USER_TYPE_LABELS[userType] : undefined;
  const isAttendee = userType === UserType.Attendee;

  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <BrandLogo size={28} />
            <Button variant="default" size="sm" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void performLogout(navigate)}>
              {t('shell.logout')}
            </Button>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="xl" component="main" id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <Stack gap="lg">
          <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }} style={{ background: 'linear-gradient(135deg, var(--mantine-color-brand-0), #fff 70%)' }}>
            <Stack gap={6}>
              <Text fw={600} c="brand.8">
                {t('attendee.welcome', { name })}
              </Text>
              {event.isPending && eventData?.eventId && <Skeleton h={32} w="60%" />}
              {event.data && (
                <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
                  {event.data.name}
                </Title>
              )}
              {!eventData?.eventId && (
                <Title order={1} fz={24}>
                  {t('attendee.title')}
                </Title>
              )}
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
              {t('attendee.areaLaterBody')}
            </Alert>
          )}

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <EbadgeCard eventId={eventData?.eventId} />
            <CertificatesCard />
            <HomeCard icon={<IconCalendarEvent size={20} />} title={t('attendee.eventTitle')} id="home-event">
              {!eventData?.eventId && (
                <Text size="sm" c="dimmed">
                  {t('attendee.noEvent')}
                </Text>
              )}
              {event.isPending && eventData?.eventId && <Skeleton h={64} />}
              {event.isError && <Text c="dimmed">{t('attendee.eventLoadError')}</Text>}
              {event.data && (
                <Stack gap={4}>
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
            </HomeCard>
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  );
}
