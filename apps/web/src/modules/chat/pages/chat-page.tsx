import '../chat-i18n.ts';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Box, Button, Checkbox, Group, Menu, Modal, Paper, Radio, ScrollArea, Stack, Text, TextInput, Textarea, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconDotsVertical, IconFlag, IconMessages, IconPlus, IconSearch, IconSend, IconUsersGroup, IconX } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  CHAT_GROUP_MAX_MEMBERS,
  CHAT_GROUP_NAME_MAX_LENGTH,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_REPORT_REASONS,
  type TChatGroup,
  type TChatMessageInput,
  type TChatPerson,
  type TChatReportReason,
  type TChatRestriction,
  type TChatStoredMessage,
} from '@pavilion/domain/chat/chat.schemas';
import { OnlineState } from '@pavilion/domain/chat/chat.enums';
import { TYPING_INDICATOR_OFF_MS } from '@pavilion/domain/constants/limits';
import { errorMessage } from '../../../app/form-errors.ts';
import { useEventData } from '../../../app/session-storage.ts';
import { toast } from '../../../app/toast.ts';
import { AttendeePage } from '../../../ui/attendee-page.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { chatApi, chatKeys } from '../api/chat-api.ts';
import { addMessage, useChatSocket } from '../hooks/use-chat-socket.ts';
import { useChatRooms } from '../hooks/use-unread-chats.ts';
import { timeAgo } from '../time-ago.ts';
import { StartCallButton } from '../../video/index.ts';

type ChatSocket = ReturnType<typeof useChatSocket>;

