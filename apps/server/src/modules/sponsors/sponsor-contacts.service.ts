import { UserType, escapeHtml, fileExtension } from '@pavilion/domain';
import {
  SPONSOR_LOGO_CONTENT_TYPES,
  SponsorErrorKey,
  sponsorLogoProblem,
  type TMySponsorship,
  type TMySponsorshipAccept,
  type TMySponsorshipInput,
  type TMySponsorships,
  type TSponsorInvitation,
  type TSponsorInvitationInput,
  type TSponsorLogoUpload,
} from '@pavilion/domain/sponsors/sponsors.schemas';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { sqlState } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { newId, newSecret } from '../../platform/ids.ts';
import type { MailMessage } from '../../platform/mail.ts';
import type { SponsorFigures, SponsorViewer } from './sponsor-figures.ts';
import { sponsorErrors } from './sponsors.errors.ts';
import type { SponsorRow, SponsorsRepository } from './sponsors.repository.ts';
import { SPONSOR_LOGO_PATH, sponsorView, type SponsorsCaller } from './sponsors.service.ts';

/** How long the invitation's sign-in link works. */
export const SPONSOR_INVITATION_TTL_MINUTES = 60 * 24 * 3;

export type SponsorContactsDeps = {
  repo: SponsorsRepository;
  figures: SponsorFigures;
  audit: Audit;
  now: () => Date;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  /** The event's name (the events module's findOwner). */
  eventName: (eventId: string) => Promise<string | null>;
  mail: { send: (m: MailMessage) => Promise<unknown>; publicUrl: string };
  /**
   * Auth's accounts and one-time links, and events' participants (index.ts), as exhibition invites a company's admin
   * and programme a speaker.
   */
  accounts: {
    findUserByEmail: (email: string) => Promise<{ id: string; email: string; firstName: string } | null>;
    createParticipantUser: (input: { email: string; password: string; firstName: string; userType: number; role: string }) => Promise<{ id: string; email: string; firstName: string }>;
    /** The organisation a (team) account belongs to; null for participants. */
    organisationOfUser: (userId: string) => Promise<string | null>;
    addParticipant: (organisationId: string, eventId: string, userId: string, userType: number) => Promise<unknown>;
    createLoginLink: (caller: AuthUser, organisationId: string, input: { kind: 'adl'; userId: string; eventId: string; ttlMinutes: number }) => Promise<{ key: string; path: string; expiresAt: string }>;
    setPassword: (userId: string, password: string) => Promise<void>;
  };
};

const logoUrl = (id: string | null) => (id ? `${SPONSOR_LOGO_PATH}/${id}` : null);

/**
 * The sponsor's own account (SPEC §3.1 user type 3): the organiser's invitation, the contact's acceptance, their
 * edits of the description, website and logo (never the name or tier), their figures, and the counted click-through.
 */
