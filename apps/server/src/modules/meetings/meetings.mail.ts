import { MEETING_MODE_LABELS, MEETING_PLACE_LABELS } from '@pavilion/domain';
import type { MailMessage } from '../../platform/mail.ts';
import type { MeetingNotice } from './meetings.repository.ts';
import type { MeetingsService } from './meetings.service.ts';

type Facts = NonNullable<Awaited<ReturnType<MeetingsService['mailFacts']>>>;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Who is told of a change: the other side of the one who made it (both when the organiser did). A new time: the
 * proposal goes to the other side of its proposer, the answer back to the proposer, the organiser's move to both.
 */
const RECIPIENTS: Record<MeetingNotice['kind'], 'invitee' | 'requester' | 'both' | 'notProposer' | 'proposer'> = {
  requested: 'invitee',
  accepted: 'requester',
  declined: 'requester',
  tentative: 'requester',
  cancelled: 'both',
  completed: 'both',
  scheduled: 'both',
  reminder: 'both',
  rescheduleProposed: 'notProposer',
  rescheduleAccepted: 'proposer',
  rescheduleDeclined: 'proposer',
  rescheduled: 'both',
};
/**
 * Subjects: SPEC §3.10's meeting notification names. The catalogue has no "rescheduled": a proposed new time is an
 * invitation (3.2), its answer accepted (3.4) or declined (3.5), the organiser's move scheduled (3.1), each saying
 * "new time".
 */
const SUBJECT: Record<MeetingNotice['kind'], string> = {
  requested: 'Meeting invitation',
  accepted: 'Meeting accepted',
  declined: 'Meeting declined',
  tentative: 'Meeting tentative',
  cancelled: 'Meeting cancelled',
  completed: 'Meeting completed',
  scheduled: 'Meeting scheduled',
  reminder: 'Meeting reminder',
  rescheduleProposed: 'Meeting invitation, new time',
  rescheduleAccepted: 'Meeting accepted, new time',
  rescheduleDeclined: 'Meeting declined, new time',
  rescheduled: 'Meeting scheduled, new time',
};

/** The participations a notice concerns: the other side of the one who made the change (both when the organiser did). */
export function noticeSides(kind: MeetingNotice['kind'], m: { requesterEventUserId: string; inviteeEventUserId: string }, proposedBy: string | null = null): string[] {
  const both = [m.requesterEventUserId, m.inviteeEventUserId];
  const to = RECIPIENTS[kind];
  // A new time proposed or answered by the organiser (no proposer) concerns both sides.
  if (to === 'proposer' || to === 'notProposer') return proposedBy === null ? both : both.filter((s) => (s === proposedBy) === (to === 'proposer'));
  return to === 'both' ? both : [to === 'invitee' ? m.inviteeEventUserId : m.requesterEventUserId];
}

/** What a rescheduling notice says, for one recipient ("" for the other kinds). */
export function newTimeLine(kind: MeetingNotice['kind'], other: string, proposedSlot: string, currentSlot: string, timeZone: string): string {
  const at = (s: string) => `${s.replace('T', ' ')} (${timeZone})`;
  switch (kind) {
    case 'rescheduleProposed':
      return `${other} proposes a new time for your meeting: ${at(proposedSlot)} instead of ${at(currentSlot)}. Accept or decline it in your meetings.`;
    case 'rescheduleAccepted':
      return `${other} accepted the new time: your meeting is now at ${at(currentSlot)}.`;
    case 'rescheduleDeclined':
      return `${other} declined the new time ${at(proposedSlot)}: your meeting stays at ${at(currentSlot)}.`;
    case 'rescheduled':
      return `The organiser moved your meeting with ${other} to ${at(currentSlot)}.`;
    default:
      return '';
  }
}

/** The mails of one change (SPEC §3.10 notification names: invited, accepted, declined, tentative, cancelled, scheduled, reminded). */
export function meetingMails(kind: MeetingNotice['kind'], f: Facts, emails: Map<string, string>, publicUrl: string): { eventUserId: string; message: MailMessage }[] {
  const m = f.meeting;
  const sides = noticeSides(kind, m, f.proposal?.proposedBy ?? null);
  const where = m.mode === 2 ? MEETING_MODE_LABELS[2] : `${MEETING_PLACE_LABELS[m.place as 1 | 2]}${m.tableNumber ? `, table ${m.tableNumber}` : ''}${m.booth ? ` ${m.booth}` : ''}`;
  return sides.flatMap((eventUserId) => {
    const me = f.who.get(eventUserId);
    const otherId = eventUserId === m.requesterEventUserId ? m.inviteeEventUserId : m.requesterEventUserId;
    const email = me ? emails.get(me.userId) : undefined;
    if (!me || !email) return [];
    const other = f.who.get(otherId)?.name ?? 'a participant';
    const link = `${publicUrl}/mm/${f.event.id}-${eventUserId}`;
    const newTime = f.proposal ? newTimeLine(kind, other, f.proposal.slot, f.slot, f.event.timeZone) : '';
    const line = newTime ? `${newTime} ${where}. ${f.event.name}.` : `${SUBJECT[kind]}: ${other}, ${f.slot.replace('T', ' ')} (${f.event.timeZone}), ${where}. ${f.event.name}.`;
    return [
      {
        eventUserId,
        message: {
          to: email,
          subject: `${SUBJECT[kind]}: ${f.event.name}`,
          text: `Hello ${me.name},\n\n${line}\n\nYour meetings: ${link}\n`,
          html: `<p>Hello ${escape(me.name)},</p><p>${escape(line)}</p><p><a href="${escape(link)}">Your meetings</a></p>`,
          organisationId: f.event.organisationId,
          eventId: f.event.id,
        },
      },
    ];
  });
}
