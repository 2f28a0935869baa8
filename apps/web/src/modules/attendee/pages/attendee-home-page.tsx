import { Badge, Box, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconCalendarEvent, IconId, IconLogout, IconMicrophone, IconNews, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { performLogout } from '../../../app/logout.ts';
import { useAuth, useEventData } from '../../../app/session-storage.ts';
import { BrandLogo } from '../../../ui/brand-logo.tsx';
import { formatDateRange } from '../../../ui/format.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { usePublicEvent } from '../../events/hooks/use-events.ts';

const TABS: Array<{ key: 'networking' | 'schedule' | 'feed' | 'exhibitors' | 'speakers' | 'ebadge'; icon: ReactNode }> = [
  { key: 'schedule', icon: <IconCalendarEvent size={20} /> },
  { key: 'networking', icon: <IconUsers size={20} /> },
  { key: 'feed', icon: <IconNews size={20} /> },
  { key: 'exhibitors', icon: <IconBuildingStore size={20} /> },
  { key: 'speakers', icon: <IconMicrophone size={20} /> },
  { key: 'ebadge', icon: <IconId size={20} /> },
];

/** `attendium`: the attendee's home for the event they signed in to. Later tabs are announced, not faked. */
export function AttendeeHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const eventData = useEventData();
  const event = usePublicEvent(eventData?.eventId);
  usePageTitle(event.data?.name ?? null);
  const name = auth?.userData.firstName || auth?.userData.email || '';

  return (
    <Box mih="100vh">
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
        <Stack gap="xl">
          <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }} style={{ background: 'linear-gradient(135deg, var(--mantine-color-brand-0), #fff 70%)' }}>
            <Stack gap={6}>
              <Text fw={600} c="brand.8">
                {t('attendee.welcome', { name })}
              </Text>
              {event.isPending && eventData?.eventId && <Skeleton h={32} w="60%" />}
              {event.data && (
                <>
                  <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
                    {event.data.name}
                  </Title>
                  <Text c="gray.7">
                    {formatDateRange(event.data.startDate, event.data.endDate)}
                    {event.data.venue ? ` · ${event.data.venue}` : ''}
                  </Text>
                </>
              )}
              {!eventData?.eventId && (
                <Title order={1} fz={24}>
                  {t('attendee.noEvent')}
                </Title>
              )}
              <Text c="dimmed" size="sm">
                {t('attendee.homeSubtitle')}
              </Text>
            </Stack>
          </Paper>

          <section aria-labelledby="attendee-coming">
            <Title order={2} fz="h4" id="attendee-coming" mb="md">
              {t('attendee.comingTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {TABS.map((tab) => (
                <Paper key={tab.key} withBorder p="md">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
                        {tab.icon}
                      </ThemeIcon>
                      <Text fw={600}>{t(`attendee.tabs.${tab.key}`)}</Text>
                    </Group>
                    <Badge variant="outline" color="gray.7" size="sm" radius="sm">
                      {t('notAvailable.badge')}
                    </Badge>
                  </Group>
                </Paper>
              ))}
            </SimpleGrid>
          </section>
        </Stack>
      </Container>
    </Box>
  );
}
