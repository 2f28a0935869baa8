import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import {
  CHAT_GROUP_MAX_MEMBERS,
  CHAT_HISTORY_PAGE_SIZE,
  OnlineState,
  isDangerousString,
  type TChatContact,
  type TChatGroup,
  type TChatRoomDetail,
  type TChatHistory,
  type TChatMessage,
  type TChatParticipant,
  type TChatRooms,
  type TChatStoredMessage,
  type TReadReceipt,
  type TTypingNotice,
  type TVideoTokenRequest,
  type TChatRestriction,
} from '@pavilion/domain';
import { z } from 'zod';
import type { CHAT_INBOUND } from '@pavilion/domain';
import type { EventAccess } from '../../platform/auth-guard.ts';
import { hmacKey } from '../../platform/tokens.ts';
import type { ChatMessageRow, ChatRepository, ChatRestrictionRow } from './chat.repository.ts';
import type { ChatSocket } from './chat.socket.ts';
import { chatErrors } from './chat.errors.ts';

/** Who acts: a participation of one event (from the socket's or the request's event access token). */
export type ChatActor = { userId: string; eventId: string; eventUserId: string };
export type Participation = { eventUserId: string; userId: string; organisationId: string; eventId: string };
type GroupMessageInput = z.output<(typeof CHAT_INBOUND)['messageGroup']>;
type JoinGroupInput = z.output<(typeof CHAT_INBOUND)['joinGroup']>;

/** The restriction a moderator's row puts on the participant now (a mute past its end is none). */
export function restrictionOf(row: ChatRestrictionRow | undefined, now: Date): TChatRestriction | null {
  if (!row) return null;
  if (row.isRemoved) return { kind: 'removed', until: null };
  if (row.isMuted && (!row.mutedUntil || row.mutedUntil > now)) return { kind: 'muted', until: row.mutedUntil?.toISOString() ?? null };
  return null;
}

export type ChatDeps = {
  repo: ChatRepository;
  newId: () => string;
  now: () => Date;
  /** events' service: participations of the event by id, and of accounts. */
  participants: (eventId: string, eventUserIds: string[]) => Promise<Participation[]>;
  participantsOfUsers: (eventId: string, userIds: string[]) => Promise<Participation[]>;
  /** auth's port. */
  namesOf: (userIds: string[]) => Promise<Map<string, string | null>>;
  userIdsByEmail: (emails: string[]) => Promise<Map<string, string>>;
  /** The event's networking directory (profile's port: only those who chose to appear), with each registration's email. */
  directory: (eventId: string) => Promise<{ registrationId: string; name: string; email: string }[]>;
  /** Delivers to every socket of these participations (all instances, through the Redis adapter). */
  emit: ChatSocket['toEventUsers'];
  /** Which of these participations have a socket connected (any instance), and how many one has. */
  onlineOf: ChatSocket['onlineOf'];
  socketCount: ChatSocket['socketCount'];
  signingSecret: () => Promise<string>;
};

const REPLY_PREVIEW_LENGTH = 80;
const previewOf = (m: ChatMessageRow | undefined) => (m && !m.deletedAt ? m.content.slice(0, REPLY_PREVIEW_LENGTH) : undefined);
const RTC_AUDIENCE = 'rtc';

/** The request's participation of this event, or 403. */
export function actorOf(user: { userId: string }, eventAccess: EventAccess | null, eventId: string): ChatActor {
  if (!eventAccess || eventAccess.eventId !== eventId) throw chatErrors.notParticipant();
  return { userId: user.userId, eventId, eventUserId: eventAccess.eventUserId };
}

