import '../live-i18n.ts';
import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, ScrollArea, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconBroadcast, IconCalendarEvent, IconCheck, IconEye, IconEyeOff, IconPlayerPlay, IconPlayerStop, IconPlus, IconRotate, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LIVE_POLL_MAX_OPTIONS, LIVE_POLL_MIN_OPTIONS, LIVE_POLL_OPTION_MAX_LENGTH, LIVE_POLL_QUESTION_MAX_LENGTH, type TLiveConsole, type TLiveQuestion } from '@pavilion/domain/live/live.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { liveKeys, liveOrgApi } from '../api/live-api.ts';
import { PollResults } from '../components/poll-results.tsx';
import { sortQuestions } from '../hooks/use-live-room.ts';
import { useOrganiserLive } from '../hooks/use-organiser-live.ts';

const FALLBACK_MS = 15_000;

/** A console action: on success the console is read again (the socket also says so), on failure a toast. */
function useConsoleAction<A>(eventId: string, sessionId: string, fn: (a: A) => Promise<unknown>) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: liveKeys.console(eventId, sessionId) }),
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
}

function NowPlayingCard({ eventId, data, roomName }: { eventId: string; data: TLiveConsole; roomName: string }) {
  const { t } = useTranslation();
  const set = useConsoleAction(eventId, data.session.id, (isLive: boolean) => liveOrgApi.setNowPlaying(eventId, data.session.id, isLive));
  const isPlaying = !!data.nowPlaying;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="live-now-playing">
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} fz="h4" id="live-now-playing">
            {t('live.console.nowPlaying')}
          </Title>
          {isPlaying && (
            <Badge color="red.8" variant="filled" leftSection={<IconBroadcast size={12} aria-hidden />}>
              LIVE
            </Badge>
          )}
        </Group>
        <Text size="sm" aria-live="polite">
          {isPlaying ? t('live.console.isPlaying', { room: roomName }) : t('live.console.notPlaying')}
        </Text>
        <Can rule="AP-302">
          {isPlaying ? (
            <Button variant="outline" color="red.9" leftSection={<IconPlayerStop size={16} aria-hidden />} loading={set.isPending} onClick={() => set.mutate(false)} style={{ alignSelf: 'flex-start' }}>
              {t('live.console.stopPlaying')}
            </Button>
          ) : (
            <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={set.isPending} onClick={() => set.mutate(true)} style={{ alignSelf: 'flex-start' }}>
              {t('live.console.setPlaying')}
            </Button>
          )}
        </Can>
      </Stack>
    </Paper>
  );
}

