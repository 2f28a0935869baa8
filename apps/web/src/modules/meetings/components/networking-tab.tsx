import '../meetings-i18n.ts';
import { useState } from 'react';
import { Avatar, Badge, Button, Group, NativeSelect, Pagination, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarPlus, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { USER_TYPE_LABELS } from '@pavilion/domain/access/user-types';
import { findCountry } from '@pavilion/domain/reference/countries';
import { useEventData } from '../../../app/session-storage.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { meetingsApi, meetingsKeys } from '../api/meetings-api.ts';
import { RequestMeetingModal } from './request-meeting-modal.tsx';

/**
 * The attendee app's Networking tab (`networking`): the people of the event who chose to appear in its directory,
 * searchable and filtered by interest, company and user type, 10 a page (SPEC §9 pager).
 */
export function NetworkingTab({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const eventData = useEventData();
  const [q, setQ] = useState('');
  const [interest, setInterest] = useState('');
  const [company, setCompany] = useState('');
  const [country, setCountry] = useState('');
  const [userType, setUserType] = useState('');
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<{ eventUserId: string; name: string } | null>(null);
  // A participant of this event (signed in at ei/{eventId}) may ask anyone listed who has entered the app.
  const me = eventData?.eventId === eventId ? eventData.eventUserId : null;
  const query = { ...(q.trim() ? { q: q.trim() } : {}), ...(interest ? { interest } : {}), ...(company ? { company } : {}), ...(country ? { country } : {}), ...(userType ? { userType: Number(userType) } : {}), page, pageSize: 10 };
  const dir = useQuery({ queryKey: meetingsKeys.directory(eventId, query), queryFn: ({ signal }) => meetingsApi.directory(eventId, query, signal), placeholderData: (prev) => prev });
  const data = dir.data;
  const filtered = !!(q.trim() || interest || company || country || userType);
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  if (dir.isPending) return <Skeleton h={160} />;
  if (dir.isError || !data) return <Text c="dimmed">{t('meetings.directory.loadError')}</Text>;

  return (
    <Stack gap="md">
      {eventData?.eventId === eventId && (
        <Button component={Link} to={`/mm/${encodeURIComponent(`${eventId}-${eventData.eventUserId}`)}`} variant="light" style={{ alignSelf: 'flex-start' }}>
          {t('meetings.directory.findMatches')}
        </Button>
      )}
      <TextInput leftSection={<IconSearch size={16} aria-hidden />} placeholder={t('meetings.directory.search')} aria-label={t('meetings.directory.search')} value={q} onChange={(e) => reset(setQ)(e.currentTarget.value)} />
      <Group grow gap="xs" wrap="wrap">
        <NativeSelect aria-label={t('meetings.directory.interest')} data={[{ value: '', label: t('meetings.directory.allInterests') }, ...data.interests.map((x) => ({ value: x, label: x }))]} value={interest} onChange={(e) => reset(setInterest)(e.currentTarget.value)} />
        <NativeSelect aria-label={t('meetings.directory.company')} data={[{ value: '', label: t('meetings.directory.allCompanies') }, ...data.companies.map((x) => ({ value: x, label: x }))]} value={company} onChange={(e) => reset(setCompany)(e.currentTarget.value)} />
        <NativeSelect
          aria-label={t('meetings.directory.country')}
          data={[{ value: '', label: t('meetings.directory.allCountries') }, ...data.countries.map((c) => ({ value: c, label: findCountry(c)?.name ?? c }))]}
          value={country}
          onChange={(e) => reset(setCountry)(e.currentTarget.value)}
        />
        <NativeSelect
          aria-label={t('meetings.directory.userType')}
          data={[{ value: '', label: t('meetings.directory.allTypes') }, ...Object.entries(USER_TYPE_LABELS).map(([value, label]) => ({ value, label: String(label) }))]}
          value={userType}
          onChange={(e) => reset(setUserType)(e.currentTarget.value)}
        />
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('meetings.directory.total', { count: data.total })}
      </Text>
      {data.items.length === 0 &&
        (filtered ? (
          <EmptyState headingLevel={3} icon={<IconUsersGroup size={32} />} title={t('meetings.directory.noMatches')} />
        ) : (
          <EmptyState headingLevel={3} icon={<IconUsersGroup size={32} />} title={t('meetings.directory.empty')} description={t('meetings.directory.emptyBody')} />
        ))}
      {data.items.map((p) => (
        <Paper key={p.pair} withBorder p="sm" radius="md" component="article" aria-label={`${p.firstName} ${p.lastName}`}>
          <Group wrap="nowrap" align="flex-start">
            <Avatar src={p.photoUrl} alt="" radius="xl">
              {p.firstName.slice(0, 1)}
              {p.lastName.slice(0, 1)}
            </Avatar>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={600}>
                {p.firstName} {p.lastName}
              </Text>
              {(p.jobTitle || p.company || p.countryCode) && (
                <Text size="sm" c="dimmed">
                  {[p.jobTitle, p.company, p.countryCode ? (findCountry(p.countryCode)?.name ?? p.countryCode) : ''].filter(Boolean).join(' · ')}
                </Text>
              )}
              {p.interests.length > 0 && (
                <Group gap={4}>
                  {p.interests.map((i) => (
                    <Badge key={i} variant="light" size="sm" tt="none">
                      {i}
                    </Badge>
                  ))}
                </Group>
              )}
              {me && p.eventUserId && p.eventUserId !== me && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconCalendarPlus size={14} aria-hidden />}
                  style={{ alignSelf: 'flex-start' }}
                  aria-label={t('meetings.directory.requestMeetingWith', { name: `${p.firstName} ${p.lastName}` })}
                  onClick={() => setAsking({ eventUserId: p.eventUserId!, name: `${p.firstName} ${p.lastName}` })}
                >
                  {t('meetings.directory.requestMeeting')}
                </Button>
              )}
            </Stack>
          </Group>
        </Paper>
      ))}
      {asking && <RequestMeetingModal eventId={eventId} other={asking} onClose={() => setAsking(null)} />}
      {data.total > data.pageSize && (
        // SPEC §9 pager: 10 a page, a window of up to 6 pages.
        <Pagination total={Math.ceil(data.total / data.pageSize)} value={page} onChange={setPage} siblings={1} boundaries={1} getControlProps={(c) => ({ 'aria-label': c })} aria-label={t('meetings.directory.pages')} />
      )}
    </Stack>
  );
}