export function createSponsorContactsService(deps: SponsorContactsDeps) {
  const { repo, accounts } = deps;

  /** The caller must be signed in to this event (its `ei` access): 403 SPONSOR_NOT_PARTICIPANT otherwise. */
  function participantOf(caller: SponsorsCaller, eventId: string): string {
    if (!caller.user || caller.eventAccess?.eventId !== eventId) throw sponsorErrors.notParticipant();
    return caller.user.userId;
  }

  /** The caller's own sponsor: a contact asking for another sponsor's id gets 404, anyone who is no contact here 403. */
  async function own(caller: SponsorsCaller, eventId: string, sponsorId: string): Promise<{ row: SponsorRow; userId: string }> {
    const userId = participantOf(caller, eventId);
    const mine = await repo.sponsorsOfContact(eventId, userId);
    if (mine.length === 0) throw sponsorErrors.notContact();
    const row = mine.find((s) => s.id === sponsorId);
    if (!row) throw sponsorErrors.sponsorNotFound();
    return { row, userId };
  }

  async function view(row: SponsorRow): Promise<TMySponsorship> {
    const scope = { organisationId: row.organisationId, eventId: row.eventId };
    const [tier, figures] = await Promise.all([repo.tier(scope, row.tierId), deps.figures.of(row.eventId, row.id, row.createdAt)]);
    return {
      id: row.id,
      name: row.name,
      tierName: tier?.name ?? '',
      description: row.description,
      website: row.website,
      logoId: row.logoId,
      logoUrl: logoUrl(row.logoId),
      isAccepted: row.acceptedAt !== null,
      needsPassword: row.contactNeedsPassword,
      figures,
    };
  }

  return {
    /**
     * Invites the sponsor's contact: the account of that email (made as a Sponsor, with an unguessable password, when
     * there is none; an organiser team account is refused), a participant of the event, named the sponsor's contact,
     * and mailed the foundation's one-time `adl` link, which lands on My sponsorship. Inviting the same account again
     * sends a new link and keeps its acceptance; another account replaces the contact.
     */
    async inviteContact(caller: AuthUser, organisationId: string, eventId: string, sponsorId: string, input: TSponsorInvitationInput): Promise<TSponsorInvitation> {
      await deps.assertEvent(caller, organisationId, eventId);
      const scope = { organisationId, eventId };
      const sponsor = await repo.sponsor(scope, sponsorId);
      if (!sponsor) throw sponsorErrors.sponsorNotFound();
      let user = await accounts.findUserByEmail(input.email);
      if (user && (await accounts.organisationOfUser(user.id)) !== null) throw sponsorErrors.contactTeamAccount();
      // Checked before any account is made or changed, so a refusal leaves nothing behind (the unique index backs it).
      const other = user ? (await repo.sponsorsOfContact(eventId, user.id)).find((s) => s.id !== sponsorId) : undefined;
      if (other) throw sponsorErrors.contactTaken(other.name);
      const isSameContact = !!user && sponsor.contactUserId === user.id;
      let needsPassword = isSameContact && sponsor.contactNeedsPassword;
      if (!user) {
        user = await accounts.createParticipantUser({ email: input.email, password: newSecret(), firstName: input.firstName, userType: UserType.Sponsor, role: 'Sponsor' });
        needsPassword = true;
      }
      // Joining is idempotent: an account that already takes part in the event keeps its participant type.
      await accounts.addParticipant(organisationId, eventId, user.id, UserType.Sponsor);
      let row: SponsorRow | null;
      try {
        row = await repo.setContact(scope, sponsorId, {
          contactEmail: user.email,
          contactUserId: user.id,
          contactNeedsPassword: needsPassword,
          invitedAt: deps.now(),
          acceptedAt: isSameContact ? sponsor.acceptedAt : null,
        });
      } catch (err) {
        if (sqlState(err) === '23505') throw sponsorErrors.contactTaken('another sponsor');
        throw err;
      }
      if (!row) throw sponsorErrors.sponsorNotFound();
      const link = await accounts.createLoginLink(caller, organisationId, { kind: 'adl', userId: user.id, eventId, ttlMinutes: SPONSOR_INVITATION_TTL_MINUTES });
      const event = (await deps.eventName(eventId)) ?? 'the event';
      const url = `${deps.mail.publicUrl.replace(/\/$/, '')}${link.path}`;
      const until = new Date(link.expiresAt).toUTCString();
      const intro = `You are the contact of ${sponsor.name}, a sponsor of ${event}. Open this link to sign in to My sponsorship: accept, keep your description, website and logo up to date, and see how many people viewed the sponsors and visited your website. It works once, until ${until}:`;
      await deps.mail.send({
        to: user.email,
        organisationId,
        eventId,
        subject: `${event}: your sponsorship of ${sponsor.name}`,
        text: `Hello ${input.firstName},\n\n${intro}\n${url}\n\nIf you did not expect this message, ignore it.`,
        html: `<p>Hello ${escapeHtml(input.firstName)},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>If you did not expect this message, ignore it.</p>`,
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'sponsors.contact_invited', target: sponsorId, meta: { eventId, userId: user.id } });
      return { sponsor: sponsorView(row, new Map()), sentTo: user.email, expiresAt: link.expiresAt };
    },

    /** The sponsors the caller is the contact of here: none for anyone else (the participant home asks every time). */
    async mySponsorships(caller: SponsorsCaller, eventId: string): Promise<TMySponsorships> {
      if (!caller.user || caller.eventAccess?.eventId !== eventId) return { items: [] };
      const rows = await repo.sponsorsOfContact(eventId, caller.user.userId);
      const items = await Promise.all(
        rows.map(async (r) => ({ id: r.id, name: r.name, tierName: (await repo.tier({ organisationId: r.organisationId, eventId }, r.tierId))?.name ?? '', isAccepted: r.acceptedAt !== null })),
      );
      return { items };
    },

    async mySponsorship(caller: SponsorsCaller, eventId: string, sponsorId: string): Promise<TMySponsorship> {
      return view((await own(caller, eventId, sponsorId)).row);
    },

    /** Accepting: with a password when the invitation made the account (400 `required` on `password` otherwise). */
    async accept(caller: SponsorsCaller, eventId: string, sponsorId: string, input: TMySponsorshipAccept): Promise<TMySponsorship> {
      const { row, userId } = await own(caller, eventId, sponsorId);
      if (row.acceptedAt) return view(row);
      if (row.contactNeedsPassword) {
        if (!input.password) throw errors.validation([{ field: 'password', key: 'required' }]);
        await accounts.setPassword(userId, input.password);
      }
      const saved = await repo.updateAsContact(eventId, sponsorId, userId, { acceptedAt: deps.now(), contactNeedsPassword: false });
      if (!saved) throw sponsorErrors.sponsorNotFound();
      await deps.audit.record({ organisationId: row.organisationId, actorUserId: userId, action: 'sponsors.contact_accepted', target: sponsorId, meta: { eventId } });
      return view(saved);
    },

    /** The organiser's rules for the description, website and logo (a logo of this event); name and tier stay theirs. */
    async update(caller: SponsorsCaller, eventId: string, sponsorId: string, input: TMySponsorshipInput): Promise<TMySponsorship> {
      const { row, userId } = await own(caller, eventId, sponsorId);
      if (!row.acceptedAt) throw sponsorErrors.notAccepted();
      if (input.logoId && !(await repo.hasLogo({ organisationId: row.organisationId, eventId }, input.logoId))) {
        throw errors.validation([{ field: 'logoId', key: SponsorErrorKey.UnknownLogo }]);
      }
      const saved = await repo.updateAsContact(eventId, sponsorId, userId, { description: input.description, website: input.website, logoId: input.logoId });
      if (!saved) throw sponsorErrors.sponsorNotFound();
      await deps.audit.record({ organisationId: row.organisationId, actorUserId: userId, action: 'sponsors.sponsor_updated_by_contact', target: sponsorId, meta: { eventId } });
      return view(saved);
    },

    async uploadLogo(caller: SponsorsCaller, eventId: string, sponsorId: string, input: TSponsorLogoUpload): Promise<{ logoId: string; url: string }> {
      const { row, userId } = await own(caller, eventId, sponsorId);
      if (!row.acceptedAt) throw sponsorErrors.notAccepted();
      const bytes = Buffer.from(input.dataBase64, 'base64');
      const problem = sponsorLogoProblem(input.fileName, bytes);
      if (problem) throw errors.validation([{ field: problem === 'fileTypeNotAllowed' ? 'fileName' : 'dataBase64', key: problem }]);
      const id = newId();
      await repo.insertLogo({ id, eventId, organisationId: row.organisationId, contentType: SPONSOR_LOGO_CONTENT_TYPES[fileExtension(input.fileName)]!, byteSize: bytes.length, bytes, createdBy: userId });
      return { logoId: id, url: logoUrl(id)! };
    },

    /** The click-through: counted, then the website (404 when the sponsor is not the event's or has none). */
    async visit(eventId: string, sponsorId: string, viewer: SponsorViewer): Promise<string> {
      const row = await repo.sponsorOfEvent(eventId, sponsorId);
      if (!row) throw sponsorErrors.sponsorNotFound();
      if (!row.website) throw sponsorErrors.noWebsite();
      await deps.figures.visited(eventId, sponsorId, viewer);
      return row.website;
    },
  };
}
export type SponsorContactsService = ReturnType<typeof createSponsorContactsService>;
