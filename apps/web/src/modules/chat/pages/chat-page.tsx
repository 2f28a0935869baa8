import '../chat-i18n.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Box, Button, Group, Modal, Paper, ScrollArea, Stack, Text, TextInput, Textarea, UnstyledButton } from '@mantine/core';
import { IconArrowBackUp, IconMessages, IconPlus, IconSearch, IconSend, IconX } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CHAT_MESSAGE_MAX_LENGTH, type TChatMessageInput, type TChatPerson, type TChatStoredMessage } from '@pavilion/domain/chat/chat.schemas';
import { TYPING_INDICATOR_OFF_MS } from '@pavilion/domain/constants/limits';
import { useEventData } from '../../../app/session-storage.ts';
import { AttendeePage } from '../../../ui/attendee-page.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { chatApi, chatKeys } from '../api/chat-api.ts';
import { addMessage, useChatSocket } from '../hooks/use-chat-socket.ts';
import { useChatRooms } from '../hooks/use-unread-chats.ts';
import { timeAgo } from '../time-ago.ts';

type ChatSocket = ReturnType<typeof useChatSocket>;

function useNow(ms = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

function ParticipantPicker({ eventId, opened, onClose, onPick }: { eventId: string; opened: boolean; onClose: () => void; onPick: (p: TChatPerson) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const list = useQuery({ queryKey: chatKeys.participants(eventId, q), queryFn: ({ signal }) => chatApi.participants(eventId, q, signal), enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title={t('chat.pickTitle')} fullScreen={typeof window !== 'undefined' && window.innerWidth < 576}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('chat.directoryHint')}
        </Text>
        <TextInput label={t('chat.search')} leftSection={<IconSearch size={16} aria-hidden />} value={q} onChange={(e) => setQ(e.currentTarget.value)} data-autofocus />
        {list.isPending ? (
          <ListLoading rows={3} />
        ) : list.isError ? (
          <ListError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <Text c="dimmed">{t('chat.noParticipants')}</Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.data.map((p) => (
              <li key={p.registrationId}>
                <Button
                  variant="subtle"
                  fullWidth
                  justify="space-between"
                  disabled={!p.eventUserId}
                  onClick={() => p.eventUserId && onPick({ eventUserId: p.eventUserId, name: p.name })}
                  rightSection={!p.eventUserId ? <Text size="xs">{t('chat.notInApp')}</Text> : null}
                >
                  {p.name}
                </Button>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

function RoomList({ eventId, onOpen }: { eventId: string; onOpen: (roomId: string, other: TChatPerson) => void }) {
  const { t } = useTranslation();
  const now = useNow();
  const rooms = useChatRooms(eventId);
  if (rooms.isPending) return <ListLoading rows={3} />;
  if (rooms.isError) return <ListError error={rooms.error} onRetry={() => void rooms.refetch()} />;
  if (rooms.data.rooms.length === 0) return <EmptyState icon={<IconMessages size={32} />} title={t('chat.noConversations')} description={t('chat.noConversationsBody')} />;
  return (
    <Stack gap={0} component="ul" aria-label={t('chat.conversations')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rooms.data.rooms.map((r) => (
        <li key={r.roomId}>
          <UnstyledButton w="100%" p="sm" onClick={() => onOpen(r.roomId, r.other)} data-testid="chat-room" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Box miw={0}>
                <Text fw={r.unread ? 700 : 500}>{r.other.name}</Text>
                <Text size="sm" c="dimmed" truncate>
                  {r.lastMessage ? `${r.lastMessage.from.eventUserId === rooms.data.me.eventUserId ? `${t('chat.you')}: ` : ''}${r.lastMessage.content}` : ''}
                </Text>
              </Box>
              <Stack gap={4} align="flex-end">
                {r.lastMessage && (
                  <Text size="xs" c="dimmed">
                    {timeAgo(r.lastMessage.createdAt, now, t)}
                  </Text>
                )}
                {r.unread > 0 && (
                  <Badge size="sm" circle aria-label={t('chat.unread', { count: r.unread })}>
                    {r.unread}
                  </Badge>
                )}
              </Stack>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}

function Bubble({ m, isMine, status, onReply, now }: { m: TChatStoredMessage; isMine: boolean; status: string | null; onReply: () => void; now: Date }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align={isMine ? 'flex-end' : 'flex-start'} data-testid="chat-message" data-mine={isMine}>
      <Paper px="sm" py={6} radius="md" maw="85%" bg={isMine ? 'blue.0' : 'white'} withBorder>
        {m.isReply && (
          <Text size="xs" c="dimmed" fs="italic" mb={2} style={{ borderLeft: '2px solid var(--mantine-color-gray-4)', paddingLeft: 6 }}>
            {m.replyPreview ?? '…'}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.content}
        </Text>
      </Paper>
      <Group gap={6}>
        <Text size="xs" c="dimmed">
          {timeAgo(m.createdAt, now, t)}
        </Text>
        {status && (
          <Text size="xs" c={status === t('chat.read') ? 'blue.9' : 'dimmed'} fw={status === t('chat.read') ? 600 : undefined} data-testid="chat-read-state">
            {status}
          </Text>
        )}
        <ActionIcon variant="subtle" size="sm" onClick={onReply} aria-label={`${t('chat.reply')}: ${m.content.slice(0, 40)}`}>
          <IconArrowBackUp size={14} aria-hidden />
        </ActionIcon>
      </Group>
    </Stack>
  );
}

function Conversation({ eventId, me, roomId, other, socket, onRoom }: { eventId: string; me: string; roomId: string | null; other: TChatPerson; socket: ChatSocket; onRoom: (roomId: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const now = useNow();
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<TChatStoredMessage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isTypingSent = useRef(false);
  const lastReadSent = useRef<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const history = useInfiniteQuery({
    queryKey: chatKeys.history(eventId, roomId ?? ''),
    queryFn: ({ pageParam, signal }) => chatApi.history(eventId, roomId!, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.messages[0]?.id : undefined),
    enabled: !!roomId,
  });
  const messages = useMemo(() => (history.data ? [...history.data.pages].reverse().flatMap((p) => p.messages) : []), [history.data]);
  const newest = history.data?.pages[0];
  const otherReadIdx = newest?.otherReadUpTo ? messages.findIndex((m) => m.id === newest.otherReadUpTo) : -1;
  const lastMineIdx = messages.findLastIndex((m) => m.from.eventUserId === me);
  const isOtherTyping = !!roomId && !!socket.typing[roomId];

  // The newest message of the other side, once shown, is read: its receipt goes once.
  const lastTheirs = messages.findLast((m) => m.from.eventUserId !== me);
  useEffect(() => {
    if (!roomId || !lastTheirs || !socket.isConnected) return;
    if (lastReadSent.current === lastTheirs.id || newest?.readUpTo === lastTheirs.id) return;
    lastReadSent.current = lastTheirs.id;
    void socket.emit('readMessage', { roomId, messageId: lastTheirs.id });
  }, [roomId, lastTheirs, newest?.readUpTo, socket]);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, isOtherTyping]);

  const stopTyping = () => {
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = null;
    if (isTypingSent.current && roomId) void socket.emit('typing', { roomId, isTyping: false });
    isTypingSent.current = false;
  };
  useEffect(() => stopTyping, []); // eslint-disable-line react-hooks/exhaustive-deps -- on leaving the conversation only

  const onType = (value: string) => {
    setText(value);
    if (!roomId) return;
    if (!isTypingSent.current) {
      isTypingSent.current = true;
      void socket.emit('typing', { roomId, isTyping: true });
    }
    // SPEC §4: the typing indicator turns off after 1 s idle.
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(stopTyping, TYPING_INDICATOR_OFF_MS);
  };

  const send = async () => {
    const content = text.trim();
    if (!content || isSending) return;
    stopTyping();
    setSending(true);
    setError(null);
    const payload: TChatMessageInput = {
      roomId: roomId ?? '',
      content,
      from: { eventUserId: me },
      member: [me, other.eventUserId],
      isReply: !!replyTo,
      replyToMessage: replyTo?.id ?? null,
      clientId: crypto.randomUUID(),
    };
    const ack = await socket.emit<TChatStoredMessage>('message', payload);
    setSending(false);
    if (!ack.ok) return setError(t('chat.sendFailed', { message: ack.message }));
    setText('');
    setReplyTo(null);
    if (!roomId) {
      onRoom(ack.data.roomId);
    } else {
      addMessage(qc, eventId, ack.data);
    }
    void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId) });
  };

  return (
    <Paper withBorder radius="md" p={0} aria-label={t('chat.conversation', { name: other.name })} component="section">
      <ScrollArea.Autosize mah="60vh" type="auto" p="sm">
        <Stack gap="sm" p="sm">
          {history.hasNextPage && (
            <Button variant="subtle" size="xs" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              {t('chat.olderMessages')}
            </Button>
          )}
          {roomId && history.isPending ? (
            <ListLoading rows={3} />
          ) : history.isError ? (
            <ListError error={history.error} onRetry={() => void history.refetch()} />
          ) : messages.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t('chat.noMessages')}
            </Text>
          ) : (
            messages.map((m, i) => (
              <Bubble
                key={m.id}
                m={m}
                isMine={m.from.eventUserId === me}
                status={i === lastMineIdx ? (otherReadIdx >= i ? t('chat.read') : t('chat.sent')) : null}
                onReply={() => setReplyTo(m)}
                now={now}
              />
            ))
          )}
          <Text size="xs" c="dimmed" fs="italic" aria-live="polite" data-testid="chat-typing" mih={18}>
            {isOtherTyping ? t('chat.typing', { name: other.name }) : ''}
          </Text>
          <div ref={bottom} />
        </Stack>
      </ScrollArea.Autosize>
      <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Stack gap="xs">
          {!socket.isConnected && (
            <Text size="xs" c="orange.8">
              {t('chat.offline')}
            </Text>
          )}
          {error && (
            <Alert color="red" p="xs" withCloseButton onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          {replyTo && (
            <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="chat-replying">
              <Text size="xs" c="dimmed" truncate>
                {t('chat.replyingTo', { text: replyTo.content })}
              </Text>
              <ActionIcon variant="subtle" size="sm" onClick={() => setReplyTo(null)} aria-label={t('chat.cancelReply')}>
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </Group>
          )}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Textarea
                style={{ flex: 1 }}
                aria-label={t('chat.messageLabel', { name: other.name })}
                placeholder={t('chat.messageLabel', { name: other.name })}
                autosize
                minRows={1}
                maxRows={4}
                maxLength={CHAT_MESSAGE_MAX_LENGTH}
                value={text}
                onChange={(e) => onType(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    void send();
                  }
                }}
              />
              <Button type="submit" loading={isSending} disabled={!text.trim() || !socket.isConnected} leftSection={<IconSend size={16} aria-hidden />}>
                {t('chat.send')}
              </Button>
            </Group>
          </form>
        </Stack>
      </Box>
    </Paper>
  );
}

/** `attendium/chat`: the signed-in participant's 1:1 chats in the event they signed in to (issue 17), phone first. */
export function ChatPage() {
  const { t } = useTranslation();
  usePageTitle(t('chat.title'));
  const eventData = useEventData();
  const [search, setSearch] = useSearchParams();
  const [isPicking, setPicking] = useState(false);
  const eventId = eventData?.eventId ?? null;
  const me = eventData?.eventUserId ?? null;
  const socket = useChatSocket(eventId, me);
  const roomId = search.get('room');
  const other = search.get('with') ? { eventUserId: search.get('with')!, name: search.get('name') ?? '' } : null;
  const rooms = useChatRooms(eventId);
  const open = (room: string | null, person: TChatPerson) => {
    const existing = room ?? rooms.data?.rooms.find((r) => r.other.eventUserId === person.eventUserId)?.roomId ?? null;
    setSearch({ ...(existing ? { room: existing } : {}), with: person.eventUserId, name: person.name });
  };
  const back = { to: eventId ? `/tabs/event-info?eventId=${encodeURIComponent(eventId)}` : '/attendium', label: t('chat.home') };

  if (!eventId || !me) {
    return (
      <AttendeePage back={back} title={t('chat.title')}>
        <EmptyState icon={<IconMessages size={32} />} title={t('chat.signInFirst')} description={t('chat.signInFirstBody')} />
      </AttendeePage>
    );
  }
  if (other) {
    return (
      <AttendeePage back={{ to: '/attendium/chat', label: t('chat.back') }} title={other.name}>
        <Conversation key={roomId ?? `draft-${other.eventUserId}`} eventId={eventId} me={me} roomId={roomId} other={other} socket={socket} onRoom={(r) => setSearch({ room: r, with: other.eventUserId, name: other.name }, { replace: true })} />
      </AttendeePage>
    );
  }
  return (
    <AttendeePage back={back} title={t('chat.title')} intro={t('chat.intro')}>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setPicking(true)}>
          {t('chat.newChat')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p={0}>
        <RoomList eventId={eventId} onOpen={(r, person) => open(r, person)} />
      </Paper>
      <ParticipantPicker
        eventId={eventId}
        opened={isPicking}
        onClose={() => setPicking(false)}
        onPick={(p) => {
          setPicking(false);
          open(null, p);
        }}
      />
    </AttendeePage>
  );
}
