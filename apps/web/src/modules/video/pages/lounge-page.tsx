import '../video-i18n.ts';
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArmchair, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLounge, TTable, TTableMessages } from '@pavilion/domain/video/video.schemas';
import { useEventData } from '../../../app/session-storage.ts';
import { toast } from '../../../app/toast.ts';
import { AttendeePage } from '../../../ui/attendee-page.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useParticipantSocket, type ParticipantSocket } from '../../chat/index.ts';
import { videoApi, videoKeys } from '../api/video-api.ts';
import { TableVideo } from '../components/table-video.tsx';

const hm = (local: string) => local.replace('T', ' ');

function TableChat({ eventId, table, socket }: { eventId: string; table: TTable; socket: ParticipantSocket }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = videoKeys.tableMessages(eventId, table.id);
  const messages = useQuery({ queryKey: key, queryFn: ({ signal }) => videoApi.tableMessages(eventId, table.id, signal) });
  const [text, setText] = useState('');
  const [isSending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const names = new Map(table.seated.map((s) => [s.eventUserId, s.name]));
  useEffect(() => {
    const refetch = () => void qc.invalidateQueries({ queryKey: key });
    const offs = [
      socket.on('discussionChat', (m) => {
        if (m.tableId !== table.id) return;
        // While the first read is still on its way it may have been answered before this message was stored:
        // read again rather than drop it.
        if (!qc.getQueryData<TTableMessages>(key)) return refetch();
        qc.setQueryData<TTableMessages>(key, (old) => (!old || old.messages.some((x) => x.id === m.id) ? old : { messages: [...old.messages, { ...m, name: names.get(m.from.eventUserId) ?? '' }] }));
      }),
      // Messages said while the connection was down are read again once it is back.
      socket.onReconnect(refetch),
    ];
    return () => offs.forEach((off) => off());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by table
  }, [socket, table.id, table.seated.length]);
  // A block body: Chromium's scrollIntoView now returns a promise, which React would take for a clean-up function.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'nearest' });
  }, [messages.data?.messages.length]);
  const send = async () => {
    const content = text.trim();
    if (!content) return;
    setSending(true);
    const ack = await socket.emit('discussionChat', { tableId: table.id, content });
    setSending(false);
    if (!ack.ok) return toast(ack.message, 'error');
    setText('');
    void qc.invalidateQueries({ queryKey: key });
  };
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('video.lounge.chat')}
      </Title>
      <ScrollArea.Autosize mah={240} type="auto">
        <Stack gap={6} aria-live="polite" data-testid="table-chat">
          {messages.isPending ? (
            <ListLoading rows={2} />
          ) : messages.isError ? (
            <ListError error={messages.error} onRetry={() => void messages.refetch()} />
          ) : messages.data.messages.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('video.lounge.noMessages')}
            </Text>
          ) : (
            messages.data.messages.map((m) => (
              <Text key={m.id} size="sm">
                <Text span fw={600}>
                  {m.name || names.get(m.from.eventUserId)}:
                </Text>{' '}
                {m.content}
              </Text>
            ))
          )}
          <div ref={bottom} />
        </Stack>
      </ScrollArea.Autosize>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          aria-label={t('video.lounge.message')}
          placeholder={t('video.lounge.message')}
          value={text}
          maxLength={2000}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && void send()}
        />
        <Button onClick={() => void send()} loading={isSending} leftSection={<IconSend size={16} aria-hidden />}>
          {t('video.lounge.send')}
        </Button>
      </Group>
    </Stack>
  );
}

