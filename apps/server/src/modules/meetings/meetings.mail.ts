import { MEETING_MODE_LABELS, MEETING_PLACE_LABELS } from '@pavilion/domain';
import type { MailMessage } from '../../platform/mail.ts';
import type { MeetingNotice } from './meetings.repository.ts';
import type { MeetingsService } from './meetings.service.ts';

type Facts = NonNullable<Awaited<ReturnType<MeetingsService['mailFacts']>>>;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Who is told of a change: the other side of the one who made it (both when the organiser did). */
const RECIPIENTS: Record<MeetingNotice['kind'], 'invitee' | 'requester' | 'both'> = {
  requested: 'invitee',
  accepted: 'requester',
  declined: 'requester',
  tentative: 'requester',
  cancelled: 'both',
  completed: 'both',
  scheduled: 'both',
  reminder: 'both',
};
const SUBJECT: Record<MeetingNotice['kind'], string> = {
  requested: 'Meeting invitation',
  accepted: 'Meeting accepted',
  declined: 'Meeting declined',
  tentative: 'Meeting tentative',
  cancelled: 'Meeting cancelled',
  completed: 'Meeting completed',
  scheduled: 'Meeting scheduled',
  reminder: 'Meeting reminder',
};

/** The participations a notice concerns: the other side of the one who made the change (both when the organiser did). */
export function noticeSides(kind: MeetingNotice['kind'], m: { requesterEventUserId: string; inviteeEventUserId: string }): string[] {
  const to = RECIPIENTS[kind];
  return to === 'both' ? [m.requesterEventUserId, m.inviteeEventUserId] : [to === 'invitee' ? m.inviteeEventUserId : m.requesterEventUserId];
}

/** The mails of one change (SPEC §3.10 notification names: invited, accepted, declined, tentative, cancelled, scheduled, reminded). */
export function meetingMails(kind: MeetingNotice['kind'], f: Facts, emails: Map<string, string>, publicUrl: string): { eventUserId: string; message: MailMessage }[] {
  const m = f.meeting;
  const sides = noticeSides(kind, m);
  const where = m.mode === 2 ? MEETING_MODE_LABELS[2] : `${MEETING_PLACE_LABELS[m.place as 1 | 2]}${m.tableNumber ? `, table ${m.tableNumber}` : ''}${m.booth ? ` ${m.booth}` : ''}`;
  return sides.flatMap((eventUserId) => {
    const me = f.who.get(eventUserId);
    const otherId = eventUserId === m.requesterEventUserId ? m.inviteeEventUserId : m.requesterEventUserId;
    const email = me ? emails.get(me.userId) : undefined;
    if (!me || !email) return [];
    const other = f.who.get(otherId)?.name ?? 'a participant';
    const link = `${publicUrl}/mm/${f.event.id}-${eventUserId}`;
    const line = `${SUBJECT[kind]}: ${other}, ${f.slot.replace('T', ' ')} (${f.event.timeZone}), ${where}. ${f.event.name}.`;
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