export function createChatService(deps: ChatDeps) {
  let rtcKey: Promise<CryptoKey> | null = null;
  // The derived key, imported into WebCrypto once (platform/tokens.ts' cache).
  async function rtcSigningKey(): Promise<CryptoKey> {
    rtcKey ??= deps
      .signingSecret()
      .then((secret) => hmacKey(createHmac('sha256', secret).update('pavilion-rtc-token').digest()))
      .catch((err: unknown) => {
        rtcKey = null; // tried again on the next call
        throw err;
      });
    return rtcKey;
  }

  async function toStored(rows: ChatMessageRow[], member: string[]): Promise<TChatStoredMessage[]> {
    const replyIds = rows.map((r) => r.replyToMessageId).filter((x): x is string => !!x);
    const replies = new Map((await deps.repo.messagesByIds(replyIds)).map((m) => [m.id, m]));
    return rows.map((r) => ({
      id: r.id,
      roomId: r.roomId,
      content: r.deletedAt ? '' : r.content,
      from: { eventUserId: r.fromEventUserId },
      member,
      isReply: r.isReply,
      replyToMessage: r.replyToMessageId,
      replyPreview: r.replyToMessageId && !r.deletedAt ? (previewOf(replies.get(r.replyToMessageId)) ?? null) : null,
      clientId: r.clientId,
      createdAt: r.createdAt.toISOString(),
      isDeleted: !!r.deletedAt,
    }));
  }

  /** The room, when the actor is one of its members (else 404, whatever the reason). */
  async function memberRoom(actor: ChatActor, roomId: string) {
    const found = await deps.repo.room(actor.eventId, roomId);
    if (!found || !found.members.some((m) => m.eventUserId === actor.eventUserId)) throw chatErrors.roomNotFound();
    return found;
  }

  async function nameMap(eventId: string, eventUserIds: string[]): Promise<Map<string, string>> {
    const ps = await deps.participants(eventId, eventUserIds);
    const names = await deps.namesOf(ps.map((p) => p.userId));
    return new Map(ps.map((p) => [p.eventUserId, names.get(p.userId) ?? 'Participant']));
  }

  /** CHAT_REMOVED / CHAT_MUTED when a moderator has restricted the sender (`removedOnly`: a mute does not stop this act). */
  async function assertMaySend(actor: ChatActor, removedOnly = false): Promise<void> {
    const [row] = await deps.repo.restrictions([actor.eventUserId]);
    const r = restrictionOf(row, deps.now());
    if (r?.kind === 'removed') throw chatErrors.removed();
    if (r?.kind === 'muted' && !removedOnly) throw chatErrors.muted(r.until ? new Date(r.until) : null);
  }

  async function contacts(eventId: string, ids: string[]): Promise<TChatContact[]> {
    const [names, online] = await Promise.all([nameMap(eventId, ids), deps.onlineOf(ids)]);
    return ids.map((id) => ({ eventUserId: id, name: names.get(id) ?? 'Participant', onlineState: online.has(id) ? OnlineState.Online : OnlineState.Offline }));
  }

  /** The group, when the actor is one of its members (else 404); a 1:1 room is CHAT_NOT_GROUP. */
  async function memberGroup(actor: ChatActor, roomId: string) {
    const found = await memberRoom(actor, roomId);
    if (found.room.kind !== 'group') throw chatErrors.notGroup();
    return found;
  }

  /** Participations of the actor's event and organisation among `ids` (the actor and unknown ids left out), or CHAT_BAD_MEMBER. */
  async function sameEventPeople(actor: ChatActor, ids: string[]): Promise<{ me: Participation; people: string[] }> {
    const wanted = [...new Set(ids)].filter((x) => x !== actor.eventUserId);
    const ps = await deps.participants(actor.eventId, [actor.eventUserId, ...wanted]);
    const me = ps.find((p) => p.eventUserId === actor.eventUserId);
    if (!me || me.userId !== actor.userId) throw chatErrors.forgedSender();
    const people = wanted.filter((w) => ps.some((p) => p.eventUserId === w && p.organisationId === me.organisationId));
    if (people.length !== wanted.length) throw chatErrors.badMember();
    return { me, people };
  }

  async function groupView(roomId: string, name: string, createdBy: string | null, eventId: string, memberIds: string[]): Promise<TChatGroup> {
    return { roomId, name, createdBy, members: await contacts(eventId, memberIds) };
  }

  /** Stores a message (once per clientId) in a room the actor is in, and answers it as delivered. */
  async function store(actor: ChatActor, found: NonNullable<Awaited<ReturnType<ChatRepository['room']>>>, input: { content: string; replyToMessage: string | null; clientId?: string }): Promise<TChatStoredMessage> {
    const roomId = found.room.id;
    const member = found.members.map((m) => m.eventUserId);
    const replyTo = input.replyToMessage;
    if (replyTo && !(await deps.repo.message(roomId, replyTo))) throw chatErrors.replyNotFound();
    if (input.clientId) {
      const earlier = await deps.repo.byClientId(actor.eventUserId, input.clientId);
      if (earlier) return (await toStored([earlier], member))[0]!;
    }
    const row = await deps.repo.insertMessage({
      id: deps.newId(),
      roomId,
      organisationId: found.room.organisationId,
      eventId: actor.eventId,
      fromEventUserId: actor.eventUserId,
      content: input.content,
      isReply: !!replyTo,
      replyToMessageId: replyTo,
      clientId: input.clientId ?? null,
      createdAt: deps.now(),
    });
    const stored = row ?? (await deps.repo.byClientId(actor.eventUserId, input.clientId!));
    return (await toStored([stored!], member))[0]!;
  }

  return {
    /**
     * `message`: stored, then delivered to both members' sockets. The first message between two participants of the
     * same event (and organisation) creates their room; a forged sender, someone else's room or a person of another
     * event is refused. A repeated clientId answers the stored message again (at-least-once delivery, no duplicate).
     */
    async send(actor: ChatActor, input: TChatMessage): Promise<TChatStoredMessage> {
      if (input.from.eventUserId !== actor.eventUserId) throw chatErrors.forgedSender();
      if (isDangerousString(input.content)) throw chatErrors.dangerous();
      const other = input.member.find((m) => m !== actor.eventUserId);
      if (!other || !input.member.includes(actor.eventUserId)) throw chatErrors.badMember();
      let found: Awaited<ReturnType<typeof memberRoom>>;
      if (input.roomId) {
        // The usual message, in a room that exists: its three checks are independent reads, made at once (one round
        // trip of latency on Postgres instead of three) and judged in a fixed order, so the answer does not depend on
        // which read came back first.
        const [room, may, blocked] = await Promise.allSettled([memberRoom(actor, input.roomId), assertMaySend(actor), deps.repo.isBlockedEither(actor.eventUserId, other)]);
        if (room.status === 'rejected') throw room.reason;
        found = room.value;
        if (found.room.kind !== 'direct' || !found.members.some((m) => m.eventUserId === other)) throw chatErrors.badMember();
        if (may.status === 'rejected') throw may.reason;
        if (blocked.status === 'rejected') throw blocked.reason;
        if (blocked.value) throw chatErrors.blocked();
      } else {
        // The first message of a pair: the room is made only for a sender who may send to this person.
        const { me } = await sameEventPeople(actor, [other]);
        await assertMaySend(actor);
        if (await deps.repo.isBlockedEither(actor.eventUserId, other)) throw chatErrors.blocked();
        const room = (await deps.repo.roomByPair(actor.eventId, me.eventUserId, other)) ?? (await deps.repo.createRoom({ id: deps.newId(), organisationId: me.organisationId, eventId: actor.eventId, members: [me.eventUserId, other] }));
        found = (await deps.repo.room(actor.eventId, room.id))!;
      }
      const message = await store(actor, found, input);
      deps.emit(message.member, 'message', message);
      return message;
    },

    /** `messageGroup`: stored, then delivered to every member of the group (the sender's other tabs included). */
    async sendGroup(actor: ChatActor, input: GroupMessageInput): Promise<TChatStoredMessage> {
      if (input.from.eventUserId !== actor.eventUserId) throw chatErrors.forgedSender();
      if (isDangerousString(input.content)) throw chatErrors.dangerous();
      const found = await memberGroup(actor, input.roomId);
      await assertMaySend(actor);
      const message = await store(actor, found, input);
      deps.emit(message.member, 'messageGroup', message);
      return message;
    },

    /**
     * `joinGroup`: creates a named group of the sender and people of the same event (empty roomId), or adds people to
     * a group the sender is in. Every member hears `joinGroup` with the group as it now is.
     */
    async joinGroup(actor: ChatActor, input: JoinGroupInput): Promise<TChatGroup> {
      await assertMaySend(actor, true);
      if (!input.roomId) {
        if (!input.name) throw chatErrors.groupName();
        if (isDangerousString(input.name)) throw chatErrors.dangerous();
        const { me, people } = await sameEventPeople(actor, input.member);
        if (people.length === 0) throw chatErrors.badMember();
        if (people.length + 1 > CHAT_GROUP_MAX_MEMBERS) throw chatErrors.groupFull(CHAT_GROUP_MAX_MEMBERS);
        const room = await deps.repo.createGroup({ id: deps.newId(), organisationId: me.organisationId, eventId: actor.eventId, name: input.name, createdBy: actor.eventUserId, members: [actor.eventUserId, ...people] });
        const group = await groupView(room.id, input.name, actor.eventUserId, actor.eventId, [actor.eventUserId, ...people]);
        deps.emit([actor.eventUserId, ...people], 'joinGroup', group);
        return group;
      }
      const found = await memberGroup(actor, input.roomId);
      const current = found.members.map((m) => m.eventUserId);
      const { people } = await sameEventPeople(actor, input.member.filter((m) => !current.includes(m)));
      if (current.length + people.length > CHAT_GROUP_MAX_MEMBERS) throw chatErrors.groupFull(CHAT_GROUP_MAX_MEMBERS);
      const added = await deps.repo.addMembers(found.room.id, people);
      const members = [...current, ...added];
      const group = await groupView(found.room.id, found.room.name ?? '', found.room.createdByEventUserId, actor.eventId, members);
      if (added.length > 0) deps.emit(members, 'joinGroup', group);
      return group;
    },

    /** `leaveGroup`: the sender leaves the group; its members (and the sender's other tabs) hear it. */
    async leaveGroup(actor: ChatActor, input: { roomId: string }): Promise<{ roomId: string }> {
      const found = await memberGroup(actor, input.roomId);
      await deps.repo.removeMember(found.room.id, actor.eventUserId);
      deps.emit(
        found.members.map((m) => m.eventUserId),
        'leaveGroup',
        { roomId: found.room.id, eventUserId: actor.eventUserId },
      );
      return { roomId: found.room.id };
    },

    /** `readMessage`: the reader's mark moves to this message (never back); the room's members hear of it. */
    async read(actor: ChatActor, input: { roomId: string; messageId: string }): Promise<TReadReceipt> {
      const found = await memberRoom(actor, input.roomId);
      if (!(await deps.repo.message(input.roomId, input.messageId))) throw chatErrors.messageNotFound();
      const at = deps.now();
      const receipt: TReadReceipt = { roomId: input.roomId, messageId: input.messageId, eventUserId: actor.eventUserId, readAt: at.toISOString() };
      if (await deps.repo.markRead(input.roomId, actor.eventUserId, input.messageId, at)) {
        deps.emit(found.members.map((m) => m.eventUserId), 'readMessage', receipt);
      }
      return receipt;
    },

    /** `typing`: relayed to the other members only; nothing is stored. */
    async typing(actor: ChatActor, input: { roomId: string; isTyping: boolean }): Promise<void> {
      const found = await memberRoom(actor, input.roomId);
      const notice: TTypingNotice = { roomId: input.roomId, eventUserId: actor.eventUserId, isTyping: input.isTyping };
      deps.emit(found.members.map((m) => m.eventUserId).filter((m) => m !== actor.eventUserId), 'typing', notice);
    },

    async rooms(actor: ChatActor): Promise<TChatRooms> {
      const rooms = await deps.repo.roomsOf(actor.eventId, actor.eventUserId);
      const others = rooms.flatMap((r) => (r.room.kind === 'direct' ? r.members.filter((m) => m.eventUserId !== actor.eventUserId).map((m) => m.eventUserId) : []));
      const [names, online, blocked, [restriction]] = await Promise.all([nameMap(actor.eventId, [actor.eventUserId, ...others]), deps.onlineOf(others), deps.repo.blockedBy(actor.eventUserId), deps.repo.restrictions([actor.eventUserId])]);
      const summaries = await Promise.all(
        rooms.map(async ({ room, members }) => {
          const mine = members.find((m) => m.eventUserId === actor.eventUserId);
          const theirs = room.kind === 'direct' ? members.find((m) => m.eventUserId !== actor.eventUserId) : undefined;
          const { last, unread } = await deps.repo.lastAndUnread(room.id, actor.eventUserId, mine?.lastReadMessageId ?? null);
          const other = theirs ? { eventUserId: theirs.eventUserId, name: names.get(theirs.eventUserId) ?? 'Participant', onlineState: online.has(theirs.eventUserId) ? OnlineState.Online : OnlineState.Offline } : null;
          return {
            roomId: room.id,
            kind: room.kind,
            title: other?.name ?? room.name ?? '',
            other,
            memberCount: members.length,
            lastMessage: last ? (await toStored([last], members.map((m) => m.eventUserId)))[0]! : null,
            unread,
            otherReadUpTo: theirs?.lastReadMessageId ?? null,
            isBlocked: !!other && blocked.includes(other.eventUserId),
          };
        }),
      );
      return { me: { eventUserId: actor.eventUserId, name: names.get(actor.eventUserId) ?? 'You' }, restriction: restrictionOf(restriction, deps.now()), rooms: summaries };
    },

    /** One room's kind, name and members with their online state. */
    async room(actor: ChatActor, roomId: string): Promise<TChatRoomDetail> {
      const found = await memberRoom(actor, roomId);
      const ids = found.members.map((m) => m.eventUserId);
      const members = await contacts(actor.eventId, ids);
      const other = found.room.kind === 'direct' ? members.find((m) => m.eventUserId !== actor.eventUserId) : undefined;
      const isBlocked = !!other && (await deps.repo.blockedBy(actor.eventUserId)).includes(other.eventUserId);
      return { roomId, kind: found.room.kind, name: other?.name ?? found.room.name ?? '', members, createdBy: found.room.createdByEventUserId, isBlocked };
    },

    async history(actor: ChatActor, roomId: string, q: { before?: string; limit?: number }): Promise<TChatHistory> {
      const found = await memberRoom(actor, roomId);
      const limit = q.limit ?? CHAT_HISTORY_PAGE_SIZE;
      const rows = await deps.repo.history(roomId, q.before, limit + 1);
      const page = rows.slice(0, limit).reverse();
      const mine = found.members.find((m) => m.eventUserId === actor.eventUserId);
      const theirs = found.room.kind === 'direct' ? found.members.find((m) => m.eventUserId !== actor.eventUserId) : undefined;
      return {
        messages: await toStored(page, found.members.map((m) => m.eventUserId)),
        hasMore: rows.length > limit,
        readUpTo: mine?.lastReadMessageId ?? null,
        otherReadUpTo: theirs?.lastReadMessageId ?? null,
      };
    },

    /** A socket of the participant connected: their contacts hear they are Online (SPEC §3.10). */
    async connected(actor: ChatActor): Promise<void> {
      const ids = await deps.repo.contactsOf(actor.eventUserId);
      deps.emit(ids, 'onlineState', { eventUserId: actor.eventUserId, onlineState: OnlineState.Online });
    },
    /** A socket went away: when none of the participant's is left (on any instance), their contacts hear Offline. */
    async disconnected(actor: ChatActor): Promise<void> {
      if ((await deps.socketCount(actor.eventUserId)) > 0) return;
      const ids = await deps.repo.contactsOf(actor.eventUserId);
      deps.emit(ids, 'onlineState', { eventUserId: actor.eventUserId, onlineState: OnlineState.Offline });
    },

    /**
     * Whom the actor may start a chat with: the event's networking directory (people who chose to appear in it, profile
     * module), each with their participation once they have entered the event's app.
     */
    async participants(actor: ChatActor, q: string | undefined): Promise<TChatParticipant[]> {
      const needle = q?.trim().toLowerCase() ?? '';
      const listed = (await deps.directory(actor.eventId)).filter((r) => !needle || r.name.toLowerCase().includes(needle)).slice(0, 100);
      const userIds = await deps.userIdsByEmail(listed.map((r) => r.email));
      const ps = await deps.participantsOfUsers(actor.eventId, [...new Set(userIds.values())]);
      const byUser = new Map(ps.map((p) => [p.userId, p.eventUserId]));
      const online = await deps.onlineOf(ps.map((p) => p.eventUserId));
      return listed
        .map((r) => {
          const userId = userIds.get(r.email.toLowerCase());
          const eventUserId = (userId && byUser.get(userId)) || null;
          return { registrationId: r.registrationId, name: r.name, eventUserId, onlineState: eventUserId && online.has(eventUserId) ? OnlineState.Online : OnlineState.Offline };
        })
        .filter((p) => p.eventUserId !== actor.eventUserId);
    },

    /** SPEC §7 generateRtcToken: admits `uId` (the caller) to channel `cn` for `tet` seconds. */
    async rtcToken(userId: string, input: TVideoTokenRequest): Promise<{ key: string }> {
      if (String(input.uId) !== userId) throw chatErrors.rtcForbiddenUser();
      const now = Math.floor(deps.now().getTime() / 1000);
      const key = await new SignJWT({ ch: input.cn, role: input.rtcr })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('pavilion')
        .setAudience(RTC_AUDIENCE)
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(now + input.tet)
        .sign(await rtcSigningKey());
      return { key };
    },

    /** The user and role a video token admits to `channel`, or null (another channel, expired, forged). */
    async verifyRtcToken(token: string, channel: string): Promise<{ userId: string; role: string } | null> {
      try {
        const { payload } = await jwtVerify(token, await rtcSigningKey(), { issuer: 'pavilion', audience: RTC_AUDIENCE, algorithms: ['HS256'], currentDate: deps.now() });
        if (payload.ch !== channel || !payload.sub || typeof payload.role !== 'string') return null;
        return { userId: payload.sub, role: payload.role };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