function QueueItem({ eventId, sessionId, q }: { eventId: string; sessionId: string; q: TLiveQuestion }) {
  const { t } = useTranslation();
  const act = useConsoleAction(eventId, sessionId, (action: 'answer' | 'reopen' | 'hide' | 'unhide') => liveOrgApi.questionAction(eventId, sessionId, q.id, action));
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="console-question" opacity={q.isHidden ? 0.6 : 1}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {q.question}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {t('live.qna.by', { name: q.from.name })} · {t('live.qna.votes', { count: q.upvotes })}
            </Text>
            {q.isAnswered && (
              <Badge size="xs" color="teal.9">
                {t('live.qna.answered')}
              </Badge>
            )}
            {q.isHidden && (
              <Badge size="xs" color="gray.7">
                {t('live.qna.hidden')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Can rule="AP-302">
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="outline"
              color={q.isAnswered ? 'gray.7' : 'teal.9'}
              leftSection={q.isAnswered ? <IconRotate size={14} aria-hidden /> : <IconCheck size={14} aria-hidden />}
              onClick={() => act.mutate(q.isAnswered ? 'reopen' : 'answer')}
              loading={act.isPending && (act.variables === 'answer' || act.variables === 'reopen')}
            >
              {q.isAnswered ? t('live.qna.reopen') : t('live.qna.answer')}
            </Button>
            <ActionIcon
              variant="subtle"
              color={q.isHidden ? 'blue' : 'red'}
              aria-label={`${q.isHidden ? t('live.qna.unhide') : t('live.qna.hide')}: ${q.question.slice(0, 60)}`}
              onClick={() => act.mutate(q.isHidden ? 'unhide' : 'hide')}
            >
              {q.isHidden ? <IconEye size={16} aria-hidden /> : <IconEyeOff size={16} aria-hidden />}
            </ActionIcon>
          </Group>
        </Can>
      </Group>
    </Paper>
  );
}

function PollForm({ eventId, sessionId }: { eventId: string; sessionId: string }) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(['', '']);
  const create = useConsoleAction(eventId, sessionId, () => liveOrgApi.createPoll(eventId, sessionId, { question, options }));
  const isValid = question.trim() && options.every((o) => o.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isValid) return;
    create.mutate(undefined, {
      onSuccess: () => {
        setQuestion('');
        setOptions(['', '']);
      },
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('live.console.newPoll')}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('live.console.newPoll')}
        </Text>
        <TextInput label={t('live.console.pollQuestion')} withAsterisk maxLength={LIVE_POLL_QUESTION_MAX_LENGTH} value={question} onChange={(e) => setQuestion(e.currentTarget.value)} />
        {options.map((o, i) => (
          <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={t('live.console.pollOption', { n: i + 1 })}
              withAsterisk
              maxLength={LIVE_POLL_OPTION_MAX_LENGTH}
              value={o}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setOptions((list) => list.map((x, j) => (j === i ? v : x)));
              }}
            />
            {options.length > LIVE_POLL_MIN_OPTIONS && (
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('live.console.removeOption', { n: i + 1 })} onClick={() => setOptions((list) => list.filter((_, j) => j !== i))}>
                <IconX size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
        <Group gap="xs">
          {options.length < LIVE_POLL_MAX_OPTIONS && (
            <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setOptions((list) => [...list, ''])}>
              {t('live.console.addOption')}
            </Button>
          )}
          <Button type="submit" size="sm" disabled={!isValid} loading={create.isPending} ml="auto">
            {t('live.console.createPoll')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PollsCard({ eventId, data }: { eventId: string; data: TLiveConsole }) {
  const { t } = useTranslation();
  const sessionId = data.session.id;
  const push = useConsoleAction(eventId, sessionId, (pollId: string) => liveOrgApi.pushPoll(eventId, sessionId, pollId));
  const close = useConsoleAction(eventId, sessionId, (pollId: string) => liveOrgApi.closePoll(eventId, sessionId, pollId));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="live-polls">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="live-polls">
          {t('live.console.polls')}
        </Title>
        <Can rule="AP-302">
          <PollForm eventId={eventId} sessionId={sessionId} />
        </Can>
        {data.polls.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('live.console.pollsEmpty')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-live="polite">
            {data.polls.map((p) => (
              <Paper key={p.pollId} withBorder p="sm" radius="md" component="li" data-testid="console-poll">
                <Stack gap="xs">
                  <Text fw={600} size="sm">
                    {p.question}
                  </Text>
                  <PollResults poll={p} />
                  <Can rule="AP-302">
                    {p.status === 'draft' && (
                      <Button size="xs" leftSection={<IconBroadcast size={14} aria-hidden />} onClick={() => push.mutate(p.pollId)} loading={push.isPending && push.variables === p.pollId} style={{ alignSelf: 'flex-start' }}>
                        {t('live.console.push')}
                      </Button>
                    )}
                    {p.status === 'live' && (
                      <Button size="xs" variant="outline" color="red.9" onClick={() => close.mutate(p.pollId)} loading={close.isPending && close.variables === p.pollId} style={{ alignSelf: 'flex-start' }}>
                        {t('live.console.close')}
                      </Button>
                    )}
                  </Can>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function SessionConsole({ eventId, sessionId, roomName, isConnected }: { eventId: string; sessionId: string; roomName: string; isConnected: boolean }) {
  const { t } = useTranslation();
  const con = useQuery({ queryKey: liveKeys.console(eventId, sessionId), queryFn: ({ signal }) => liveOrgApi.console(eventId, sessionId, signal), refetchInterval: isConnected ? false : FALLBACK_MS });
  if (con.isPending) return <ListLoading />;
  if (con.isError) return <ListError error={con.error} onRetry={() => void con.refetch()} />;
  const data = con.data;
  const questions = sortQuestions(data.questions);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap="md">
        <NowPlayingCard eventId={eventId} data={data} roomName={roomName} />
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="live-queue">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="live-queue">
              {t('live.console.queue')}
            </Title>
            {questions.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('live.console.queueEmpty')}
              </Text>
            ) : (
              <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-live="polite" aria-label={t('live.console.queue')}>
                {questions.map((q) => (
                  <QueueItem key={q.id} eventId={eventId} sessionId={sessionId} q={q} />
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>
      </Stack>
      <Stack gap="md">
        <PollsCard eventId={eventId} data={data} />
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="live-chat">
          <Stack gap="xs">
            <Title order={2} fz="h4" id="live-chat">
              {t('live.console.chat')}
            </Title>
            {data.history.messages.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('live.console.chatEmpty')}
              </Text>
            ) : (
              <ScrollArea.Autosize mah={280} type="auto">
                <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-live="polite">
                  {data.history.messages.map((m) => (
                    <li key={m.id}>
                      <Text size="xs" c="dimmed" fw={600}>
                        {m.from.name} · {m.createdAt.slice(11, 16)}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {m.content}
                      </Text>
                    </li>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Stack>
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}

function LiveReport({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const report = useQuery({ queryKey: liveKeys.report(eventId), queryFn: ({ signal }) => liveOrgApi.report(eventId, signal) });
  if (report.isPending) return <ListLoading rows={2} />;
  if (report.isError) return <ListError error={report.error} onRetry={() => void report.refetch()} />;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="live-report">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="live-report">
          {t('live.console.report')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('live.console.reportIntro')}
        </Text>
        <ScrollArea type="auto">
          <Table striped miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('live.console.cols.session')}</Table.Th>
                <Table.Th ta="right">{t('live.console.cols.messages')}</Table.Th>
                <Table.Th ta="right">{t('live.console.cols.questions')}</Table.Th>
                <Table.Th ta="right">{t('live.console.cols.upvotes')}</Table.Th>
                <Table.Th ta="right">{t('live.console.cols.polls')}</Table.Th>
                <Table.Th ta="right">{t('live.console.cols.votes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.data.items.map((r) => (
                <Table.Tr key={r.sessionId}>
                  <Table.Td>{r.title}</Table.Td>
                  <Table.Td ta="right">{r.messages}</Table.Td>
                  <Table.Td ta="right">{r.questions}</Table.Td>
                  <Table.Td ta="right">{r.upvotes}</Table.Td>
                  <Table.Td ta="right">{r.polls}</Table.Td>
                  <Table.Td ta="right">{r.pollVotes}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
    </Paper>
  );
}

/**
 * /app/sessions/live?session=…: the moderator console of one session (the Q&A queue, polls with live results, the
 * now-playing switch, the session chat) and the host report. Reading needs AP-300; moderating AP-302. It hears the
 * event's live rooms on the organiser socket and re-reads what changed.
 */
export function LiveConsolePage() {
  const { t } = useTranslation();
  usePageTitle(t('live.console.title'));
  const eventId = useSectionEventId();
  const qc = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const programme = useQuery({ queryKey: [...liveKeys.event(eventId), 'programme'], queryFn: ({ signal }) => liveOrgApi.programme(eventId, signal), enabled: !!eventId });
  const isConnected = useOrganiserLive(eventId || null, (sessionId) => {
    void qc.invalidateQueries({ queryKey: liveKeys.console(eventId, sessionId) });
    void qc.invalidateQueries({ queryKey: liveKeys.report(eventId) });
  });
  if (programme.isPending) return <ListLoading />;
  if (programme.isError) return <ListError error={programme.error} onRetry={() => void programme.refetch()} />;
  const sessions = programme.data.sessions;
  if (sessions.length === 0) return <ListEmpty icon={<IconCalendarEvent size={32} />} title={t('live.console.noSessions')} body={t('live.console.noSessionsBody')} />;
  const now = Date.now();
  const fallback = sessions.find((s) => new Date(s.endsAt).getTime() > now) ?? sessions[0]!;
  const sessionId = sessions.some((s) => s.id === search.get('session')) ? search.get('session')! : fallback.id;
  const session = sessions.find((s) => s.id === sessionId)!;
  const roomName = programme.data.rooms.find((r) => r.id === session.roomId)?.name ?? t('live.console.mainStage');
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('live.console.intro')}
      </Text>
      <Select
        label={t('live.console.session')}
        placeholder={t('live.console.pickSession')}
        data={sessions.map((s) => ({ value: s.id, label: `${s.start.slice(0, 10)} ${s.start.slice(11, 16)} · ${s.title}` }))}
        value={sessionId}
        onChange={(v) =>
          v &&
          setSearch((prev) => {
            const next = new URLSearchParams(prev);
            next.set('session', v);
            return next;
          })
        }
        searchable
        allowDeselect={false}
        maw={560}
      />
      <SessionConsole key={sessionId} eventId={eventId} sessionId={sessionId} roomName={roomName} isConnected={isConnected} />
      <LiveReport eventId={eventId} />
    </Stack>
  );
}
