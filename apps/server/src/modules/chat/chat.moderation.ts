import type { TChatModerateUser, TChatReport, TChatReportInput, TChatPerson, TMessageDeleted } from '@pavilion/domain';
import { ZChatModerateUser, ZChatReportInput } from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { chatErrors } from './chat.errors.ts';
import { restrictionOf, type ChatActor, type ChatDeps } from './chat.service.ts';

export type ChatModerationDeps = Pick<ChatDeps, 'repo' | 'newId' | 'now' | 'participants' | 'namesOf' | 'emit'> & {
  audit: Audit;
  /** events module: 404 unless the organiser's organisation (and item scope) holds the event. */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
};

/**
 * Safety in the event's chat: a participant blocks, unblocks and reports; the organiser reads the reports and mutes,
 * removes or restores a participant and deletes a message (each action written to the audit log, and heard live by
 * those it concerns).
 */
export function createChatModeration(deps: ChatModerationDeps) {
  const { repo } = deps;

  async function people(eventId: string, ids: string[]): Promise<Map<string, TChatPerson>> {
    const ps = await deps.participants(eventId, [...new Set(ids)]);
    const names = await deps.namesOf(ps.map((p) => p.userId));
    return new Map(ps.map((p) => [p.eventUserId, { eventUserId: p.eventUserId, name: names.get(p.userId) ?? 'Participant' }]));
  }

  /** The other participant, of the actor's event and organisation, or CHAT_BAD_MEMBER. */
  async function otherOf(actor: ChatActor, eventUserId: string) {
    if (eventUserId === actor.eventUserId) throw chatErrors.selfBlock();
    const ps = await deps.participants(actor.eventId, [actor.eventUserId, eventUserId]);
    const me = ps.find((p) => p.eventUserId === actor.eventUserId);
    const them = ps.find((p) => p.eventUserId === eventUserId);
    if (!me || me.userId !== actor.userId) throw chatErrors.notParticipant();
    if (!them || them.organisationId !== me.organisationId) throw chatErrors.badMember();
    return { me, them };
  }

  async function blockList(actor: ChatActor): Promise<TChatPerson[]> {
    const ids = await repo.blockedBy(actor.eventUserId);
    const byId = await people(actor.eventId, ids);
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  /** The participant of this (organiser-checked) event, or 404. */
  async function target(organisationId: string, eventId: string, eventUserId: string) {
    const [p] = await deps.participants(eventId, [eventUserId]);
    if (!p || p.organisationId !== organisationId) throw chatErrors.badMember();
    return p;
  }

  async function moderatedPerson(eventId: string, eventUserId: string) {
    const [row] = await repo.restrictions([eventUserId]);
    const person = (await people(eventId, [eventUserId])).get(eventUserId) ?? { eventUserId, name: 'Participant' };
    return { ...person, restriction: restrictionOf(row, deps.now()) };
  }

  return {
    blocks: blockList,
    async block(actor: ChatActor, eventUserId: string): Promise<TChatPerson[]> {
      await otherOf(actor, eventUserId);
      await repo.block(actor.eventId, actor.eventUserId, eventUserId);
      return blockList(actor);
    },
    async unblock(actor: ChatActor, eventUserId: string): Promise<TChatPerson[]> {
      await otherOf(actor, eventUserId);
      await repo.unblock(actor.eventUserId, eventUserId);
      return blockList(actor);
    },

    /** A report of a participant, or of their message in a room the reporter is in (else 404 CHAT_MESSAGE_NOT_FOUND). */
    async report(actor: ChatActor, raw: TChatReportInput): Promise<{ id: string }> {
      const input = ZChatReportInput.parse(raw);
      const { me } = await otherOf(actor, input.eventUserId);
      if (input.messageId) {
        const m = await repo.messageInEvent(actor.eventId, input.messageId);
        const room = m ? await repo.room(actor.eventId, m.roomId) : null;
        if (!m || !room || m.fromEventUserId !== input.eventUserId || !room.members.some((x) => x.eventUserId === actor.eventUserId)) throw chatErrors.messageNotFound();
      }
      const id = deps.newId();
      await repo.insertReport({
        id,
        organisationId: me.organisationId,
        eventId: actor.eventId,
        reporterEventUserId: actor.eventUserId,
        reportedEventUserId: input.eventUserId,
        messageId: input.messageId ?? null,
        reason: input.reason,
        note: input.note,
        createdAt: deps.now(),
      });
      return { id };
    },

    /* ----- organiser ----- */

    async reports(caller: AuthUser, organisationId: string, eventId: string, status: 'open' | 'resolved' | 'all'): Promise<TChatReport[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      const rows = await repo.reports(eventId, status);
      const ids = rows.flatMap((r) => [r.reporterEventUserId, r.reportedEventUserId]);
      const [byId, restrictions, messages] = await Promise.all([people(eventId, ids), repo.restrictions([...new Set(rows.map((r) => r.reportedEventUserId))]), repo.messagesByIds(rows.flatMap((r) => (r.messageId ? [r.messageId] : [])))]);
      const now = deps.now();
      const person = (id: string) => byId.get(id) ?? { eventUserId: id, name: 'Participant' };
      return rows.map((r) => {
        const m = r.messageId ? messages.find((x) => x.id === r.messageId && x.eventId === eventId) : undefined;
        return {
          id: r.id,
          reason: r.reason as TChatReport['reason'],
          note: r.note,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
          reporter: person(r.reporterEventUserId),
          reported: { ...person(r.reportedEventUserId), restriction: restrictionOf(restrictions.find((x) => x.eventUserId === r.reportedEventUserId), now) },
          message: m ? { id: m.id, roomId: m.roomId, content: m.deletedAt ? '' : m.content, isDeleted: !!m.deletedAt, createdAt: m.createdAt.toISOString() } : null,
        };
      });
    },

    async updateReport(caller: AuthUser, organisationId: string, eventId: string, reportId: string, status: 'open' | 'resolved') {
      await deps.assertEvent(caller, organisationId, eventId);
      if (!(await repo.setReportStatus(eventId, reportId, status, caller.userId, deps.now()))) throw chatErrors.reportNotFound();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: `chat.report.${status === 'resolved' ? 'resolve' : 'reopen'}`, target: reportId, meta: { eventId } });
      return { id: reportId, status };
    },

    /**
     * Mute (for `minutes`, or until unmuted), unmute, remove from chat (they leave every group, whose members hear
     * `leaveGroup`, and cannot send) or restore. The participant's own sockets hear `refreshMe` to read their state.
     */
    async moderateUser(caller: AuthUser, organisationId: string, eventId: string, eventUserId: string, raw: TChatModerateUser) {
      const input = ZChatModerateUser.parse(raw);
      await deps.assertEvent(caller, organisationId, eventId);
      await target(organisationId, eventId, eventUserId);
      const at = deps.now();
      const base = { eventUserId, eventId, byUserId: caller.userId, at };
      if (input.action === 'mute') await repo.setRestriction({ ...base, isMuted: true, mutedUntil: input.minutes ? new Date(at.getTime() + input.minutes * 60_000) : null });
      if (input.action === 'unmute') await repo.setRestriction({ ...base, isMuted: false, mutedUntil: null });
      if (input.action === 'restore') await repo.setRestriction({ ...base, isRemoved: false });
      if (input.action === 'remove') {
        await repo.setRestriction({ ...base, isRemoved: true });
        for (const roomId of await repo.groupsOf(eventId, eventUserId)) {
          const room = await repo.room(eventId, roomId);
          if (!room) continue;
          await repo.removeMember(roomId, eventUserId);
          deps.emit(
            room.members.map((m) => m.eventUserId),
            'leaveGroup',
            { roomId, eventUserId },
          );
        }
      }
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: `chat.user.${input.action}`, target: eventUserId, meta: { eventId, ...(input.action === 'mute' ? { minutes: input.minutes } : {}) } });
      deps.emit([eventUserId], 'refreshMe', { reason: 'chatRestriction' });
      return moderatedPerson(eventId, eventUserId);
    },

    /** Deletes a message for everyone: its room's members hear `messageDeleted` and show "Message deleted". */
    async deleteMessage(caller: AuthUser, organisationId: string, eventId: string, messageId: string): Promise<TMessageDeleted> {
      await deps.assertEvent(caller, organisationId, eventId);
      const m = await repo.messageInEvent(eventId, messageId);
      if (!m || m.organisationId !== organisationId) throw chatErrors.messageNotFound();
      await repo.deleteMessage(messageId, caller.userId, deps.now());
      const room = await repo.room(eventId, m.roomId);
      const notice = { roomId: m.roomId, messageId };
      deps.emit(room?.members.map((x) => x.eventUserId) ?? [], 'messageDeleted', notice);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'chat.message.delete', target: messageId, meta: { eventId, roomId: m.roomId, fromEventUserId: m.fromEventUserId } });
      return notice;
    },
  };
}
export type ChatModeration = ReturnType<typeof createChatModeration>;