function useNow(ms = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** SPEC §3.10 online state: a dot, and the state in words for screen readers (and beside it when `withText`); nothing while unknown. */
function OnlineDot({ state, withText = false }: { state: number | undefined; withText?: boolean }) {
  const { t } = useTranslation();
  if (state === undefined) return null;
  const isOnline = state === OnlineState.Online;
  const label = isOnline ? t('chat.online') : t('chat.offlineState');
  return (
    <Group gap={4} wrap="nowrap" component="span" data-testid="online-state" data-state={isOnline ? 'online' : 'offline'}>
      <Box component="span" aria-hidden w={10} h={10} style={{ borderRadius: '50%', display: 'inline-block', flex: 'none', background: isOnline ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-5)' }} />
      {withText ? (
        <Text span size="xs" c="gray.8">
          {label}
        </Text>
      ) : (
        <VisuallyHidden component="span">{label}</VisuallyHidden>
      )}
    </Group>
  );
}

type Online = Record<string, number>;
const stateOf = (online: Online, id: string | undefined, fallback: number | undefined) => (id && online[id] !== undefined ? online[id] : fallback);

/**
 * Whom to chat with: the event's networking directory. `single` opens a 1:1 chat with the one picked; `group` names a
 * new group and ticks its members; `add` ticks people to add to a group (those already in are left out).
 */
function ParticipantPicker({
  eventId,
  mode,
  opened,
  online,
  exclude = [],
  onClose,
  onPick,
  onGroup,
}: {
  eventId: string;
  mode: 'single' | 'group' | 'add';
  opened: boolean;
  online: Online;
  exclude?: string[];
  onClose: () => void;
  onPick?: (p: TChatPerson) => void;
  onGroup?: (name: string, members: string[]) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const list = useQuery({ queryKey: chatKeys.participants(eventId, q), queryFn: ({ signal }) => chatApi.participants(eventId, q, signal), enabled: opened });
  const isMulti = mode !== 'single';
  const room = CHAT_GROUP_MAX_MEMBERS - 1 - exclude.length;
  const people = (list.data ?? []).filter((p) => !p.eventUserId || !exclude.includes(p.eventUserId));
  const submit = async () => {
    if (!onGroup) return;
    setSaving(true);
    setError(null);
    const failure = await onGroup(name.trim(), picked);
    setSaving(false);
    if (failure) return setError(failure);
    setPicked([]);
    setName('');
  };
  const title = mode === 'single' ? t('chat.pickTitle') : mode === 'group' ? t('chat.newGroupTitle') : t('chat.addPeopleTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={typeof window !== 'undefined' && window.innerWidth < 576}>
      <Stack gap="sm">
        {mode === 'group' && <TextInput label={t('chat.groupName')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={CHAT_GROUP_NAME_MAX_LENGTH} required data-autofocus />}
        <Text size="sm" c="dimmed">
          {t('chat.directoryHint')}
        </Text>
        <TextInput label={t('chat.search')} leftSection={<IconSearch size={16} aria-hidden />} value={q} onChange={(e) => setQ(e.currentTarget.value)} data-autofocus={mode !== 'group' || undefined} />
        {list.isPending ? (
          <ListLoading rows={3} />
        ) : list.isError ? (
          <ListError error={list.error} onRetry={() => void list.refetch()} />
        ) : people.length === 0 ? (
          <Text c="dimmed">{t('chat.noParticipants')}</Text>
        ) : isMulti ? (
          <Stack gap={6} role="group" aria-label={t('chat.members')}>
            {people.map((p) => (
              <Group key={p.registrationId} justify="space-between" wrap="nowrap">
                <Checkbox
                  label={p.name}
                  disabled={!p.eventUserId || (!picked.includes(p.eventUserId) && picked.length >= room)}
                  checked={!!p.eventUserId && picked.includes(p.eventUserId)}
                  onChange={(e) => {
                    const id = p.eventUserId;
                    if (!id) return;
                    const on = e.currentTarget.checked;
                    setPicked((list) => (on ? [...list, id] : list.filter((x) => x !== id)));
                  }}
                />
                {p.eventUserId ? <OnlineDot state={stateOf(online, p.eventUserId, p.onlineState)} withText /> : <Text size="xs">{t('chat.notInApp')}</Text>}
              </Group>
            ))}
          </Stack>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {people.map((p) => (
              <li key={p.registrationId}>
                <Button
                  variant="subtle"
                  fullWidth
                  justify="space-between"
                  disabled={!p.eventUserId}
                  onClick={() => p.eventUserId && onPick?.({ eventUserId: p.eventUserId, name: p.name })}
                  rightSection={!p.eventUserId ? <Text size="xs">{t('chat.notInApp')}</Text> : <OnlineDot state={stateOf(online, p.eventUserId, p.onlineState)} />}
                >
                  {p.name}
                </Button>
              </li>
            ))}
          </Stack>
        )}
        {isMulti && (
          <>
            <Text size="xs" c="dimmed">
              {t('chat.groupLimit', { count: CHAT_GROUP_MAX_MEMBERS })}
            </Text>
            {error && (
              <Alert color="red" p="xs">
                {error}
              </Alert>
            )}
            <Button onClick={() => void submit()} loading={isSaving} disabled={picked.length === 0 || (mode === 'group' && !name.trim())}>
              {mode === 'group' ? t('chat.createGroup', { count: picked.length }) : t('chat.addPeople', { count: picked.length })}
            </Button>
          </>
        )}
      </Stack>
    </Modal>
  );
}

function RoomList({ eventId, online, onOpen }: { eventId: string; online: Online; onOpen: (roomId: string, other: TChatPerson | null) => void }) {
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
                <Group gap={6} wrap="nowrap">
                  {r.kind === 'group' ? <IconUsersGroup size={16} aria-hidden /> : <OnlineDot state={stateOf(online, r.other?.eventUserId, r.other?.onlineState)} />}
                  <Text fw={r.unread ? 700 : 500} truncate>
                    {r.title}
                  </Text>
                  {r.kind === 'group' && (
                    <Text span size="xs" c="dimmed" style={{ flex: 'none' }}>
                      {t('chat.memberCount', { count: r.memberCount })}
                    </Text>
                  )}
                </Group>
                <Text size="sm" c="dimmed" truncate>
                  {r.isBlocked
                    ? t('chat.blockedShort')
                    : r.lastMessage
                      ? `${r.lastMessage.from.eventUserId === rooms.data.me.eventUserId ? `${t('chat.you')}: ` : ''}${r.lastMessage.isDeleted ? t('chat.deleted') : r.lastMessage.content}`
                      : ''}
                </Text>
              </Box>
              <Stack gap={4} align="flex-end" style={{ flex: 'none' }}>
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

/** Reports a person, or one of their messages, to the organiser. */
function ReportModal({ eventId, target, onClose }: { eventId: string; target: { person: TChatPerson; message: TChatStoredMessage | null } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<TChatReportReason>('spam');
  const [note, setNote] = useState('');
  const send = useMutation({
    mutationFn: () => chatApi.report(eventId, { eventUserId: target!.person.eventUserId, ...(target!.message ? { messageId: target!.message.id } : {}), reason, note }),
    onSuccess: () => {
      toast(t('chat.reportSent'), 'success');
      setNote('');
      onClose();
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  return (
    <Modal opened={!!target} onClose={onClose} title={target?.message ? t('chat.reportMessageTitle') : t('chat.reportUserTitle', { name: target?.person.name ?? '' })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate();
        }}
      >
        <Stack gap="sm">
          {target?.message && (
            <Text size="sm" fs="italic" style={{ borderLeft: '2px solid var(--mantine-color-gray-4)', paddingLeft: 8 }}>
              {target.message.content}
            </Text>
          )}
          <Radio.Group label={t('chat.reportReason')} value={reason} onChange={(v) => setReason(v as TChatReportReason)}>
            <Stack gap={6} mt={4}>
              {CHAT_REPORT_REASONS.map((r) => (
                <Radio key={r} value={r} label={t(`chat.reasons.${r}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea label={t('chat.reportNote')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
          <Text size="xs" c="dimmed">
            {t('chat.reportHint')}
          </Text>
          <Button type="submit" color="red.9" loading={send.isPending}>
            {t('chat.sendReport')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

function Bubble({ m, isMine, author, status, onReply, onReport, now }: { m: TChatStoredMessage; isMine: boolean; author: string | null; status: string | null; onReply: () => void; onReport: () => void; now: Date }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align={isMine ? 'flex-end' : 'flex-start'} data-testid="chat-message" data-mine={isMine}>
      {author && !isMine && (
        <Text size="xs" fw={600} c="gray.7">
          {author}
        </Text>
      )}
      <Paper px="sm" py={6} radius="md" maw="85%" bg={m.isDeleted ? 'gray.0' : isMine ? 'blue.0' : 'white'} withBorder>
        {m.isReply && !m.isDeleted && (
          <Text size="xs" c="dimmed" fs="italic" mb={2} style={{ borderLeft: '2px solid var(--mantine-color-gray-4)', paddingLeft: 6 }}>
            {m.replyPreview ?? t('chat.deleted')}
          </Text>
        )}
        {m.isDeleted ? (
          <Text size="sm" c="dimmed" fs="italic" data-testid="chat-deleted">
            {t('chat.deleted')}
          </Text>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.content}
          </Text>
        )}
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
        {!m.isDeleted && (
          <ActionIcon variant="subtle" size="sm" onClick={onReply} aria-label={`${t('chat.reply')}: ${m.content.slice(0, 40)}`}>
            <IconArrowBackUp size={14} aria-hidden />
          </ActionIcon>
        )}
        {!m.isDeleted && !isMine && (
          <ActionIcon variant="subtle" size="sm" color="gray.7" onClick={onReport} aria-label={`${t('chat.reportMessage')}: ${m.content.slice(0, 40)}`}>
            <IconFlag size={14} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Stack>
  );
}

type Target = { kind: 'direct'; other: TChatPerson } | { kind: 'group'; name: string };

function restrictionText(r: TChatRestriction, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (r.kind === 'removed') return t('chat.removedNotice');
  return r.until ? t('chat.mutedUntil', { time: new Date(r.until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) }) : t('chat.mutedNotice');
}

function Conversation({
  eventId,
  me,
  roomId,
  target,
  socket,
  restriction,
  onRoom,
  onLeft,
}: {
  eventId: string;
  me: string;
  roomId: string | null;
  target: Target;
  socket: ChatSocket;
  restriction: TChatRestriction | null;
  onRoom: (roomId: string) => void;
  onLeft: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const now = useNow();
  const [reporting, setReporting] = useState<{ person: TChatPerson; message: TChatStoredMessage | null } | null>(null);
  const [isAdding, setAdding] = useState(false);
  const detail = useQuery({ queryKey: chatKeys.room(eventId, roomId ?? ''), queryFn: ({ signal }) => chatApi.room(eventId, roomId!, signal), enabled: !!roomId });
  const isGroup = target.kind === 'group';
  const title = target.kind === 'direct' ? target.other.name : (detail.data?.name ?? target.name);
  const other = target.kind === 'direct' ? (detail.data?.members.find((m) => m.eventUserId === target.other.eventUserId) ?? { ...target.other, onlineState: undefined }) : null;
  const names = useMemo(() => new Map((detail.data?.members ?? []).map((m) => [m.eventUserId, m.name])), [detail.data]);
  const isBlocked = !!detail.data?.isBlocked;
  const blocking = useMutation({
    mutationFn: () => (isBlocked ? chatApi.unblock(eventId, other!.eventUserId) : chatApi.block(eventId, other!.eventUserId)),
    onSuccess: () => {
      toast(isBlocked ? t('chat.unblocked', { name: title }) : t('chat.blocked', { name: title }), 'success');
      void qc.invalidateQueries({ queryKey: chatKeys.room(eventId, roomId ?? '') });
      void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId) });
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const leave = async () => {
    if (!roomId) return;
    const ack = await socket.emit('leaveGroup', { roomId });
    if (!ack.ok) return toast(ack.message, 'error');
    toast(t('chat.left', { name: title }), 'success');
    void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId) });
    onLeft();
  };
  const addPeople = async (_name: string, members: string[]): Promise<string | null> => {
    const ack = await socket.emit<TChatGroup>('joinGroup', { roomId, member: members });
    if (!ack.ok) return ack.message;
    setAdding(false);
    void qc.invalidateQueries({ queryKey: chatKeys.room(eventId, roomId ?? '') });
    void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId) });
    return null;
  };
  const blockedReason = restriction ? restrictionText(restriction, t) : isBlocked ? t('chat.blockedNotice', { name: title }) : null;
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
  const typingName = isGroup ? t('chat.someone') : title;

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
    const base = { roomId: roomId ?? '', content, from: { eventUserId: me }, isReply: !!replyTo, replyToMessage: replyTo?.id ?? null, clientId: crypto.randomUUID() };
    const ack =
      target.kind === 'group'
        ? await socket.emit<TChatStoredMessage>('messageGroup', base)
        : await socket.emit<TChatStoredMessage>('message', { ...base, member: [me, target.other.eventUserId] } satisfies TChatMessageInput);
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
    <Paper withBorder radius="md" p={0} aria-label={t('chat.conversation', { name: title })} component="section">
      <Group justify="space-between" wrap="nowrap" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} data-testid="chat-header">
        <Box miw={0}>
          {other ? (
            <OnlineDot state={stateOf(socket.online, other.eventUserId, other.onlineState)} withText />
          ) : (
            <Text size="sm" c="dimmed" truncate>
              {detail.data
                ? `${t('chat.memberCount', { count: detail.data.members.length })} · ${t('chat.onlineCount', { count: detail.data.members.filter((m) => m.eventUserId !== me && stateOf(socket.online, m.eventUserId, m.onlineState) === OnlineState.Online).length })}`
                : ''}
            </Text>
          )}
          {isGroup && detail.data && (
            <Text size="xs" c="dimmed" truncate>
              {detail.data.members.map((m) => (m.eventUserId === me ? t('chat.you') : m.name)).join(', ')}
            </Text>
          )}
        </Box>
        <Group gap={4} wrap="nowrap">
        {other && !isBlocked && (
          // modules/video: a 1:1 video call with the other member of the conversation.
          <Suspense fallback={null}>
            <StartCallButton peer={{ eventUserId: other.eventUserId, name: other.name }} compact />
          </Suspense>
        )}
        {(roomId || other) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={t('chat.actions', { name: title })}>
                <IconDotsVertical size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {other && <Menu.Item onClick={() => blocking.mutate()}>{isBlocked ? t('chat.unblock', { name: title }) : t('chat.block', { name: title })}</Menu.Item>}
              {other && <Menu.Item onClick={() => setReporting({ person: other, message: null })}>{t('chat.reportUser', { name: title })}</Menu.Item>}
              {isGroup && roomId && <Menu.Item onClick={() => setAdding(true)}>{t('chat.addPeopleTitle')}</Menu.Item>}
              {isGroup && roomId && (
                <Menu.Item color="red.9" onClick={() => void leave()}>
                  {t('chat.leaveGroup')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
        </Group>
      </Group>
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
                author={isGroup ? (names.get(m.from.eventUserId) ?? t('chat.formerMember')) : null}
                status={i === lastMineIdx && !isGroup ? (otherReadIdx >= i ? t('chat.read') : t('chat.sent')) : null}
                onReply={() => setReplyTo(m)}
                onReport={() => setReporting({ person: { eventUserId: m.from.eventUserId, name: names.get(m.from.eventUserId) ?? title }, message: m })}
                now={now}
              />
            ))
          )}
          <Text size="xs" c="dimmed" fs="italic" aria-live="polite" data-testid="chat-typing" mih={18}>
            {isOtherTyping ? t('chat.typing', { name: typingName }) : ''}
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
          {blockedReason && (
            <Alert color={restriction ? 'orange' : 'gray'} p="xs" data-testid="chat-restriction">
              {blockedReason}
            </Alert>
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
                aria-label={t('chat.messageLabel', { name: title })}
                placeholder={t('chat.messageLabel', { name: title })}
                disabled={!!blockedReason}
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
              <Button type="submit" loading={isSending} disabled={!text.trim() || !socket.isConnected || !!blockedReason} leftSection={<IconSend size={16} aria-hidden />}>
                {t('chat.send')}
              </Button>
            </Group>
          </form>
        </Stack>
      </Box>
      <ReportModal eventId={eventId} target={reporting} onClose={() => setReporting(null)} />
      {isGroup && (
        <ParticipantPicker eventId={eventId} mode="add" opened={isAdding} online={socket.online} exclude={detail.data?.members.map((m) => m.eventUserId) ?? []} onClose={() => setAdding(false)} onGroup={addPeople} />
      )}
    </Paper>
  );
}

/** `attendium/chat`: the signed-in participant's 1:1 and group chats in the event they signed in to (issue 17), phone first. */
export function ChatPage() {
  const { t } = useTranslation();
  usePageTitle(t('chat.title'));
  const eventData = useEventData();
  const qc = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [picking, setPicking] = useState<'single' | 'group' | null>(null);
  const eventId = eventData?.eventId ?? null;
  const me = eventData?.eventUserId ?? null;
  const socket = useChatSocket(eventId, me);
  const roomId = search.get('room');
  const other = search.get('with') ? { eventUserId: search.get('with')!, name: search.get('name') ?? '' } : null;
  const rooms = useChatRooms(eventId);
  const open = (room: string | null, person: TChatPerson | null) => {
    if (!person) return room && setSearch({ room });
    const existing = room ?? rooms.data?.rooms.find((r) => r.other?.eventUserId === person.eventUserId)?.roomId ?? null;
    setSearch({ ...(existing ? { room: existing } : {}), with: person.eventUserId, name: person.name });
  };
  const createGroup = async (name: string, members: string[]): Promise<string | null> => {
    const ack = await socket.emit<TChatGroup>('joinGroup', { name, member: members });
    if (!ack.ok) return ack.message;
    setPicking(null);
    void qc.invalidateQueries({ queryKey: chatKeys.rooms(eventId ?? '') });
    setSearch({ room: ack.data.roomId });
    return null;
  };
  const back = { to: eventId ? `/tabs/event-info?eventId=${encodeURIComponent(eventId)}` : '/attendium', label: t('chat.home') };
  const restriction = rooms.data?.restriction ?? null;

  if (!eventId || !me) {
    return (
      <AttendeePage back={back} title={t('chat.title')}>
        <EmptyState icon={<IconMessages size={32} />} title={t('chat.signInFirst')} description={t('chat.signInFirstBody')} />
      </AttendeePage>
    );
  }
  if (other || roomId) {
    const summary = rooms.data?.rooms.find((r) => r.roomId === roomId);
    const target: Target = other ? { kind: 'direct', other } : { kind: 'group', name: summary?.title ?? '' };
    return (
      <AttendeePage back={{ to: '/attendium/chat', label: t('chat.back') }} title={other ? other.name : (summary?.title ?? t('chat.group'))}>
        <Conversation
          key={roomId ?? `draft-${other?.eventUserId}`}
          eventId={eventId}
          me={me}
          roomId={roomId}
          target={target}
          socket={socket}
          restriction={restriction}
          onRoom={(r) => other && setSearch({ room: r, with: other.eventUserId, name: other.name }, { replace: true })}
          onLeft={() => setSearch({})}
        />
      </AttendeePage>
    );
  }
  return (
    <AttendeePage back={back} title={t('chat.title')} intro={t('chat.intro')}>
      {restriction && (
        <Alert color="orange" data-testid="chat-restriction">
          {restrictionText(restriction, t)}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" leftSection={<IconUsersGroup size={16} aria-hidden />} onClick={() => setPicking('group')} disabled={restriction?.kind === 'removed'}>
          {t('chat.newGroup')}
        </Button>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setPicking('single')}>
          {t('chat.newChat')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p={0}>
        <RoomList eventId={eventId} online={socket.online} onOpen={(r, person) => open(r, person)} />
      </Paper>
      <ParticipantPicker
        eventId={eventId}
        mode={picking ?? 'single'}
        opened={!!picking}
        online={socket.online}
        onClose={() => setPicking(null)}
        onPick={(p) => {
          setPicking(null);
          open(null, p);
        }}
        onGroup={createGroup}
      />
    </AttendeePage>
  );
}
