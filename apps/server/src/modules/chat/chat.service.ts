import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import {
  CHAT_HISTORY_PAGE_SIZE,
  isDangerousString,
  type TChatHistory,
  type TChatMessage,
  type TChatParticipant,
  type TChatRooms,
  type TChatStoredMessage,
  type TReadReceipt,
  type TTypingNotice,
  type TVideoTokenRequest,
} from '@pavilion/domain';
import type { EventAccess } from '../../platform/auth-guard.ts';
import { hmacKey } from '../../platform/tokens.ts';
import type { ChatMessageRow, ChatRepository } from './chat.repository.ts';
import type { ChatSocket } from './chat.socket.ts';
import { chatErrors } from './chat.errors.ts';

/** Who acts: a participation of one event (from the socket's or the request's event access token). */
export type ChatActor = { userId: string; eventId: string; eventUserId: string };
type Participation = { eventUserId: string; userId: string; organisationId: string; eventId: string };

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
  signingSecret: () => Promise<string>;
};

const REPLY_PREVIEW_LENGTH = 80;
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
      content: r.content,
      from: { eventUserId: r.fromEventUserId },
      member,
      isReply: r.isReply,
      replyToMessage: r.replyToMessageId,
      replyPreview: r.replyToMessageId ? (replies.get(r.replyToMessageId)?.content.slice(0, REPLY_PREVIEW_LENGTH) ?? null) : null,
      clientId: r.clientId,
      createdAt: r.createdAt.toISOString(),
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
      let roomId = input.roomId;
      let member: string[];
      if (roomId) {
        const found = await memberRoom(actor, roomId);
        member = found.members.map((m) => m.eventUserId);
        if (!member.includes(other)) throw chatErrors.badMember();
      } else {
        const ps = await deps.participants(actor.eventId, [actor.eventUserId, other]);
        const me = ps.find((p) => p.eventUserId === actor.eventUserId);
        const them = ps.find((p) => p.eventUserId === other);
        if (!me || me.userId !== actor.userId) throw chatErrors.forgedSender();
        if (!them || them.organisationId !== me.organisationId) throw chatErrors.badMember();
        const room = (await deps.repo.roomByPair(actor.eventId, me.eventUserId, other)) ?? (await deps.repo.createRoom({ id: deps.newId(), organisationId: me.organisationId, eventId: actor.eventId, members: [me.eventUserId, other] }));
        roomId = room.id;
        member = [me.eventUserId, other];
      }
      const replyTo = input.replyToMessage;
      if (replyTo && !(await deps.repo.message(roomId, replyTo))) throw chatErrors.replyNotFound();
      if (input.clientId) {
        const earlier = await deps.repo.byClientId(actor.eventUserId, input.clientId);
        if (earlier) return (await toStored([earlier], member))[0]!;
      }
      const found = await deps.repo.room(actor.eventId, roomId);
      const row = await deps.repo.insertMessage({
        id: deps.newId(),
        roomId,
        organisationId: found!.room.organisationId,
        eventId: actor.eventId,
        fromEventUserId: actor.eventUserId,
        content: input.content,
        isReply: !!replyTo,
        replyToMessageId: replyTo,
        clientId: input.clientId ?? null,
        createdAt: deps.now(),
      });
      const stored = row ?? (await deps.repo.byClientId(actor.eventUserId, input.clientId!));
      const message = (await toStored([stored!], member))[0]!;
      deps.emit(member, 'message', message);
      return message;
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

    /** `typing`: relayed to the other member only; nothing is stored. */
    async typing(actor: ChatActor, input: { roomId: string; isTyping: boolean }): Promise<void> {
      const found = await memberRoom(actor, input.roomId);
      const notice: TTypingNotice = { roomId: input.roomId, eventUserId: actor.eventUserId, isTyping: input.isTyping };
      deps.emit(found.members.map((m) => m.eventUserId).filter((m) => m !== actor.eventUserId), 'typing', notice);
    },

    async rooms(actor: ChatActor): Promise<TChatRooms> {
      const rooms = await deps.repo.roomsOf(actor.eventId, actor.eventUserId);
      const others = rooms.map((r) => r.members.find((m) => m.eventUserId !== actor.eventUserId)?.eventUserId).filter((x): x is string => !!x);
      const names = await nameMap(actor.eventId, [actor.eventUserId, ...others]);
      const summaries = await Promise.all(
        rooms.map(async ({ room, members }) => {
          const mine = members.find((m) => m.eventUserId === actor.eventUserId);
          const theirs = members.find((m) => m.eventUserId !== actor.eventUserId);
          const { last, unread } = await deps.repo.lastAndUnread(room.id, actor.eventUserId, mine?.lastReadMessageId ?? null);
          const other = theirs?.eventUserId ?? '';
          return {
            roomId: room.id,
            other: { eventUserId: other, name: names.get(other) ?? 'Participant' },
            lastMessage: last ? (await toStored([last], members.map((m) => m.eventUserId)))[0]! : null,
            unread,
            otherReadUpTo: theirs?.lastReadMessageId ?? null,
          };
        }),
      );
      return { me: { eventUserId: actor.eventUserId, name: names.get(actor.eventUserId) ?? 'You' }, rooms: summaries };
    },

    async history(actor: ChatActor, roomId: string, q: { before?: string; limit?: number }): Promise<TChatHistory> {
      const found = await memberRoom(actor, roomId);
      const limit = q.limit ?? CHAT_HISTORY_PAGE_SIZE;
      const rows = await deps.repo.history(roomId, q.before, limit + 1);
      const page = rows.slice(0, limit).reverse();
      const mine = found.members.find((m) => m.eventUserId === actor.eventUserId);
      const theirs = found.members.find((m) => m.eventUserId !== actor.eventUserId);
      return {
        messages: await toStored(page, found.members.map((m) => m.eventUserId)),
        hasMore: rows.length > limit,
        readUpTo: mine?.lastReadMessageId ?? null,
        otherReadUpTo: theirs?.lastReadMessageId ?? null,
      };
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
      return listed
        .map((r) => {
          const userId = userIds.get(r.email.toLowerCase());
          return { registrationId: r.registrationId, name: r.name, eventUserId: (userId && byUser.get(userId)) || null };
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
