import type { ReactNode } from 'react';
import './public-registration.css';
import { Anchor, Box, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { BrandMark } from '../../../../ui/brand-logo.tsx';
import { formatDateRange } from '../../../../ui/format.ts';

export type TPublicEventHeader = { name: string; startDate?: string; endDate?: string; venue?: string | null };

/**
 * Phone-first shell of every public registration page: a compact event header, the page, a quiet footer.
 * With `aside` (the order summary) it becomes two columns from 62em; below that the aside follows the content,
 * and `bottomBar` (total and the next step) sticks to the bottom of the screen so the action is always in reach.
 */
export function PublicRegistrationLayout({
  event,
  isLoading = false,
  kicker,
  headerRight,
  aside,
  bottomBar,
  children,
  footer,
  signInHref,
}: {
  event?: TPublicEventHeader | null;
  isLoading?: boolean;
  kicker?: ReactNode;
  headerRight?: ReactNode;
  aside?: ReactNode;
  bottomBar?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** "Already registered? Sign in": the event's attendee login (ei/{eventId}). */
  signInHref?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" style={{ background: 'linear-gradient(180deg, var(--mantine-color-brand-0) 0, var(--mantine-color-gray-0) 320px)' }}>
      <Box component="header" py={{ base: 'sm', sm: 'lg' }} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', background: 'rgba(255,255,255,0.85)' }}>
        <Container size={aside ? 1080 : 760} px={{ base: 'md', sm: 'lg' }}>
          <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <BrandMark size={32} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                {kicker && (
                  <Text size="xs" fw={700} c="brand.7" tt="uppercase" style={{ letterSpacing: '0.05em' }}>
                    {kicker}
                  </Text>
                )}
                {isLoading ? (
                  <Skeleton h={22} w={220} mt={4} />
                ) : event?.name ? (
                  <Title order={1} fz={{ base: 18, sm: 22 }} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
                    {event.name}
                  </Title>
                ) : (
                  <Text fw={800} fz={{ base: 18, sm: 22 }} lh={1.25}>
                    Pavilion
                  </Text>
                )}
              </Stack>
            </Group>
            {headerRight}
          </Group>
          {event && (event.startDate || event.venue) && (
            <Group gap="md" mt={6} c="gray.7" wrap="wrap" pl={44}>
              {event.startDate && event.endDate && (
                <Group gap={4} wrap="nowrap">
                  <IconCalendarEvent size={16} aria-hidden />
                  <Text size="sm">{formatDateRange(event.startDate, event.endDate)}</Text>
                </Group>
              )}
              {event.venue && (
                <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconMapPin size={16} aria-hidden />
                  <Text size="sm" truncate>
                    {event.venue}
                  </Text>
                </Group>
              )}
            </Group>
          )}
        </Container>
      </Box>

      <Container size={aside ? 1080 : 760} px={{ base: 'sm', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }} pb={bottomBar ? 120 : undefined}>
        <Box
          style={
            aside
              ? { display: 'grid', gap: 'var(--mantine-spacing-lg)', gridTemplateColumns: 'minmax(0, 1fr)' }
              : undefined
          }
          className={aside ? 'reg-columns' : undefined}
        >
          <main id="main-content" tabIndex={-1} style={{ outline: 'none', minWidth: 0 }}>
            {children}
          </main>
          {aside && (
            <Box component="aside" className="reg-aside">
              {aside}
            </Box>
          )}
        </Box>
        <Stack component="footer" gap={6} align="center" mt="xl">
          {signInHref && (
            <Text size="sm">
              {t('registration.public.alreadyRegistered')}{' '}
              <Anchor component={Link} to={signInHref} fw={600}>
                {t('registration.public.signIn')}
              </Anchor>
            </Text>
          )}
          <Text size="xs" c="dimmed" ta="center">
            {footer}
          </Text>
        </Stack>
      </Container>

      {bottomBar && (
        <Paper
          className="reg-bottom-bar"
          shadow="lg"
          radius={0}
          px="md"
          py="sm"
          style={{ position: 'fixed', insetInline: 0, bottom: 0, zIndex: 200, borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Container size={aside ? 1080 : 760} px={0}>
            {bottomBar}
          </Container>
        </Paper>
      )}
    </Box>
  );
}

/** A titled card inside a public page; the heading level keeps one h1 (the event) per page. */
export function PublicSection({ title, description, children, right }: { title: ReactNode; description?: ReactNode; children: ReactNode; right?: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Title order={2} fz={{ base: 18, sm: 20 }}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {right}
      </Group>
      {children}
    </Paper>
  );
}
