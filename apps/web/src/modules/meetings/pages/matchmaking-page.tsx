import '../meetings-i18n.ts';
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Container, Group, Paper, Skeleton, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { MAX_MATCH_TAGS } from '@pavilion/domain/meetings/matchmaking';
import { parsePair } from '@pavilion/domain/share/pair';
import { api } from '../../../app/api-client.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { useEventData } from '../../../app/session-storage.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { meetingsApi, meetingsKeys } from '../api/meetings-api.ts';
import { MyMeetings } from '../components/my-meetings.tsx';
import { RequestMeetingModal } from '../components/request-meeting-modal.tsx';

function ProfileForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const me = useQuery({ queryKey: meetingsKeys.matchProfile(eventId), queryFn: ({ signal }) => meetingsApi.matchProfile(eventId, signal) });
  // Until the matchmaking profile is saved, its interests and company come from the attendee's profile.
  const own = useQuery({ queryKey: ['profile', 'mine'], queryFn: ({ signal }) => api.call('GET /api/eventservices/me/profiles', { signal }), enabled: me.data?.saved === false });
  const [company, setCompany] = useState('');
  const [interests, setInterests] = useState<string[]>([]);
  const [lookingFor, setLookingFor] = useState<string[]>([]);
  const [offering, setOffering] = useState<string[]>([]);
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    if (filled || !me.data) return;
    if (me.data.saved) {
      setCompany(me.data.company);
      setInterests(me.data.interests);
      setLookingFor(me.data.lookingFor);
      setOffering(me.data.offering);
      setFilled(true);
    } else if (own.data || own.isError) {
      const p = own.data?.find((x) => x.eventId === eventId);
      setCompany(p?.company ?? '');
      setInterests(p?.interests ?? []);
      setFilled(true);
    }
  }, [me.data, own.data, own.isError, filled, eventId]);
  const save = useMutation({
    mutationFn: () => meetingsApi.saveMatchProfile(eventId, { company, interests, lookingFor, offering }),
    onSuccess: () => {
      toast(t('meetings.mm.saved'), 'success');
      return qc.invalidateQueries({ queryKey: meetingsKeys.all(eventId) });
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  if (me.isPending || !filled) return <Skeleton h={200} />;
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput label={t('meetings.mm.company')} value={company} onChange={(e) => setCompany(e.currentTarget.value)} maxLength={100} />
          <TagsInput label={t('meetings.mm.lookingFor')} description={t('meetings.mm.lookingForHint')} value={lookingFor} onChange={setLookingFor} maxTags={MAX_MATCH_TAGS} splitChars={[',']} clearable />
          <TagsInput label={t('meetings.mm.offering')} description={t('meetings.mm.offeringHint')} value={offering} onChange={setOffering} maxTags={MAX_MATCH_TAGS} splitChars={[',']} clearable />
          <TagsInput label={t('meetings.mm.interests')} description={t('meetings.mm.interestsHint')} value={interests} onChange={setInterests} maxTags={MAX_MATCH_TAGS} splitChars={[',']} clearable />
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('meetings.mm.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function Matches({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const matches = useQuery({ queryKey: meetingsKeys.matches(eventId), queryFn: ({ signal }) => meetingsApi.matches(eventId, signal) });
  const [asking, setAsking] = useState<{ eventUserId: string; name: string } | null>(null);
  if (matches.isPending) return <Skeleton h={120} />;
  if (matches.isError || !matches.data) return <Text c="dimmed">{t('meetings.mm.loadError')}</Text>;
  if (!matches.data.me.saved) return <Text c="dimmed">{t('meetings.mm.noProfile')}</Text>;
  if (matches.data.matches.length === 0) return <EmptyState headingLevel={3} icon={<IconHeartHandshake size={32} />} title={t('meetings.mm.noMatches')} description={t('meetings.mm.noMatchesBody')} />;
  return (
    <Stack gap="sm">
      {matches.data.matches.map((m) => (
        <Paper key={m.eventUserId} component="article" aria-label={m.name} withBorder p="sm" radius="md">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>
                {m.name}
                {m.company ? ` · ${m.company}` : ''}
              </Text>
              <Badge variant="light">{t('meetings.mm.score', { score: m.score })}</Badge>
            </Group>
            <Text size="sm">{m.explanation}</Text>
            <Button size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => setAsking({ eventUserId: m.eventUserId, name: m.name })} aria-label={`${t('meetings.mm.requestMeeting')}: ${m.name}`}>
              {t('meetings.mm.requestMeeting')}
            </Button>
          </Stack>
        </Paper>
      ))}
      {asking && <RequestMeetingModal eventId={eventId} other={asking} onClose={() => setAsking(null)} />}
    </Stack>
  );
}

/**
 * `mm/{eventId-eventUserId}` (SPEC §2.1 match-making selection): the participant's tags and interests, their top 20
 * matches with why, meeting requests in free slots, and their meetings. The participant is whoever is signed in to
 * the event (the `ei/{eventId}` sign-in), never the id in the link.
 */
export function MatchmakingPage() {
  const { t } = useTranslation();
  usePageTitle(t('meetings.mm.title'));
  const { eventIdEventUserIdPair = '' } = useParams();
  const location = useLocation();
  const pair = parsePair(eventIdEventUserIdPair);
  const eventData = useEventData();
  const eventId = pair?.eventId ?? '';
  const signedIn = !!eventId && eventData?.eventId === eventId;
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            {t('meetings.mm.title')}
          </Title>
          <Text c="dimmed">{t('meetings.mm.subtitle')}</Text>
        </div>
        {!signedIn ? (
          <EmptyState
            icon={<IconHeartHandshake size={32} />}
            title={t('meetings.mm.signIn')}
            description={t('meetings.mm.signInBody')}
            action={
              eventId ? (
                <Button component={Link} to={`/ei/${encodeURIComponent(eventId)}?next=${encodeURIComponent(location.pathname)}`}>
                  {t('meetings.mm.signIn')}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            {pair && pair.eventUserId !== eventData.eventUserId && <Alert color="blue">{t('meetings.mm.otherPerson')}</Alert>}
            <ProfileForm eventId={eventId} />
            <Title order={2} fz="h3">
              {t('meetings.mm.matches')}
            </Title>
            <Matches eventId={eventId} />
            <Title order={2} fz="h3">
              {t('meetings.mine.title')}
            </Title>
            <MyMeetings eventId={eventId} />
          </>
        )}
      </Stack>
    </Container>
  );
}
