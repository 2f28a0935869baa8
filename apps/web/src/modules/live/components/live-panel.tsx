import '../live-i18n.ts';
import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Badge, Box, Button, Group, Paper, Radio, ScrollArea, Stack, Tabs, Text, TextInput, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowUp, IconChartBar, IconCheck, IconMessageQuestion, IconMessages, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIVE_MESSAGE_MAX_LENGTH, LIVE_QUESTION_MAX_LENGTH, type TLiveQuestion } from '@pavilion/domain/live/live.schemas';
import { useEventData } from '../../../app/session-storage.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ListLoading } from '../../../ui/list-states.tsx';
import { useLiveRoom } from '../hooks/use-live-room.ts';
import { PollResults } from './poll-results.tsx';

type Live = ReturnType<typeof useLiveRoom>;

/** A text box that sends over the socket: cleared when the server acknowledges, its refusal shown otherwise. */
function useComposer(send: (text: string) => Promise<{ ok: boolean; message?: string }>) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setSending(true);
    const ack = await send(text);
    setSending(false);
    if (ack.ok) {
      setText('');
      setError(null);
    } else setError(ack.message ?? null);
  };
  return { text, setText, error, isSending, submit };
}

function ChatTab({ live, me }: { live: Live; me: string }) {
  const { t } = useTranslation();
  const { text, setText, error, isSending, submit } = useComposer((value) => live.say(value));
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah={320} type="auto">
        {live.hasMore && (
          <Button variant="subtle" size="xs" onClick={() => void live.loadOlder()}>
            {t('live.chat.older')}
          </Button>
        )}
        {live.messages.length === 0 ? (
          <Text size="sm" c="dimmed" py="sm">
            {t('live.chat.empty')}
          </Text>
        ) : (
          <Stack gap={6} component="ol" aria-label={t('live.chat.label')} aria-live="polite" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {live.messages.map((m) => (
              <li key={m.id} data-testid="live-message">
                <Text size="xs" c="dimmed" fw={600}>
                  {m.from.eventUserId === me ? t('live.you') : m.from.name} · {m.createdAt.slice(11, 16)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {m.content}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
      <form onSubmit={(e) => void submit(e)}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            style={{ flex: 1 }}
            aria-label={t('live.chat.input')}
            placeholder={t('live.chat.input')}
            maxLength={LIVE_MESSAGE_MAX_LENGTH}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
          />
          <ActionIcon type="submit" size="lg" aria-label={t('live.chat.send')} loading={isSending} disabled={!text.trim()}>
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </form>
    </Stack>
  );
}

function QuestionItem({ q, live, me, isModerator }: { q: TLiveQuestion; live: Live; me: string; isModerator: boolean }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const isMine = q.from.eventUserId === me;
  const isUpvoted = live.room.data?.myUpvotes.includes(q.id) ?? false;
  const run = async (action: 'upvote' | 'answer' | 'reopen' | 'hide') => {
    const ack = await live.act(q.id, action);
    setError(ack.ok ? null : ack.message);
  };
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="live-question" data-answered={q.isAnswered}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {q.question}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {t('live.qna.by', { name: isMine ? t('live.you') : q.from.name })}
            </Text>
            {q.isAnswered && (
              <Badge size="xs" color="teal.9" leftSection={<IconCheck size={10} aria-hidden />}>
                {t('live.qna.answered')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Button
          size="compact-sm"
          variant={isUpvoted ? 'filled' : 'light'}
          leftSection={<IconArrowUp size={14} aria-hidden />}
          aria-pressed={isUpvoted}
          disabled={isMine}
          onClick={() => void run('upvote')}
          data-testid="upvote"
          miw={56}
          style={{ flexShrink: 0 }}
        >
          <span aria-hidden data-testid="upvote-count">
            {q.upvotes}
          </span>
          <VisuallyHidden>{t('live.qna.upvoteLabel', { question: q.question.slice(0, 60), count: q.upvotes })}</VisuallyHidden>
        </Button>
      </Group>
      {isModerator && (
        <Group gap="xs" mt="xs">
          <Button size="compact-xs" variant="subtle" onClick={() => void run(q.isAnswered ? 'reopen' : 'answer')}>
            {q.isAnswered ? t('live.qna.reopen') : t('live.qna.answer')}
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => void run('hide')}>
            {t('live.qna.hide')}
          </Button>
        </Group>
      )}
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Paper>
  );
}

function QnaTab({ live, me }: { live: Live; me: string }) {
  const { t } = useTranslation();
  const { text, setText, error, isSending, submit } = useComposer((value) => live.ask(value));
  const questions = live.room.data?.questions ?? [];
  return (
    <Stack gap="sm">
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="xs">
          <Textarea label={t('live.qna.ask')} autosize minRows={2} maxRows={5} maxLength={LIVE_QUESTION_MAX_LENGTH} value={text} onChange={(e) => setText(e.currentTarget.value)} error={error} />
          <Button type="submit" loading={isSending} disabled={!text.trim()} style={{ alignSelf: 'flex-end' }}>
            {t('live.qna.askButton')}
          </Button>
        </Stack>
      </form>
      {questions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('live.qna.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" aria-label={t('live.qna.label')} aria-live="polite" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {questions.map((q) => (
            <QuestionItem key={q.id} q={q} live={live} me={me} isModerator={live.room.data?.me.isModerator ?? false} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PollTab({ live }: { live: Live }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const poll = live.room.data?.poll ?? null;
  const myVote = live.room.data?.myVote ?? null;
  if (!poll) return <EmptyState icon={<IconChartBar size={32} />} title={t('live.poll.empty')} description={t('live.poll.emptyBody')} headingLevel={3} />;
  const canVote = poll.status === 'live' && myVote === null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (choice === null) return;
    setSending(true);
    const ack = await live.vote(poll.pollId, Number(choice));
    setSending(false);
    setError(ack.ok ? null : ack.message);
  };
  return (
    <Stack gap="sm" aria-live="polite">
      <Title order={3} fz="md">
        {poll.question}
      </Title>
      {canVote ? (
        <form onSubmit={(e) => void submit(e)}>
          <Stack gap="sm">
            <Radio.Group value={choice} onChange={setChoice} label={t('live.poll.choose')} error={error}>
              <Stack gap="xs" mt="xs">
                {poll.options.map((o, i) => (
                  <Radio key={i} value={String(i)} label={o.label} />
                ))}
              </Stack>
            </Radio.Group>
            <Button type="submit" disabled={choice === null} loading={isSending} style={{ alignSelf: 'flex-start' }}>
              {t('live.poll.vote')}
            </Button>
          </Stack>
        </form>
      ) : (
        <>
          {myVote !== null && poll.status === 'live' && (
            <Text size="sm" c="teal.9">
              {t('live.poll.thanks')}
            </Text>
          )}
          <PollResults poll={poll} myVote={myVote} />
        </>
      )}
    </Stack>
  );
}

/**
 * The attendee's "Live" panel of a session (the Auditorium): Chat, Q&A and Poll tabs over the shared participant
 * socket. Signed-in participants of the event only; others get a short note.
 */
export function LivePanel({ eventId, sessionId, title }: { eventId: string; sessionId: string; title: string }) {
  const { t } = useTranslation();
  const eventData = useEventData();
  const me = eventData?.eventId === eventId ? (eventData.eventUserId ?? null) : null;
  const live = useLiveRoom(eventId, sessionId, me);
  const [tab, setTab] = useState<string | null>('chat');
  const hasLivePoll = live.room.data?.poll?.status === 'live' && live.room.data.myVote === null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={t('live.panelOf', { title })} data-testid="live-panel">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4">
          {t('live.panel')}
        </Title>
        {me && !live.socket.isConnected && (
          <Badge color="gray" variant="light">
            {t('live.connecting')}
          </Badge>
        )}
      </Group>
      {!me ? (
        <Text size="sm" c="dimmed">
          {t('live.signIn')}
        </Text>
      ) : live.room.isPending ? (
        <ListLoading rows={3} />
      ) : live.room.isError ? (
        <Alert color="red" title={t('live.error')}>
          <Button size="xs" variant="light" onClick={() => void live.room.refetch()}>
            {t('live.retry')}
          </Button>
        </Alert>
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="chat" leftSection={<IconMessages size={16} aria-hidden />}>
              {t('live.tabs.chat')}
            </Tabs.Tab>
            <Tabs.Tab value="qna" leftSection={<IconMessageQuestion size={16} aria-hidden />}>
              {t('live.tabs.qna')}
            </Tabs.Tab>
            <Tabs.Tab value="poll" leftSection={<IconChartBar size={16} aria-hidden />} rightSection={hasLivePoll ? <Box w={8} h={8} bg="red.7" style={{ borderRadius: 4 }} aria-hidden /> : null}>
              {t('live.tabs.poll')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="chat" pt="sm">
            <ChatTab live={live} me={me} />
          </Tabs.Panel>
          <Tabs.Panel value="qna" pt="sm">
            <QnaTab live={live} me={me} />
          </Tabs.Panel>
          <Tabs.Panel value="poll" pt="sm">
            <PollTab live={live} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Paper>
  );
}

