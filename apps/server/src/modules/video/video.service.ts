import {
  AnalyticsType,
  MESH_VIDEO_LIMIT,
  SFU_MESH_LIMIT,
  VIDEO_CALL_WAIT_MS,
  isDangerousString,
  tableChannel,
  utcToZonedLocal,
  zonedLocalToUtc,
  type TCallsReport,
  type TIceServer,
  type TLounge,
  type TRtcConfig,
  type TSfuToken,
  type TTable,
  type TTableInput,
  type TTableKind,
  type TTableMessage,
  type TTableMessages,
  type TTablesReport,
  type TTablePersonResult,
  type TCallStatus,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import type { ChatSocket } from '../chat/index.ts';
import { videoErrors } from './video.errors.ts';
import type { CallRow, TableRow, VideoRepository, VideoTesting } from './video.repository.ts';
import type { SfuProvider } from './sfu.ts';

/** Who acts on the socket: a participation of one event (from the socket's tokens, never the payload). */
export type ChatActor = { userId: string; eventId: string; eventUserId: string };
type Participation = { eventUserId: string; userId: string; organisationId: string; eventId: string };
export type VideoEvent = { id: string; organisationId: string; timeZone: string };
export type VideoCaller = { user: AuthUser | null; eventAccess: EventAccess | null };

export type VideoDeps = {
  repo: VideoRepository;
  testing: VideoTesting;
  audit: Audit;
  newId: () => string;
  now: () => Date;
  /** The chat socket (modules/chat): sends to participations and to the event's room, counts a person's sockets. */
  socket: Pick<ChatSocket, 'toEventUsers' | 'toRoom' | 'socketCount'>;
  /** events' service: these participations of the event. */
  participants: (eventId: string, eventUserIds: string[]) => Promise<Participation[]>;
  namesOf: (userIds: string[]) => Promise<Map<string, string | null>>;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  findEvent: (eventId: string) => Promise<VideoEvent | null>;
  /** chat's blocks: has either blocked the other? */
  isBlocked?: (eventId: string, a: string, b: string) => Promise<boolean>;
  iceServers: TIceServer[];
  sfu: SfuProvider | null;
  /** Told when a 1:1 call was answered (index.ts: the app's bus, `video.call.answered`; not awaited). */
  onAnswered?: (call: { eventId: string; callId: string; callerEventUserId: string; calleeEventUserId: string }) => void;
};

const MESSAGES_SHOWN = 100;
const REMOVED_MESSAGE = (topic: string) => `The organiser removed you from the table "${topic}". You can sit there again once they allow it.`;
const CLOSED_MESSAGE = 'This table has closed for today: its closing hour has passed.';
const SFU_TOKEN_TTL_SECONDS = 3600;
const eventRoom = (eventId: string) => `event:${eventId}`;
const minutes = (ms: number) => Math.round((ms / 60_000) * 100) / 100;

export function createVideoService(deps: VideoDeps) {
  const { repo } = deps;
  /** This instance's ringing timers, by call id (another instance's calls expire there, or at the next read). */
  const timers = new Map<string, NodeJS.Timeout>();
  const ringMs = () => deps.testing.ringTimeoutMs ?? VIDEO_CALL_WAIT_MS;
  /** Set while the app closes: the sockets it ends are not people leaving (and Redis is going away). */
  let isClosing = false;

  async function nameMap(eventId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const ps = await deps.participants(eventId, [...new Set(ids)]);
    const names = await deps.namesOf([...new Set(ps.map((p) => p.userId))]);
    return new Map(ps.map((p) => [p.eventUserId, names.get(p.userId) ?? 'Participant']));
  }
  function clearTimer(callId: string) {
    const t = timers.get(callId);
    if (t) clearTimeout(t);
    timers.delete(callId);
  }
  const parties = (c: CallRow) => [c.callerEventUserId, c.calleeEventUserId];

  /** Stops a live call: ringing → missed (caller gave up) or declined (callee), answered → ended with its duration. */
  async function stop(c: CallRow, by: string | null): Promise<CallRow | null> {
    const at = deps.now();
    clearTimer(c.id);
    const next =
      c.status === 'answered'
        ? await repo.transition(c.id, ['answered'], { status: 'ended', endedAt: at, durationSeconds: Math.max(0, Math.round((at.getTime() - (c.answeredAt ?? at).getTime()) / 1000)) })
        : await repo.transition(c.id, ['ringing'], { status: by === c.calleeEventUserId ? 'declined' : 'missed', endedAt: at });
    if (next) deps.socket.toEventUsers(parties(c), 'endCall', { channel: c.channel, reason: next.status === 'ended' ? 'ended' : (next.status as 'missed' | 'declined') });
    return next;
  }

  async function partyCall(actor: ChatActor, channel: string): Promise<CallRow> {
    const c = await repo.liveCall(actor.eventId, channel);
    if (!c || !parties(c).includes(actor.eventUserId)) throw videoErrors.notInCall();
    return c;
  }

  /** Tables of up to this many seats run their video as a mesh in the browser; larger ones through the SFU. */
  const meshLimit = () => (deps.sfu?.provider === 'janus' ? SFU_MESH_LIMIT : MESH_VIDEO_LIMIT);

  /**
   * The tables as shown; `withBars`: the organiser's view, with who is barred from each; `viewer`: a participant's view,
   * whose own table carries the media server's feed ids that participant may see (the SFU's `feedIds`).
   */
  async function tableView(event: VideoEvent, rows: TableRow[], options: { withBars?: boolean; viewer?: string } = {}): Promise<TTable[]> {
    const { withBars = false, viewer } = options;
    const seats = await repo.openSeats(event.id);
    const bars = withBars ? await repo.bars(event.id) : [];
    const names = await nameMap(event.id, [...seats.map((s) => s.eventUserId), ...bars.map((b) => b.eventUserId)]);
    const at = deps.now();
    const viewerTable = viewer ? seats.find((s) => s.eventUserId === viewer)?.tableId : undefined;
    const sfu = deps.sfu;
    // Only a table whose video goes through the media server needs them (the browser's rule: more seats than the mesh).
    const viaSfu = (rows.find((r) => r.id === viewerTable)?.seats ?? 0) > meshLimit();
    const feedIds =
      viewer && viewerTable && viaSfu && sfu?.feedIds
        ? await sfu.feedIds(
            tableChannel(viewerTable),
            seats.filter((s) => s.tableId === viewerTable).map((s) => s.eventUserId),
            viewer,
          )
        : new Map<string, number>();
    return rows.map((t) => {
      const mine = seats.filter((s) => s.tableId === t.id);
      const barred = bars.filter((b) => b.tableId === t.id).map((b) => ({ eventUserId: b.eventUserId, name: names.get(b.eventUserId) ?? 'Participant', barredAt: b.barredAt.toISOString() }));
      return {
        id: t.id,
        kind: t.kind as TTableKind,
        topic: t.topic,
        seats: t.seats,
        opensAt: utcToZonedLocal(t.opensAt, event.timeZone),
        closesAt: utcToZonedLocal(t.closesAt, event.timeZone),
        timeZone: event.timeZone,
        isOpen: at >= t.opensAt && at < t.closesAt,
        seatsTaken: mine.length,
        seated: mine.map((s) => {
          const feedId = t.id === viewerTable ? feedIds.get(s.eventUserId) : undefined;
          return { eventUserId: s.eventUserId, name: names.get(s.eventUserId) ?? 'Participant', ...(feedId ? { feedId } : {}) };
        }),
        ...(withBars ? { barred } : {}),
      };
    });
  }
  async function eventOrThrow(eventId: string): Promise<VideoEvent> {
    const e = await deps.findEvent(eventId);
    if (!e) throw videoErrors.tableNotFound();
    return e;
  }
  async function organiserEvent(caller: AuthUser, organisationId: string, eventId: string): Promise<VideoEvent> {
    await deps.assertEvent(caller, organisationId, eventId);
    return eventOrThrow(eventId);
  }
  function participant(caller: VideoCaller, eventId: string): ChatActor {
    if (!caller.user || !caller.eventAccess || caller.eventAccess.eventId !== eventId) throw videoErrors.notParticipant();
    return { userId: caller.user.userId, eventId, eventUserId: caller.eventAccess.eventUserId };
  }
  function toRow(event: VideoEvent, input: TTableInput) {
    return { kind: input.kind, topic: input.topic, seats: input.seats, opensAt: zonedLocalToUtc(input.opensAt, event.timeZone), closesAt: zonedLocalToUtc(input.closesAt, event.timeZone) };
  }
  /** The seated people of a table as the media server knows them: identity and display name. */
  async function sfuMembers(eventId: string, tableId: string) {
    const seated = await repo.seated(tableId);
    const names = await nameMap(eventId, seated);
    return seated.map((id) => ({ identity: id, name: names.get(id) ?? 'Participant' }));
  }
  /**
   * Whoever left a table (leave, disconnect, sitting elsewhere): the event hears it, and the table's room on the media
   * server stops admitting them and sends them out. The seat is freed whatever the media server answers.
   */
  async function announceLeft(eventId: string, eventUserId: string, tableIds: string[]) {
    for (const tableId of tableIds) {
      deps.socket.toRoom(eventRoom(eventId), 'networkingLeave', { tableId, eventUserId, seatsTaken: await repo.openSeatCount(tableId) });
      if (deps.sfu?.revoke) await deps.sfu.revoke(tableChannel(tableId), eventUserId, await sfuMembers(eventId, tableId)).catch(() => undefined);
    }
  }
  async function seatedOrThrow(actor: ChatActor, tableId: string): Promise<TableRow> {
    const table = await repo.table(actor.eventId, tableId);
    if (!table) throw videoErrors.tableNotFound();
    if (!(await repo.isSeated(tableId, actor.eventUserId))) throw videoErrors.notSeated();
    return table;
  }
  function byDay(event: VideoEvent, items: { at: Date; ms: number }[], days: number) {
    const map = new Map<string, { count: number; ms: number }>();
    const end = deps.now();
    for (let i = days - 1; i >= 0; i--) map.set(utcToZonedLocal(new Date(end.getTime() - i * 86_400_000), event.timeZone).slice(0, 10), { count: 0, ms: 0 });
    for (const it of items) {
      const d = utcToZonedLocal(it.at, event.timeZone).slice(0, 10);
      const e = map.get(d);
      if (e) {
        e.count++;
        e.ms += it.ms;
      }
    }
    return [...map.entries()].map(([date, v]) => ({ date, count: v.count, minutes: minutes(v.ms) }));
  }

  return {
    /* ---------- 1:1 calls (SPEC §7 videoCall, receivedCall, endCall, videoChat) ---------- */

    /** `videoCall`: both must be participants of this event and organisation; the callee's sockets get incomingCall. */
    async call(actor: ChatActor, input: { to: string; channel: string }) {
      if (input.to === actor.eventUserId) throw videoErrors.badCallee();
      const ps = await deps.participants(actor.eventId, [actor.eventUserId, input.to]);
      const me = ps.find((p) => p.eventUserId === actor.eventUserId);
      const them = ps.find((p) => p.eventUserId === input.to);
      if (!me || me.userId !== actor.userId || !them || them.organisationId !== me.organisationId) throw videoErrors.badCallee();
      if (deps.isBlocked && (await deps.isBlocked(actor.eventId, me.eventUserId, them.eventUserId))) throw videoErrors.badCallee();
      const at = deps.now();
      await repo.expireRinging(actor.eventId, new Date(at.getTime() - VIDEO_CALL_WAIT_MS));
      if ((await repo.liveCallsOf(actor.eventId, input.to)).length > 0) throw videoErrors.calleeBusy();
      const row = await repo.insertCall({
        id: deps.newId(),
        organisationId: me.organisationId,
        eventId: actor.eventId,
        channel: input.channel,
        callerEventUserId: me.eventUserId,
        calleeEventUserId: them.eventUserId,
        status: 'ringing',
        startedAt: at,
      });
      if (!row) throw videoErrors.channelBusy();
      const name = (await deps.namesOf([me.userId])).get(me.userId) ?? 'Participant';
      deps.socket.toEventUsers([them.eventUserId], 'incomingCall', { channel: row.channel, from: { eventUserId: me.eventUserId, name } });
      const timer = setTimeout(() => {
        timers.delete(row.id);
        void repo.transition(row.id, ['ringing'], { status: 'missed', endedAt: deps.now() }).then((missed) => {
          if (missed) deps.socket.toEventUsers(parties(missed), 'endCall', { channel: missed.channel, reason: 'missed' });
        });
      }, ringMs());
      timer.unref();
      timers.set(row.id, timer);
      return { callId: row.id, channel: row.channel, status: row.status as TCallStatus };
    },

    /** `receivedCall`: the callee accepts or declines a ringing call; both sides (every socket) hear it. */
    async answer(actor: ChatActor, input: { channel: string; isAccepted: boolean }) {
      const c = await partyCall(actor, input.channel);
      if (c.calleeEventUserId !== actor.eventUserId) throw videoErrors.notInCall();
      if (c.status !== 'ringing') throw videoErrors.notRinging();
      const at = deps.now();
      const next = input.isAccepted ? await repo.transition(c.id, ['ringing'], { status: 'answered', answeredAt: at }) : await repo.transition(c.id, ['ringing'], { status: 'declined', endedAt: at });
      if (!next) throw videoErrors.notRinging();
      clearTimer(c.id);
      deps.socket.toEventUsers(parties(c), 'receivedCall', { channel: c.channel, isAccepted: input.isAccepted });
      if (input.isAccepted) deps.onAnswered?.({ eventId: c.eventId, callId: c.id, callerEventUserId: c.callerEventUserId, calleeEventUserId: c.calleeEventUserId });
      return { channel: c.channel, status: next.status as TCallStatus };
    },

    /** `endCall`: either side hangs up (or the caller gives up ringing). */
    async end(actor: ChatActor, input: { channel: string }) {
      const c = await partyCall(actor, input.channel);
      const next = await stop(c, actor.eventUserId);
      return { channel: c.channel, status: (next?.status ?? c.status) as TCallStatus };
    },

    /**
     * `videoChat`: WebRTC signalling relayed to `to` only, and only between the two parties of the channel's live call,
     * or between two people seated at the table of a `table-…` channel. Anyone else is refused.
     */
    async signal(actor: ChatActor, input: { channel: string; to: string; signal: Record<string, unknown> }) {
      if (input.to === actor.eventUserId) throw videoErrors.notInCall();
      if (input.channel.startsWith('table-')) {
        const tableId = input.channel.slice('table-'.length);
        const seated = await repo.seated(tableId);
        const table = seated.length ? await repo.table(actor.eventId, tableId) : null;
        if (!table || !seated.includes(actor.eventUserId) || !seated.includes(input.to)) throw videoErrors.notSeated();
      } else {
        const c = await partyCall(actor, input.channel);
        if (!parties(c).includes(input.to)) throw videoErrors.notInCall();
      }
      deps.socket.toEventUsers([input.to], 'videoChat', { channel: input.channel, from: actor.eventUserId, signal: input.signal as never });
      return { relayed: true };
    },

    /** The last socket of a participation went: its live calls end and it stands up from its table. */
    async disconnected(actor: ChatActor) {
      if (isClosing) return;
      if ((await deps.socket.socketCount(actor.eventUserId)) > 0) return;
      for (const c of await repo.liveCallsOf(actor.eventId, actor.eventUserId)) await stop(c, actor.eventUserId);
      const left = await repo.stand(actor.eventId, actor.eventUserId, null, deps.now());
      await announceLeft(actor.eventId, actor.eventUserId, left);
    },

    /* ---------- tables (SPEC §7 networking, networkingLeave, discussionChat) ---------- */

    /** `networking`: takes a seat (race-safe); the event's sockets hear networkingJoin; a full or closed table answers networkingError. */
    async join(actor: ChatActor, input: { tableId: string }) {
      const r = await repo.sit(actor.eventId, input.tableId, actor.eventUserId, deps.now(), deps.newId);
      if (!r.ok) {
        const err = r.code === 'TABLE_FULL' ? videoErrors.tableFull() : r.code === 'TABLE_CLOSED' ? videoErrors.tableClosed() : r.code === 'TABLE_BARRED' ? videoErrors.tableBarred() : videoErrors.tableNotFound();
        deps.socket.toEventUsers([actor.eventUserId], 'networkingError', { tableId: input.tableId, code: r.code === 'TABLE_NOT_FOUND' ? 'NOT_AVAILABLE' : r.code, message: err.message });
        throw err;
      }
      await announceLeft(actor.eventId, actor.eventUserId, r.left);
      const seated = await repo.seated(input.tableId);
      const names = await nameMap(actor.eventId, seated);
      if (!r.already) {
        deps.socket.toRoom(eventRoom(actor.eventId), 'networkingJoin', { tableId: input.tableId, eventUserId: actor.eventUserId, name: names.get(actor.eventUserId) ?? 'Participant', seatsTaken: r.seatsTaken });
      }
      return { tableId: input.tableId, seatsTaken: r.seatsTaken, seated: seated.map((id) => ({ eventUserId: id, name: names.get(id) ?? 'Participant' })) };
    },

    async leave(actor: ChatActor, input: { tableId: string }) {
      const left = await repo.stand(actor.eventId, actor.eventUserId, input.tableId, deps.now());
      await announceLeft(actor.eventId, actor.eventUserId, left);
      return { tableId: input.tableId, left: left.length > 0 };
    },

    /** `discussionChat`: stored, then delivered to the table's seated members; only a seated member may write. */
    async say(actor: ChatActor, input: { tableId: string; content: string }): Promise<TTableMessage> {
      await seatedOrThrow(actor, input.tableId);
      if (isDangerousString(input.content)) throw videoErrors.dangerous();
      const row = await repo.insertMessage({ id: deps.newId(), tableId: input.tableId, eventId: actor.eventId, fromEventUserId: actor.eventUserId, content: input.content, createdAt: deps.now() });
      const message: TTableMessage = { tableId: row.tableId, id: row.id, content: row.content, from: { eventUserId: row.fromEventUserId }, createdAt: row.createdAt.toISOString() };
      deps.socket.toEventUsers(await repo.seated(input.tableId), 'discussionChat', message);
      return message;
    },

    /* ---------- HTTP ---------- */

    rtcConfig(): TRtcConfig {
      return { iceServers: deps.iceServers, sfu: deps.sfu ? { provider: deps.sfu.provider, url: deps.sfu.url } : null, meshLimit: meshLimit(), callWaitMs: VIDEO_CALL_WAIT_MS };
    },

    async tables(caller: AuthUser, organisationId: string, eventId: string): Promise<TTable[]> {
      const event = await organiserEvent(caller, organisationId, eventId);
      return tableView(event, await repo.tables(eventId), { withBars: true });
    },

    /**
     * The organiser takes one person off a table: the seat frees, the person is told why (networkingError REMOVED),
     * the event hears networkingLeave, the media server stops admitting them and sends them out, and they are barred
     * from that table until the organiser allows them back. Recorded in the audit log.
     */
    async removeSeated(caller: AuthUser, organisationId: string, eventId: string, tableId: string, eventUserId: string): Promise<TTablePersonResult> {
      await organiserEvent(caller, organisationId, eventId);
      const table = await repo.table(eventId, tableId);
      if (!table) throw videoErrors.tableNotFound();
      if (!(await repo.removeSeated(eventId, tableId, eventUserId, deps.now(), caller.userId, deps.newId))) throw videoErrors.seatNotFound();
      deps.socket.toEventUsers([eventUserId], 'networkingError', { tableId, code: 'REMOVED', message: REMOVED_MESSAGE(table.topic) });
      await announceLeft(eventId, eventUserId, [tableId]);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'video.table.remove_person', target: tableId, meta: { eventId, eventUserId, barred: true } });
      return { tableId, eventUserId, isBarred: true };
    },
    /** The organiser lets a removed person sit at the table again. */
    async allowBack(caller: AuthUser, organisationId: string, eventId: string, tableId: string, eventUserId: string): Promise<TTablePersonResult> {
      await organiserEvent(caller, organisationId, eventId);
      if (!(await repo.table(eventId, tableId))) throw videoErrors.tableNotFound();
      if (!(await repo.liftBar(eventId, tableId, eventUserId, deps.now()))) throw videoErrors.barNotFound();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'video.table.allow_person', target: tableId, meta: { eventId, eventUserId } });
      return { tableId, eventUserId, isBarred: false };
    },

    /**
     * The closing-hour sweep (index.ts runs it every 15 s, and once at start, so a restart loses nothing): every seat
     * of a table past its closing hour is freed; each person is told (networkingError TABLE_CLOSED), the event hears
     * networkingLeave, and the media server sends them out and ends the table's room. Answers the seats freed.
     */
    async closeDue(): Promise<number> {
      const freed = await repo.closeDue(deps.now());
      const release = deps.sfu?.release;
      for (const seat of freed) {
        deps.socket.toEventUsers([seat.eventUserId], 'networkingError', { tableId: seat.tableId, code: 'TABLE_CLOSED', message: CLOSED_MESSAGE });
        // Every seat of a closed table is free now; a media server that can end the room does so once, below.
        if (release) deps.socket.toRoom(eventRoom(seat.eventId), 'networkingLeave', { tableId: seat.tableId, eventUserId: seat.eventUserId, seatsTaken: 0 });
        else await announceLeft(seat.eventId, seat.eventUserId, [seat.tableId]);
      }
      // The room is ended too (a table whose hours the organiser extends gets it again at the next admission).
      if (release) for (const tableId of new Set(freed.map((f) => f.tableId))) await release(tableChannel(tableId)).catch(() => undefined);
      return freed.length;
    },
    async createTable(caller: AuthUser, organisationId: string, eventId: string, input: TTableInput): Promise<TTable> {
      const event = await organiserEvent(caller, organisationId, eventId);
      const row = await repo.insertTable({ id: deps.newId(), organisationId, eventId, ...toRow(event, input) });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'video.table.create', target: row.id, meta: { eventId, kind: input.kind, seats: input.seats } });
      return (await tableView(event, [row]))[0]!;
    },
    async updateTable(caller: AuthUser, organisationId: string, eventId: string, tableId: string, input: TTableInput): Promise<TTable> {
      const event = await organiserEvent(caller, organisationId, eventId);
      const taken = await repo.openSeatCount(tableId);
      if (input.seats < taken) throw videoErrors.seatsBelowTaken(taken);
      const row = await repo.updateTable(eventId, tableId, toRow(event, input));
      if (!row) throw videoErrors.tableNotFound();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'video.table.update', target: row.id, meta: { eventId, seats: input.seats } });
      return (await tableView(event, [row]))[0]!;
    },
    async deleteTable(caller: AuthUser, organisationId: string, eventId: string, tableId: string): Promise<{ id: string }> {
      await organiserEvent(caller, organisationId, eventId);
      const seated = await repo.deleteTable(eventId, tableId, deps.now());
      if (!seated) throw videoErrors.tableNotFound();
      for (const eventUserId of seated) deps.socket.toRoom(eventRoom(eventId), 'networkingLeave', { tableId, eventUserId, seatsTaken: 0 });
      // The table's room on the media server goes with it (its tokens then admit to nothing). The table is deleted
      // whatever the media server answers: a room left behind ends when Janus restarts.
      if (deps.sfu?.release) await deps.sfu.release(tableChannel(tableId)).catch(() => undefined);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'video.table.delete', target: tableId, meta: { eventId } });
      return { id: tableId };
    },

    async lounge(caller: VideoCaller, eventId: string): Promise<TLounge> {
      const actor = participant(caller, eventId);
      const event = await eventOrThrow(eventId);
      const tables = await tableView(event, await repo.tables(eventId), { viewer: actor.eventUserId });
      const mySeat = tables.find((t) => t.seated.some((s) => s.eventUserId === actor.eventUserId))?.id ?? null;
      const barredFrom = (await repo.bars(eventId, actor.eventUserId)).map((b) => b.tableId);
      return { tables, mySeat, me: actor.eventUserId, barredFrom };
    },
    async tableMessages(caller: VideoCaller, eventId: string, tableId: string): Promise<TTableMessages> {
      const actor = participant(caller, eventId);
      await seatedOrThrow(actor, tableId);
      const rows = await repo.messages(tableId, MESSAGES_SHOWN);
      const names = await nameMap(eventId, rows.map((r) => r.fromEventUserId));
      return {
        messages: rows.map((r) => ({ tableId, id: r.id, content: r.content, from: { eventUserId: r.fromEventUserId }, createdAt: r.createdAt.toISOString(), name: names.get(r.fromEventUserId) ?? 'Participant' })),
      };
    },
    async sfuToken(caller: VideoCaller, eventId: string, tableId: string): Promise<TSfuToken> {
      const actor = participant(caller, eventId);
      const table = await seatedOrThrow(actor, tableId);
      if (!deps.sfu) throw videoErrors.sfuNotConfigured();
      // The display name in the room is the server's (the person's profile name), as is everyone else's.
      const seated = await sfuMembers(eventId, tableId);
      const name = seated.find((m) => m.identity === actor.eventUserId)?.name ?? 'Participant';
      const room = tableChannel(tableId);
      const admission = await deps.sfu.admit({ room, identity: actor.eventUserId, name, ttlSeconds: SFU_TOKEN_TTL_SECONDS, canPublish: true, capacity: table.seats, seated });
      return { ...admission, url: deps.sfu.url, room };
    },

    /* ---------- reports (SPEC §2.6; analytics types 16, 17, 18) ---------- */

    async tablesReport(caller: AuthUser, organisationId: string, eventId: string, kind: TTableKind, days: number): Promise<TTablesReport> {
      const event = await organiserEvent(caller, organisationId, eventId);
      const at = deps.now();
      const since = new Date(at.getTime() - days * 86_400_000);
      const tables = (await repo.allTables(eventId)).filter((t) => t.kind === kind);
      const ids = new Set(tables.map((t) => t.id));
      const seats = (await repo.seatsSince(eventId, since)).filter((s) => ids.has(s.tableId));
      const counts = await repo.messageCounts(eventId, since);
      const ms = (s: (typeof seats)[number]) => (s.leftAt ?? at).getTime() - s.joinedAt.getTime();
      const totalMs = seats.reduce((a, s) => a + ms(s), 0);
      const rows = tables
        .map((t) => {
          const mine = seats.filter((s) => s.tableId === t.id);
          return { tableId: t.id, topic: t.topic, seats: t.seats, joins: mine.length, people: new Set(mine.map((s) => s.eventUserId)).size, messages: counts.get(t.id) ?? 0, minutes: minutes(mine.reduce((a, s) => a + ms(s), 0)) };
        })
        .sort((a, b) => b.joins - a.joins || a.topic.localeCompare(b.topic));
      return {
        type: kind === 'lounge' ? AnalyticsType.NetworkingLounge : AnalyticsType.DiscussionTable,
        tables: tables.filter((t) => !t.deletedAt).length,
        joins: seats.length,
        people: new Set(seats.map((s) => s.eventUserId)).size,
        messages: rows.reduce((a, r) => a + r.messages, 0),
        totalMinutes: minutes(totalMs),
        averageMinutes: seats.length ? minutes(totalMs / seats.length) : 0,
        byDay: byDay(event, seats.map((s) => ({ at: s.joinedAt, ms: ms(s) })), days),
        rows,
      };
    },
    async callsReport(caller: AuthUser, organisationId: string, eventId: string, days: number): Promise<TCallsReport> {
      const event = await organiserEvent(caller, organisationId, eventId);
      const at = deps.now();
      await repo.expireRinging(eventId, new Date(at.getTime() - VIDEO_CALL_WAIT_MS));
      const calls = await repo.callsSince(eventId, new Date(at.getTime() - days * 86_400_000));
      const talkMs = (c: CallRow) => (c.durationSeconds !== null ? c.durationSeconds * 1000 : c.status === 'answered' && c.answeredAt ? at.getTime() - c.answeredAt.getTime() : 0);
      const answered = calls.filter((c) => c.status === 'answered' || c.status === 'ended');
      const totalMs = answered.reduce((a, c) => a + talkMs(c), 0);
      const recent = calls.slice(0, 20);
      const names = await nameMap(eventId, recent.flatMap(parties));
      return {
        type: AnalyticsType.VideoCalls,
        calls: calls.length,
        answered: answered.length,
        missed: calls.filter((c) => c.status === 'missed').length,
        declined: calls.filter((c) => c.status === 'declined').length,
        totalMinutes: minutes(totalMs),
        averageMinutes: answered.length ? minutes(totalMs / answered.length) : 0,
        byDay: byDay(event, calls.map((c) => ({ at: c.startedAt, ms: talkMs(c) })), days),
        recent: recent.map((c) => ({
          id: c.id,
          caller: names.get(c.callerEventUserId) ?? 'Participant',
          callee: names.get(c.calleeEventUserId) ?? 'Participant',
          status: c.status as TCallStatus,
          startedAt: c.startedAt.toISOString(),
          durationSeconds: c.durationSeconds,
        })),
      };
    },

    /** Stops this instance's ringing timers (the app closing). */
    close() {
      isClosing = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}
export type VideoService = ReturnType<typeof createVideoService>;
