import '../venue-i18n.ts';
import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import { IconDoorEnter, IconLogin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TVenuePage, TVenuePageView } from '@pavilion/domain/venue/venue.schemas';
import { httpStatusOf, isApiError } from '../../../app/api-client.ts';
import { useEventData } from '../../../app/session-storage.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ListError } from '../../../ui/list-states.tsx';
import { NotAvailable } from '../../../ui/not-available.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { venueApi } from '../api/venue-api.ts';
import { venueKeys } from '../api/venue-keys.ts';
import { AuditoriumContent, ExhibitionHallContent, InfoContent, LobbyContent, VirtualRoomContent } from '../components/venue-content.tsx';

const REFUSALS = ['VENUE_NOT_IN_EVENT_MODE', 'VENUE_BEFORE_EVENT', 'VENUE_NOT_ATTENDEE', 'VENUE_HIDDEN'] as const;
type TRefusal = (typeof REFUSALS)[number];
const refusalOf = (error: unknown): TRefusal | null => (isApiError(error) && (REFUSALS as readonly unknown[]).includes(error.code) ? (error.code as TRefusal) : null);
const noRetryOn4xx = (count: number, error: unknown) => {
  const status = httpStatusOf(error);
  return (status === undefined || status >= 500) && count < 2;
};

function Content({ view, eventId }: { view: TVenuePageView; eventId: string }) {
  const { content } = view;
  switch (content.page) {
    case 'lobby':
      return content.config && <LobbyContent eventName={view.eventName} config={content.config} />;
    case 'exhibition-hall':
      return content.config && <ExhibitionHallContent config={content.config} eventId={eventId} />;
    case 'info':
      return content.config && <InfoContent title={content.config.title} cleanHtml={content.config.html} />;
    case 'auditorium':
      return content.config && <AuditoriumContent config={content.config} eventId={eventId} />;
    case 'virtual-room':
      return content.config && <VirtualRoomContent config={content.config} timeZone={view.timeZone} isOpenNow={view.isOpenNow} />;
  }
}

/**
 * One virtual-venue page of the event the attendee signed in to (`attendium-v2/<page>`): what the organiser
 * published, an honest empty state when there is nothing, or why the venue is closed (in person, before the event).
 */
export function VenuePage({ page }: { page: TVenuePage }) {
  const { t } = useTranslation();
  const eventId = useEventData()?.eventId ?? '';
  usePageTitle(t(`venue.pages.${page}`));
  const view = useQuery({ queryKey: venueKeys.page(eventId, page), queryFn: ({ signal }) => venueApi.page(eventId, page, signal), enabled: eventId !== '', retry: noRetryOn4xx });
  const home = (
    <Button component={Link} to="/attendium-v2" variant="light">
      {t('venue.attendee.backHome')}
    </Button>
  );
  const refusal = refusalOf(view.error);

  let body;
  if (!eventId) {
    body = <NotAvailable badge={t(`venue.pages.${page}`)} title={t('venue.attendee.noEventTitle')} body={t('venue.attendee.noEventBody')} />;
  } else if (refusal) {
    body = <NotAvailable badge={t(`venue.pages.${page}`)} title={t(`venue.attendee.refused.${refusal}`)} body={t(`venue.attendee.refusedBody.${refusal}`)} actions={home} />;
  } else if (view.isError) {
    body = <ListError error={view.error} onRetry={() => void view.refetch()} />;
  } else if (view.isPending) {
    body = (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={32} w={200} />
        <Skeleton h={320} />
      </Stack>
    );
  } else if (view.data.content.config === null) {
    body = (
      <Paper withBorder shadow="xs">
        <EmptyState headingLevel={2} icon={page === 'lobby' ? <IconDoorEnter size={32} /> : <IconLogin size={32} />} title={t(`venue.attendee.notSetUp.${page}`)} description={t('venue.attendee.notSetUpBody')} action={home} />
      </Paper>
    );
  } else {
    body = <Content view={view.data} eventId={eventId} />;
  }
  // The web portal's layout (modules/portal) frames the page: its menu, the main landmark and the width.
  return body;
}
