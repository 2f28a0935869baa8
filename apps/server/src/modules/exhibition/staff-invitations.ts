import { escapeHtml } from '@pavilion/domain';
import type { Mailer } from '../../platform/mail.ts';

/** How long a stand-team mail's sign-in link works (as the company admin's invitation). */
export const STAFF_INVITATION_TTL_MINUTES = 60 * 24 * 3;

export type StaffInvitationDeps = {
  mailer: Mailer;
  publicUrl: string;
  eventFacts: (eventId: string) => Promise<{ name: string } | null>;
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
 */
export function createStaffInvitations(deps: StaffInvitationDeps) {
  return async function inviteStaff(input: { organisationId: string; eventId: string; companyName: string; emails: string[]; actorUserId: string }): Promise<void> {
    const event = await deps.eventFacts(input.eventId);
    const eventName = event?.name ?? 'the event';
    for (const email of input.emails) {
      const user = await deps.findUserByEmail(email);
      const link = user ? await deps.createLoginLink(input.actorUserId, input.organisationId, { userId: user.id, eventId: input.eventId, ttlMinutes: STAFF_INVITATION_TTL_MINUTES }) : null;
      const url = link ? `${deps.publicUrl}${link.path}` : `${deps.publicUrl}/ei/${encodeURIComponent(input.eventId)}`;
      const hello = user?.firstName ? `Hello ${user.firstName},` : 'Hello,';
      const how = link
        ? `Open this link to sign in to the event, where the Leads tab scans visitors' badges for your company. It works once, until ${new Date(link.expiresAt).toUTCString()}:`
        : `Sign in to the event with this email address (${email}), or register for it first, to scan visitors' badges for your company in the Leads tab:`;
      await deps.mailer.send({
        to: email,
        organisationId: input.organisationId,
        eventId: input.eventId,
        subject: `You are on the stand team of ${input.companyName} at ${eventName}`,
        text: `${hello}\n\nYou are on the stand team of ${input.companyName} at ${eventName}. ${how}\n${url}\n\nIf you did not expect this message, ignore it.`,
        html: `<p>${escapeHtml(hello)}</p><p>You are on the stand team of <strong>${escapeHtml(input.companyName)}</strong> at ${escapeHtml(eventName)}. ${escapeHtml(how)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>If you did not expect this message, ignore it.</p>`,
      });
    }
  };
}
