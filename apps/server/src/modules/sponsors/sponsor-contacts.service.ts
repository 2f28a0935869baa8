import { UserType, escapeHtml } from '@pavilion/domain';
import {
  SPONSOR_CONTACTS_MAX,
  SponsorErrorKey,
  type TMySponsorship,
  type TMySponsorshipAccept,
  type TMySponsorshipInput,
  type TMySponsorships,
  type TSponsor,
  type TSponsorInvitation,
  type TSponsorInvitationInput,
  type TSponsorFiguresQuery,
  type TSponsorLogoUpload,
} from '@pavilion/domain/sponsors/sponsors.schemas';
import type { Audit } from '../../platform/audit.ts';
import { csvDocument } from '../../platform/csv.ts';
import { xlsxWorkbook } from '../../platform/xlsx.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { sqlState } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { checkLogoUpload } from '../../platform/logo-images.ts';
import { newId, newSecret } from '../../platform/ids.ts';
import type { MailMessage } from '../../platform/mail.ts';
import type { SponsorFigures, SponsorViewer } from './sponsor-figures.ts';
import { sponsorErrors } from './sponsors.errors.ts';
import type { ContactRow, SponsorRow, SponsorsRepository } from './sponsors.repository.ts';
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
  /** The event's exhibiting companies (a sponsor's linked company's name in the organiser's view). */
  companies: (eventId: string) => Promise<{ id: string; name: string }[]>;
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
export type TSponsorFiguresFile = { body: string | Buffer; fileName: string; contentType: string };

