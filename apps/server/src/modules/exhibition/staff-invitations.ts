import { escapeHtml } from '@pavilion/domain';
import type { MailMessage, Mailer } from '../../platform/mail.ts';
import type { StaffAdded } from './exhibition.service.ts';

/** How long a stand-team mail's sign-in link works (as the company admin's invitation). */
export const STAFF_INVITATION_TTL_MINUTES = 60 * 24 * 3;

export type StaffInvitationDeps = {
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  eventFacts: (eventId: string) => Promise<{ name: string } | null>;
  companyName: (eventId: string, companyId: string) => Promise<string | null>;
  /** The sent marker of one staff row (exhibition.repository.ts `claimInvitation` / `releaseInvitation`). */
  claim: (eventId: string, staffId: string, at: Date) => Promise<{ email: string; companyId: string; organisationId: string } | null>;
  release: (eventId: string, staffId: string) => Promise<void>;
  findUserByEmail: (email: string) => Promise<{ id: string; firstName: string } | null>;
  /**
   * Auth's one-time `adl` link for a participant account taking part in the event (createParticipantEventLink), or
   * null (no account, a team account, not a participant): the mail then points at the event's sign-in page.
   */
  createLoginLink: (actorUserId: string, organisationId: string, input: { userId: string; eventId: string; ttlMinutes: number }) => Promise<{ path: string; expiresAt: string } | null>;
};

/**
 * The stand-team mail: one to each person just added to a company's staff list, by the organiser or the company's
 * admin. No account is made here (a staff member registers or signs in as any participant does, and staff badges are
 * issued separately), so the one-time sign-in link goes to those who already take part in the event with a
 * participant account; the others are told where to sign in or register with this email address.
 *
 * It runs as the subscriber of the durable `exhibition.staff.added` fact, after the save's commit, never in the
 * request. Each staff row is taken (its marker set) before its send and given back when the send fails: a fact
 * delivered again mails nobody twice, and a failure throws once the others are sent, so the outbox tries again.
 * A person removed before the mail went gets none.
 */
export function createStaffInvitations(deps: StaffInvitationDeps) {
  return async function inviteStaff(fact: StaffAdded): Promise<number> {
    const [event, companyName] = await Promise.all([deps.eventFacts(fact.eventId), deps.companyName(fact.eventId, fact.companyId)]);
    if (companyName === null) return 0;
    const eventName = event?.name ?? 'the event';
    let sent = 0;
    let failure: Error | null = null;
    for (const staffId of fact.staffIds) {
      const row = await deps.claim(fact.eventId, staffId, deps.now());
      if (!row || row.organisationId !== fact.organisationId) continue;
      try {
        const result = await deps.mailer.send(await message(fact, row.email, companyName, eventName));
        if (result.status === 'failed') throw new Error(result.error ?? 'mail delivery failed');
        sent++;
      } catch (err) {
        await deps.release(fact.eventId, staffId);
        failure ??= err as Error;
      }
    }
    if (failure) throw failure;
    return sent;
  };

  async function message(fact: StaffAdded, email: string, companyName: string, eventName: string): Promise<MailMessage> {
    const user = await deps.findUserByEmail(email);
    const link = user ? await deps.createLoginLink(fact.actorUserId, fact.organisationId, { userId: user.id, eventId: fact.eventId, ttlMinutes: STAFF_INVITATION_TTL_MINUTES }) : null;
    const url = link ? `${deps.publicUrl}${link.path}` : `${deps.publicUrl}/ei/${encodeURIComponent(fact.eventId)}`;
    const hello = user?.firstName ? `Hello ${user.firstName},` : 'Hello,';
    const how = link
      ? `Open this link to sign in to the event, where the Leads tab scans visitors' badges for your company. It works once, until ${new Date(link.expiresAt).toUTCString()}:`
      : `Sign in to the event with this email address (${email}), or register for it first, to scan visitors' badges for your company in the Leads tab:`;
    return {
      to: email,
      organisationId: fact.organisationId,
      eventId: fact.eventId,
      subject: `You are on the stand team of ${companyName} at ${eventName}`,
      text: `${hello}\n\nYou are on the stand team of ${companyName} at ${eventName}. ${how}\n${url}\n\nIf you did not expect this message, ignore it.`,
      html: `<p>${escapeHtml(hello)}</p><p>You are on the stand team of <strong>${escapeHtml(companyName)}</strong> at ${escapeHtml(eventName)}. ${escapeHtml(how)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>If you did not expect this message, ignore it.</p>`,
    };
  }
}
