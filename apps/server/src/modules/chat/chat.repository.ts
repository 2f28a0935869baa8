import { and, count, desc, eq, gt, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { chatMessages, chatRoomMembers, chatRooms } from './chat.tables.ts';

export type ChatRoomRow = typeof chatRooms.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatMemberRow = typeof chatRoomMembers.$inferSelect;

/** Two participations' room key: the same whichever of them writes first. */
export const pairKeyOf = (a: string, b: string) => [a, b].sort().join(':');

/** The only file that queries chat_rooms, chat_room_members and chat_messages. */
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
    /** Stores the message and moves the room's last-message time, in one transaction. Null when its clientId was used. */
    async insertMessage(row: typeof chatMessages.$inferInsert): Promise<ChatMessageRow | null> {
      return db.transaction(async (tx) => {
        const [m] = await tx.insert(chatMessages).values(row).onConflictDoNothing().returning();
        if (!m) return null;
        await tx.update(chatRooms).set({ lastMessageAt: m.createdAt }).where(eq(chatRooms.id, m.roomId));
        return m;
      });
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
        .where(and(eq(chatMessages.roomId, roomId), ne(chatMessages.fromEventUserId, eventUserId), after));
      return { last: last ?? null, unread: Number(n?.n ?? 0) };
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