function TableCard({
  eventId,
  table,
  me,
  isMine,
  isBarred,
  socket,
  onJoin,
  onLeave,
  isBusy,
}: {
  eventId: string;
  table: TTable;
  me: string;
  isMine: boolean;
  isBarred: boolean;
  socket: ParticipantSocket;
  onJoin: () => void;
  onLeave: () => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation();
  const isFull = table.seatsTaken >= table.seats;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={`table-${table.id}`} data-testid="lounge-table">
      <Stack gap="xs">
        {/* The badges go under the topic when both do not fit (a phone), rather than being cut to "DISCUSSI…". */}
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <Title order={2} fz="lg" id={`table-${table.id}`}>
            {table.topic}
          </Title>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Badge variant="light">{table.kind === 'lounge' ? t('video.lounge.lounge') : t('video.lounge.discussion')}</Badge>
            <Badge color={table.isOpen ? (isFull ? 'red.9' : 'teal.9') : 'gray.7'}>{table.isOpen ? (isFull ? t('video.lounge.full') : t('video.lounge.open')) : t('video.lounge.closed')}</Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('video.lounge.hours', { from: hm(table.opensAt), to: hm(table.closesAt), zone: table.timeZone })}
        </Text>
        <Text size="sm" aria-live="polite" data-testid="seats-taken">
          {t('video.lounge.seats', { taken: table.seatsTaken, seats: table.seats })}
        </Text>
        <Text size="sm" c="dimmed">
          {table.seated.length ? table.seated.map((s) => (s.eventUserId === me ? t('video.call.you') : s.name)).join(', ') : t('video.lounge.nobody')}
        </Text>
        {isMine ? (
          <Stack gap="md">
            <Button variant="default" onClick={onLeave} loading={isBusy}>
              {t('video.lounge.leave')}
            </Button>
            <TableVideo eventId={eventId} table={table} me={me} socket={socket} />
            <TableChat eventId={eventId} table={table} socket={socket} />
          </Stack>
        ) : isBarred ? (
          <Text size="sm" fw={600} data-testid="barred-notice">
            {t('video.lounge.barred')}
          </Text>
        ) : (
          <Button leftSection={<IconArmchair size={16} aria-hidden />} onClick={onJoin} disabled={!table.isOpen || isFull || !socket.isConnected} loading={isBusy} aria-label={t('video.lounge.joinTopic', { topic: table.topic })}>
            {t('video.lounge.join')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** `attendium/lounge`: the event's networking lounge and discussion tables; sit down, chat and see each other. */
export function LoungePage() {
  const { t } = useTranslation();
  usePageTitle(t('video.lounge.title'));
  const eventData = useEventData();
  const eventId = eventData?.eventId ?? null;
  const me = eventData?.eventUserId ?? null;
  const socket = useParticipantSocket(eventId, me);
  const qc = useQueryClient();
  const lounge = useQuery({ queryKey: videoKeys.lounge(eventId ?? ''), queryFn: ({ signal }) => videoApi.lounge(eventId!, signal), enabled: !!eventId });
  const [busy, setBusy] = useState<string | null>(null);
  /** Why one's seat was taken away (the organiser removed one, or the table closed), shown until dismissed. */
  const [notice, setNotice] = useState<{ title: string; message: string } | null>(null);
  const back = { to: '/attendium', label: t('video.lounge.back') };

  useEffect(() => {
    if (!eventId) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: videoKeys.lounge(eventId) });
    const offs = [
      socket.on('networkingJoin', (p) => {
        qc.setQueryData<TLounge>(videoKeys.lounge(eventId), (old) => old && { ...old, tables: old.tables.map((x) => (x.id === p.tableId ? { ...x, seatsTaken: p.seatsTaken ?? x.seatsTaken } : x)) });
        refresh();
      }),
      socket.on('networkingLeave', refresh),
      // One's own seat taken away: by the organiser, or at the table's closing hour (a refused join is the ack's toast).
      socket.on('networkingError', (p) => {
        const mySeat = qc.getQueryData<TLounge>(videoKeys.lounge(eventId))?.mySeat;
        if (p.code === 'REMOVED') setNotice({ title: t('video.lounge.removedTitle'), message: p.message });
        else if (p.code === 'TABLE_CLOSED' && mySeat === p.tableId) setNotice({ title: t('video.lounge.closedTitle'), message: p.message });
        else return;
        refresh();
      }),
      socket.onReconnect(refresh),
    ];
    return () => offs.forEach((off) => off());
  }, [socket, eventId, qc, t]);

  if (!eventId || !me) {
    return (
      <AttendeePage back={back} title={t('video.lounge.title')}>
        <EmptyState icon={<IconArmchair size={32} />} title={t('video.lounge.signInFirst')} description={t('video.lounge.signInFirstBody')} />
      </AttendeePage>
    );
  }
  const act = async (table: TTable, event: 'networking' | 'networkingLeave') => {
    setBusy(table.id);
    const ack = await socket.emit(event, { tableId: table.id });
    setBusy(null);
    if (!ack.ok) toast(t(`video.lounge.errors.${ack.code}`, { defaultValue: ack.message }), 'error');
    void qc.invalidateQueries({ queryKey: videoKeys.lounge(eventId) });
  };
  return (
    <AttendeePage back={back} title={t('video.lounge.title')} intro={t('video.lounge.intro')}>
      {notice && (
        <Alert color="red.9" variant="light" role="alert" withCloseButton closeButtonLabel={t('common.close')} onClose={() => setNotice(null)} mb="md" data-testid="seat-notice">
          {/* The title in the body's colour: the light alert's own title colour is too pale for its background. */}
          <Text fw={700} size="sm">
            {notice.title}
          </Text>
          <Text size="sm">{notice.message}</Text>
        </Alert>
      )}
      {lounge.isPending ? (
        <ListLoading rows={3} />
      ) : lounge.isError ? (
        <ListError error={lounge.error} onRetry={() => void lounge.refetch()} />
      ) : lounge.data.tables.length === 0 ? (
        <EmptyState icon={<IconArmchair size={32} />} title={t('video.lounge.empty')} description={t('video.lounge.emptyBody')} />
      ) : (
        <Stack gap="md">
          {lounge.data.tables.map((table) => (
            <TableCard
              key={table.id}
              eventId={eventId}
              table={table}
              me={me}
              isMine={lounge.data.mySeat === table.id}
              isBarred={lounge.data.barredFrom.includes(table.id)}
              socket={socket}
              isBusy={busy === table.id}
              onJoin={() => void act(table, 'networking')}
              onLeave={() => void act(table, 'networkingLeave')}
            />
          ))}
        </Stack>
      )}
    </AttendeePage>
  );
}
