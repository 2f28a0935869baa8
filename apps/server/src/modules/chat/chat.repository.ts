import { and, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { chatBlocks, chatMessages, chatReports, chatRestrictions, chatRoomMembers, chatRooms } from './chat.tables.ts';

export type ChatRoomRow = typeof chatRooms.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatMemberRow = typeof chatRoomMembers.$inferSelect;
export type ChatReportRow = typeof chatReports.$inferSelect;
export type ChatRestrictionRow = typeof chatRestrictions.$inferSelect;

/** Two participations' room key: the same whichever of them writes first. */
export const pairKeyOf = (a: string, b: string) => [a, b].sort().join(':');

/** The only file that queries the chat tables (rooms, members, messages, blocks, reports, restrictions). */
export function createChatRepository(db: Db) {
  /** Messages after `readId` (by time, then id) that are not `self`'s: the unread ones. */
  async function afterCondition(roomId: string, readId: string | null): Promise<SQL | undefined> {
    if (!readId) return undefined;
    const [read] = await db.select({ createdAt: chatMessages.createdAt, id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.id, readId)).limit(1);
    if (!read) return undefined;
    return or(gt(chatMessages.createdAt, read.createdAt), and(eq(chatMessages.createdAt, read.createdAt), gt(chatMessages.id, read.id)));
  }

  return {
    /** The room with its members, only when it belongs to this event. */
    async room(eventId: string, roomId: string): Promise<{ room: ChatRoomRow; members: ChatMemberRow[] } | null> {
      const [room] = await db.select().from(chatRooms).where(and(eq(chatRooms.id, roomId), eq(chatRooms.eventId, eventId))).limit(1);
      if (!room) return null;
      const members = await db.select().from(chatRoomMembers).where(eq(chatRoomMembers.roomId, roomId));
      return { room, members };
    },
    async roomByPair(eventId: string, a: string, b: string): Promise<ChatRoomRow | null> {
      const [room] = await db.select().from(chatRooms).where(and(eq(chatRooms.eventId, eventId), eq(chatRooms.pairKey, pairKeyOf(a, b)))).limit(1);
      return room ?? null;
    },
    /** Creates the pair's room with its two members in one transaction; a concurrent creation wins and is returned. */
    async createRoom(row: { id: string; organisationId: string; eventId: string; members: [string, string] }): Promise<ChatRoomRow> {
      const pairKey = pairKeyOf(...row.members);
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(chatRooms)
          .values({ id: row.id, organisationId: row.organisationId, eventId: row.eventId, pairKey })
          .onConflictDoNothing({ target: [chatRooms.eventId, chatRooms.pairKey] })
          .returning();
        if (created) await tx.insert(chatRoomMembers).values(row.members.map((eventUserId) => ({ roomId: row.id, eventUserId })));
      });
      const [room] = await db.select().from(chatRooms).where(and(eq(chatRooms.eventId, row.eventId), eq(chatRooms.pairKey, pairKey))).limit(1);
      return room!;
    },
    async message(roomId: string, id: string): Promise<ChatMessageRow | null> {
      const [m] = await db.select().from(chatMessages).where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.id, id))).limit(1);
      return m ?? null;
    },
    async messagesByIds(ids: string[]): Promise<ChatMessageRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(chatMessages).where(inArray(chatMessages.id, ids));
    },
    async byClientId(fromEventUserId: string, clientId: string): Promise<ChatMessageRow | null> {
      const [m] = await db.select().from(chatMessages).where(and(eq(chatMessages.fromEventUserId, fromEventUserId), eq(chatMessages.clientId, clientId))).limit(1);
      return m ?? null;
    },
    /**
     * Stores the message and moves the room's last-message time in one statement (a data-modifying CTE: atomic, and one
     * round trip instead of a transaction's four). Null when its clientId was used.
     */
    async insertMessage(row: Omit<typeof chatMessages.$inferInsert, 'createdAt' | 'deletedAt' | 'deletedByUserId'> & { createdAt: Date }): Promise<ChatMessageRow | null> {
      const m: ChatMessageRow = { isReply: false, replyToMessageId: null, clientId: null, ...row, deletedAt: null, deletedByUserId: null };
      const res = await db.execute(sql`
        with m as (
          insert into chat_messages (id, room_id, organisation_id, event_id, from_event_user_id, content, is_reply, reply_to_message_id, client_id, created_at)
          values (${m.id}, ${m.roomId}, ${m.organisationId}, ${m.eventId}, ${m.fromEventUserId}, ${m.content}, ${m.isReply}, ${m.replyToMessageId}, ${m.clientId}, ${m.createdAt.toISOString()}::timestamptz)
          on conflict do nothing
          returning id, room_id, created_at
        )
        update chat_rooms set last_message_at = m.created_at from m where chat_rooms.id = m.room_id returning m.id`);
      return (res as unknown as { rows: unknown[] }).rows.length > 0 ? m : null;
    },
    /** A page of the room's messages, newest first, older than `before` when given. */
    async history(roomId: string, beforeId: string | undefined, limit: number): Promise<ChatMessageRow[]> {
      const where: (SQL | undefined)[] = [eq(chatMessages.roomId, roomId)];
      if (beforeId) {
        const [b] = await db.select({ createdAt: chatMessages.createdAt, id: chatMessages.id }).from(chatMessages).where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.id, beforeId))).limit(1);
        if (!b) return [];
        where.push(or(lt(chatMessages.createdAt, b.createdAt), and(eq(chatMessages.createdAt, b.createdAt), lt(chatMessages.id, b.id))));
      }
      return db
        .select()
        .from(chatMessages)
        .where(and(...where))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(limit);
    },
    /** Moves the member's read mark to `messageId` unless it already stands at a later message. True when it moved. */
    async markRead(roomId: string, eventUserId: string, messageId: string, at: Date): Promise<boolean> {
      const [member] = await db.select().from(chatRoomMembers).where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.eventUserId, eventUserId))).limit(1);
      if (!member) return false;
      if (member.lastReadMessageId === messageId) return false;
      if (member.lastReadMessageId) {
        const later = await afterCondition(roomId, member.lastReadMessageId);
        const [isLater] = await db.select({ id: chatMessages.id }).from(chatMessages).where(and(eq(chatMessages.id, messageId), later)).limit(1);
        if (!isLater) return false;
      }
      await db.update(chatRoomMembers).set({ lastReadMessageId: messageId, lastReadAt: at }).where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.eventUserId, eventUserId)));
      return true;
    },
    /** The participant's rooms in the event, most recent first, with members. */
    async roomsOf(eventId: string, eventUserId: string, limit = 100): Promise<{ room: ChatRoomRow; members: ChatMemberRow[] }[]> {
      const mine = db.select({ roomId: chatRoomMembers.roomId }).from(chatRoomMembers).where(eq(chatRoomMembers.eventUserId, eventUserId));
      const rooms = await db
        .select()
        .from(chatRooms)
        .where(and(eq(chatRooms.eventId, eventId), inArray(chatRooms.id, mine)))
        .orderBy(desc(chatRooms.lastMessageAt))
        .limit(limit);
      if (rooms.length === 0) return [];
      const members = await db.select().from(chatRoomMembers).where(inArray(chatRoomMembers.roomId, rooms.map((r) => r.id)));
      return rooms.map((room) => ({ room, members: members.filter((m) => m.roomId === room.id) }));
    },
    /** The room's newest message and how many of the other side's messages come after `readId`. */
    async lastAndUnread(roomId: string, eventUserId: string, readId: string | null): Promise<{ last: ChatMessageRow | null; unread: number }> {
      const [last] = await db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId)).orderBy(desc(chatMessages.createdAt), desc(chatMessages.id)).limit(1);
      const after = await afterCondition(roomId, readId);
      const [n] = await db
        .select({ n: count() })
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), ne(chatMessages.fromEventUserId, eventUserId), isNull(chatMessages.deletedAt), after));
      return { last: last ?? null, unread: Number(n?.n ?? 0) };
    },

    /* ----- groups ----- */

    /** Creates a group with its members in one transaction. */
    async createGroup(row: { id: string; organisationId: string; eventId: string; name: string; createdBy: string; members: string[] }): Promise<ChatRoomRow> {
      return db.transaction(async (tx) => {
        const [room] = await tx
          .insert(chatRooms)
          .values({ id: row.id, organisationId: row.organisationId, eventId: row.eventId, pairKey: `group:${row.id}`, kind: 'group', name: row.name, createdByEventUserId: row.createdBy })
          .returning();
        await tx.insert(chatRoomMembers).values(row.members.map((eventUserId) => ({ roomId: row.id, eventUserId })));
        return room!;
      });
    },
    /** Adds members (those already in are left as they are); answers the ids that were added. */
    async addMembers(roomId: string, eventUserIds: string[]): Promise<string[]> {
      if (eventUserIds.length === 0) return [];
      const added = await db
        .insert(chatRoomMembers)
        .values(eventUserIds.map((eventUserId) => ({ roomId, eventUserId })))
        .onConflictDoNothing()
        .returning({ eventUserId: chatRoomMembers.eventUserId });
      return added.map((a) => a.eventUserId);
    },
    async removeMember(roomId: string, eventUserId: string): Promise<boolean> {
      const gone = await db.delete(chatRoomMembers).where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.eventUserId, eventUserId))).returning({ roomId: chatRoomMembers.roomId });
      return gone.length > 0;
    },
    /** The participant's groups in the event (their ids). */
    async groupsOf(eventId: string, eventUserId: string): Promise<string[]> {
      const rows = await db
        .select({ id: chatRooms.id })
        .from(chatRooms)
        .innerJoin(chatRoomMembers, eq(chatRoomMembers.roomId, chatRooms.id))
        .where(and(eq(chatRooms.eventId, eventId), eq(chatRooms.kind, 'group'), eq(chatRoomMembers.eventUserId, eventUserId)));
      return rows.map((r) => r.id);
    },
    /** Everyone who shares a room with the participant in the event (whom their online state concerns). */
    async contactsOf(eventUserId: string): Promise<string[]> {
      const mine = db.select({ roomId: chatRoomMembers.roomId }).from(chatRoomMembers).where(eq(chatRoomMembers.eventUserId, eventUserId));
      const rows = await db
        .selectDistinct({ eventUserId: chatRoomMembers.eventUserId })
        .from(chatRoomMembers)
        .where(and(inArray(chatRoomMembers.roomId, mine), ne(chatRoomMembers.eventUserId, eventUserId)))
        .limit(5000);
      return rows.map((r) => r.eventUserId);
    },

    /* ----- moderation of messages ----- */

    async messageInEvent(eventId: string, messageId: string): Promise<ChatMessageRow | null> {
      const [m] = await db.select().from(chatMessages).where(and(eq(chatMessages.eventId, eventId), eq(chatMessages.id, messageId))).limit(1);
      return m ?? null;
    },
    async deleteMessage(messageId: string, byUserId: string, at: Date): Promise<void> {
      await db.update(chatMessages).set({ deletedAt: at, deletedByUserId: byUserId }).where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)));
    },

    /* ----- blocks ----- */

    async block(eventId: string, blocker: string, blocked: string): Promise<void> {
      await db.insert(chatBlocks).values({ eventId, blockerEventUserId: blocker, blockedEventUserId: blocked }).onConflictDoNothing();
    },
    async unblock(blocker: string, blocked: string): Promise<void> {
      await db.delete(chatBlocks).where(and(eq(chatBlocks.blockerEventUserId, blocker), eq(chatBlocks.blockedEventUserId, blocked)));
    },
    /** Whom the participant has blocked. */
    async blockedBy(blocker: string): Promise<string[]> {
      const rows = await db.select({ id: chatBlocks.blockedEventUserId }).from(chatBlocks).where(eq(chatBlocks.blockerEventUserId, blocker)).orderBy(desc(chatBlocks.createdAt));
      return rows.map((r) => r.id);
    },
    /** Whether either of the two has blocked the other. */
    async isBlockedEither(a: string, b: string): Promise<boolean> {
      const [row] = await db
        .select({ id: chatBlocks.blockerEventUserId })
        .from(chatBlocks)
        .where(or(and(eq(chatBlocks.blockerEventUserId, a), eq(chatBlocks.blockedEventUserId, b)), and(eq(chatBlocks.blockerEventUserId, b), eq(chatBlocks.blockedEventUserId, a))))
        .limit(1);
      return !!row;
    },

    /* ----- reports ----- */

    async insertReport(row: typeof chatReports.$inferInsert): Promise<void> {
      await db.insert(chatReports).values(row);
    },
    async reports(eventId: string, status: 'open' | 'resolved' | 'all', limit = 200): Promise<ChatReportRow[]> {
      return db
        .select()
        .from(chatReports)
        .where(and(eq(chatReports.eventId, eventId), status === 'all' ? undefined : eq(chatReports.status, status)))
        .orderBy(desc(chatReports.createdAt))
        .limit(limit);
    },
    async setReportStatus(eventId: string, reportId: string, status: 'open' | 'resolved', byUserId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(chatReports)
        .set({ status, resolvedAt: status === 'resolved' ? at : null, resolvedByUserId: status === 'resolved' ? byUserId : null })
        .where(and(eq(chatReports.eventId, eventId), eq(chatReports.id, reportId)))
        .returning({ id: chatReports.id });
      return rows.length > 0;
    },

    /* ----- restrictions ----- */

    async restrictions(eventUserIds: string[]): Promise<ChatRestrictionRow[]> {
      if (eventUserIds.length === 0) return [];
      return db.select().from(chatRestrictions).where(inArray(chatRestrictions.eventUserId, eventUserIds));
    },
    async setRestriction(row: { eventUserId: string; eventId: string; byUserId: string; at: Date } & Partial<Pick<ChatRestrictionRow, 'isMuted' | 'mutedUntil' | 'isRemoved'>>): Promise<ChatRestrictionRow> {
      const patch = {
        ...(row.isMuted !== undefined ? { isMuted: row.isMuted, mutedUntil: row.mutedUntil ?? null } : {}),
        ...(row.isRemoved !== undefined ? { isRemoved: row.isRemoved } : {}),
        updatedAt: row.at,
        updatedByUserId: row.byUserId,
      };
      const [saved] = await db
        .insert(chatRestrictions)
        .values({ eventUserId: row.eventUserId, eventId: row.eventId, ...patch })
        .onConflictDoUpdate({ target: chatRestrictions.eventUserId, set: patch })
        .returning();
      return saved!;
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