export function createSponsorContactsService(deps: SponsorContactsDeps) {
  const { repo, accounts } = deps;

  /** The caller must be signed in to this event (its `ei` access): 403 SPONSOR_NOT_PARTICIPANT otherwise. */
  function participantOf(caller: SponsorsCaller, eventId: string): string {
    if (!caller.user || caller.eventAccess?.eventId !== eventId) throw sponsorErrors.notParticipant();
    return caller.user.userId;
  }

  /**
   * The caller's own sponsor and their contact row: a contact asking for another sponsor's id gets 404, anyone who is
   * no contact here (never invited, or revoked) 403.
   */
  async function own(caller: SponsorsCaller, eventId: string, sponsorId: string): Promise<{ row: SponsorRow; contact: ContactRow; userId: string }> {
    const userId = participantOf(caller, eventId);
    const mine = await repo.sponsorsOfContact(eventId, userId);
    if (mine.length === 0) throw sponsorErrors.notContact();
    const found = mine.find((s) => s.sponsor.id === sponsorId);
    if (!found) throw sponsorErrors.sponsorNotFound();
    return { row: found.sponsor, contact: found.contact, userId };
  }

  /** The sponsor as the organiser's page shows it: its company's name and its contacts now. */
  async function organiserView(scope: { organisationId: string; eventId: string }, sponsor: SponsorRow): Promise<TSponsor> {
    const [companies, contacts] = await Promise.all([deps.companies(scope.eventId), repo.contactsOf(scope, [sponsor.id])]);
    return sponsorView(sponsor, new Map(companies.map((c) => [c.id, c.name])), contacts);
  }

  /** My sponsorship: the sponsor as every one of its contacts sees it, with this contact's own acceptance. */
  async function view(row: SponsorRow, contact: ContactRow): Promise<TMySponsorship> {
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
      isAccepted: contact.acceptedAt !== null,
      needsPassword: contact.needsPassword,
      figures,
    };
  }

  /** The sponsor's figures per UTC day since it was added, as the file asked for (the export's one table). */
  async function figuresFile(row: SponsorRow, format: TSponsorFiguresQuery['format']): Promise<TSponsorFiguresFile> {
    const days = await deps.figures.daily(row.eventId, row.id, row.createdAt);
    const rows = [['Day (UTC)', 'Card views', 'Click-throughs'], ...days.map((d) => [d.day, d.views, d.clicks])];
    const base = `sponsor-figures-${row.name.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'sponsor'}`;
    return format === 'csv'
      ? { body: csvDocument(rows), fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8' }
      : { body: Buffer.from(xlsxWorkbook(rows, 'Sponsor figures')), fileName: `${base}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
  }

  return {
    /** The organiser's export of a sponsor's figures (404 for a sponsor not of this organisation's event). */
    async figures(caller: AuthUser, organisationId: string, eventId: string, sponsorId: string, format: TSponsorFiguresQuery['format']): Promise<TSponsorFiguresFile> {
      await deps.assertEvent(caller, organisationId, eventId);
      const sponsor = await repo.sponsor({ organisationId, eventId }, sponsorId);
      if (!sponsor) throw sponsorErrors.sponsorNotFound();
      return figuresFile(sponsor, format);
    },

    /** A contact's export of their sponsor's figures (403 for no contact, 404 for another sponsor). */
    async myFigures(caller: SponsorsCaller, eventId: string, sponsorId: string, format: TSponsorFiguresQuery['format']): Promise<TSponsorFiguresFile> {
      const { row } = await own(caller, eventId, sponsorId);
      return figuresFile(row, format);
    },

    /**
     * Invites a contact of the sponsor: the account of that email (made as a Sponsor, with an unguessable password, when
     * there is none; an organiser team account is refused), a participant of the event, added to the sponsor's
     * contacts (up to SPONSOR_CONTACTS_MAX), and mailed the foundation's one-time `adl` link, which lands on My
     * sponsorship. Inviting a contact already listed sends a new link and keeps their acceptance.
     */
    async inviteContact(caller: AuthUser, organisationId: string, eventId: string, sponsorId: string, input: TSponsorInvitationInput): Promise<TSponsorInvitation> {
      await deps.assertEvent(caller, organisationId, eventId);
      const scope = { organisationId, eventId };
      const sponsor = await repo.sponsor(scope, sponsorId);
      if (!sponsor) throw sponsorErrors.sponsorNotFound();
      let user = await accounts.findUserByEmail(input.email);
      if (user && (await accounts.organisationOfUser(user.id)) !== null) throw sponsorErrors.contactTeamAccount();
      // Checked before any account is made or changed, so a refusal leaves nothing behind (the unique index backs it).
      const existing = user ? await repo.contactOfUser(eventId, user.id) : null;
      if (existing && existing.sponsorId !== sponsorId) throw sponsorErrors.contactTaken((await repo.sponsor(scope, existing.sponsorId))?.name ?? 'another sponsor');
      if (!existing && (await repo.contactsOf(scope, [sponsorId])).length >= SPONSOR_CONTACTS_MAX) throw sponsorErrors.contactsFull(SPONSOR_CONTACTS_MAX);
      let needsPassword = existing?.needsPassword ?? false;
      if (!user) {
        user = await accounts.createParticipantUser({ email: input.email, password: newSecret(), firstName: input.firstName, userType: UserType.Sponsor, role: 'Sponsor' });
        needsPassword = true;
      }
      // Joining is idempotent: an account that already takes part in the event keeps its participant type.
      await accounts.addParticipant(organisationId, eventId, user.id, UserType.Sponsor);
      let contact: Awaited<ReturnType<typeof repo.inviteContact>>;
      try {
        contact = await repo.inviteContact(scope, sponsorId, { email: user.email, userId: user.id, needsPassword, invitedAt: deps.now() }, SPONSOR_CONTACTS_MAX);
      } catch (err) {
        if (sqlState(err) === '23505') throw sponsorErrors.contactTaken('another sponsor');
        throw err;
      }
      if (contact === 'missing') throw sponsorErrors.sponsorNotFound();
      if (contact === 'full') throw sponsorErrors.contactsFull(SPONSOR_CONTACTS_MAX);
      const link = await accounts.createLoginLink(caller, organisationId, { kind: 'adl', userId: user.id, eventId, ttlMinutes: SPONSOR_INVITATION_TTL_MINUTES });
      const event = (await deps.eventName(eventId)) ?? 'the event';
      const url = `${deps.mail.publicUrl.replace(/\/$/, '')}${link.path}`;
      const until = new Date(link.expiresAt).toUTCString();
      const intro = `You are a contact of ${sponsor.name}, a sponsor of ${event}. Open this link to sign in to My sponsorship: accept, keep your description, website and logo up to date, and see how many people viewed the sponsors and visited your website. It works once, until ${until}:`;
      await deps.mail.send({
        to: user.email,
        organisationId,
        eventId,
        subject: `${event}: your sponsorship of ${sponsor.name}`,
        text: `Hello ${input.firstName},\n\n${intro}\n${url}\n\nIf you did not expect this message, ignore it.`,
        html: `<p>Hello ${escapeHtml(input.firstName)},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>If you did not expect this message, ignore it.</p>`,
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'sponsors.contact_invited', target: sponsorId, meta: { eventId, userId: user.id, contactId: contact.id } });
      const view = await organiserView(scope, sponsor);
      return { sponsor: view, contact: view.contacts.find((c) => c.id === contact.id)!, sentTo: user.email, expiresAt: link.expiresAt };
    },

    /** Revokes one contact: their My sponsorship closes at once (403 SPONSOR_NOT_CONTACT); the sponsor's other contacts keep theirs. */
    async revokeContact(caller: AuthUser, organisationId: string, eventId: string, sponsorId: string, contactId: string): Promise<TSponsor> {
      await deps.assertEvent(caller, organisationId, eventId);
      const scope = { organisationId, eventId };
      const sponsor = await repo.sponsor(scope, sponsorId);
      if (!sponsor) throw sponsorErrors.sponsorNotFound();
      if (!(await repo.removeContact(scope, sponsorId, contactId))) throw sponsorErrors.contactNotFound();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'sponsors.contact_revoked', target: sponsorId, meta: { eventId, contactId } });
      return organiserView(scope, sponsor);
    },

    /** The sponsors the caller is the contact of here: none for anyone else (the participant home asks every time). */
    async mySponsorships(caller: SponsorsCaller, eventId: string): Promise<TMySponsorships> {
      if (!caller.user || caller.eventAccess?.eventId !== eventId) return { items: [] };
      const rows = await repo.sponsorsOfContact(eventId, caller.user.userId);
      const items = await Promise.all(
        rows.map(async ({ sponsor: r, contact }) => ({ id: r.id, name: r.name, tierName: (await repo.tier({ organisationId: r.organisationId, eventId }, r.tierId))?.name ?? '', isAccepted: contact.acceptedAt !== null })),
      );
      return { items };
    },

    async mySponsorship(caller: SponsorsCaller, eventId: string, sponsorId: string): Promise<TMySponsorship> {
      const { row, contact } = await own(caller, eventId, sponsorId);
      return view(row, contact);
    },

    /** Accepting: with a password when the invitation made the account (400 `required` on `password` otherwise). */
    async accept(caller: SponsorsCaller, eventId: string, sponsorId: string, input: TMySponsorshipAccept): Promise<TMySponsorship> {
      const { row, contact, userId } = await own(caller, eventId, sponsorId);
      if (contact.acceptedAt) return view(row, contact);
      if (contact.needsPassword) {
        if (!input.password) throw errors.validation([{ field: 'password', key: 'required' }]);
        await accounts.setPassword(userId, input.password);
      }
      const saved = await repo.acceptContact(eventId, sponsorId, userId, deps.now());
      if (!saved) throw sponsorErrors.notContact();
      await deps.audit.record({ organisationId: row.organisationId, actorUserId: userId, action: 'sponsors.contact_accepted', target: sponsorId, meta: { eventId, contactId: saved.id } });
      return view(row, saved);
    },

    /** The organiser's rules for the description, website and logo (a logo of this event); name and tier stay theirs. */
    async update(caller: SponsorsCaller, eventId: string, sponsorId: string, input: TMySponsorshipInput): Promise<TMySponsorship> {
      const { row, contact, userId } = await own(caller, eventId, sponsorId);
      if (!contact.acceptedAt) throw sponsorErrors.notAccepted();
      if (input.logoId && !(await repo.hasLogo({ organisationId: row.organisationId, eventId }, input.logoId))) {
        throw errors.validation([{ field: 'logoId', key: SponsorErrorKey.UnknownLogo }]);
      }
      const saved = await repo.updateAsContact(eventId, sponsorId, userId, { description: input.description, website: input.website, logoId: input.logoId });
      // Revoked between the read and the write: no longer theirs to change.
      if (!saved) throw sponsorErrors.notContact();
      await deps.audit.record({ organisationId: row.organisationId, actorUserId: userId, action: 'sponsors.sponsor_updated_by_contact', target: sponsorId, meta: { eventId } });
      return view(saved, contact);
    },

    async uploadLogo(caller: SponsorsCaller, eventId: string, sponsorId: string, input: TSponsorLogoUpload): Promise<{ logoId: string; url: string }> {
      const { row, contact, userId } = await own(caller, eventId, sponsorId);
      if (!contact.acceptedAt) throw sponsorErrors.notAccepted();
      const logo = checkLogoUpload(input);
      const id = newId();
      await repo.insertLogo({ id, eventId, organisationId: row.organisationId, ...logo, createdBy: userId });
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
