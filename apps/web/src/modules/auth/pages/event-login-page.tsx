import { Alert, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { EVENT_MODE_LABELS, LoginIdentifier, type TEventMode } from '@pavilion/domain';
import { CenteredLayout } from '../../../ui/centered-layout.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { formatDateRange } from '../../../ui/format.ts';
import { usePublicEvent } from '../../events/index.ts';
import { LoginForm } from '../components/login-form.tsx';

/** `ei/{eventId}`: the public event's name and dates, and the attendee login for it. */
export function EventLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { eventId = '' } = useParams();
  // `?next=` brings the participant back to the page that asked them to sign in (mm/…); only a path of this app.
  const [search] = useSearchParams();
  const next = search.get('next');
  const after = next && next.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : '/attendium';
  const event = usePublicEvent(eventId);
  usePageTitle(event.data?.name ?? t('auth.eventLoginTitle'));

  const identifierLabel =
    event.data?.loginIdentifier === LoginIdentifier.Mobile
      ? t('auth.identifierMobile')
      : event.data?.loginIdentifier === LoginIdentifier.Email
        ? t('auth.identifierEmail')
        : t('auth.identifier');

  return (
    <CenteredLayout footer={t('app.footer')}>
      <Stack gap="lg">
        {event.isPending && (
          <Stack gap="xs" aria-busy="true">
            <Skeleton h={28} w="80%" />
            <Skeleton h={16} w="60%" />
          </Stack>
        )}
        {event.isError && (
          <Alert color="red" variant="light" role="alert" title={t('auth.eventLoginTitle')} styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
            {t('auth.eventNotFound')}
          </Alert>
        )}
        {event.data && (
          <>
            <Stack gap={8}>
              <Text size="sm" fw={600} c="brand.7" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
                {t('auth.eventLoginTitle')}
              </Text>
              <Title order={1} fz={26} style={{ overflowWrap: 'anywhere' }}>
                {event.data.name}
              </Title>
              <Group gap="xs" c="gray.7">
                <IconCalendarEvent size={18} aria-hidden />
                <Text size="sm">{formatDateRange(event.data.startDate, event.data.endDate)}</Text>
                <Badge variant="light" radius="sm">
                  {EVENT_MODE_LABELS[event.data.eventMode as TEventMode] ?? ''}
                </Badge>
              </Group>
              {event.data.venue && (
                <Group gap="xs" c="gray.7" wrap="nowrap">
                  <IconMapPin size={18} aria-hidden />
                  <Text size="sm">{event.data.venue}</Text>
                </Group>
              )}
            </Stack>
            <LoginForm eventId={event.data.id} identifierLabel={identifierLabel} onSuccess={() => navigate(after, { replace: true })} />
          </>
        )}
      </Stack>
    </CenteredLayout>
  );
}
