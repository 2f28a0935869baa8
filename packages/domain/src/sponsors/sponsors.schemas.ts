import { z } from 'zod';
import { ValidationKey } from '../validation/error-keys.ts';
import { zEmail } from '../validation/email.ts';
import { LOGO_CONTENT_TYPES, LOGO_EXTENSIONS, LOGO_MAX_BYTES, logoProblem, ZLogoUpload } from '../validation/logo-images.ts';
import { zPassword } from '../validation/password.ts';

/**
 * Sponsors (SPEC §3.1 user type 3) of an event, in sponsorship tiers (Platinum, Gold, …), shown on the attendee app's
 * `sponsor` tab (§2.4) and the web portal's Sponsors entry (§2.5).
 */

/** Logos: the shared logo rules (validation/logo-images.ts), under the names this module has always used. */
export const SPONSOR_LOGO_EXTENSIONS = LOGO_EXTENSIONS;
export const SPONSOR_LOGO_MAX_BYTES = LOGO_MAX_BYTES;
export const SPONSOR_LOGO_CONTENT_TYPES = LOGO_CONTENT_TYPES;
export const SPONSOR_NAME_MAX = 120;
export const SPONSOR_DESCRIPTION_MAX = 600;
export const SPONSOR_TIERS_MAX = 20;
export const SPONSORS_PER_EVENT_MAX = 300;
/** Contacts one sponsor may have (each their own account, invitation and acceptance). */
export const SPONSOR_CONTACTS_MAX = 10;

/** The error keys this module adds (the web translates them under `validation.`). */
export const SponsorErrorKey = {
  UnknownTier: 'unknownTier',
  UnknownLogo: 'unknownLogo',
  UnknownCompany: 'unknownCompany',
  HttpsUrlRequired: 'httpsUrlRequired',
  FileTooLarge: 'fileTooLarge',
  OrderMismatch: 'orderMismatch',
  /** A card view's id that is not a sponsor of the event. */
  UnknownSponsor: 'unknownSponsor',
} as const;

/** The upload check: a logo extension, then bytes of that type. Null when acceptable. */
export const sponsorLogoProblem = logoProblem;

const zId = z.string().min(1).max(64);
const zName = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => v.length > 0, { message: ValidationKey.Required });
const zColour = z.string().refine((v) => /^#[0-9a-fA-F]{6}$/.test(v), { message: ValidationKey.Pattern });
/** An absolute https address without credentials, or '' for none. */
const zWebsite = z
  .string()
  .trim()
  .max(300)
  .refine(
    (v) => {
      if (v === '') return true;
      try {
        const url = new URL(v);
        return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: SponsorErrorKey.HttpsUrlRequired },
  );

export const ZSponsorEventParams = z.strictObject({ eventId: zId });
export const ZSponsorTierParams = z.strictObject({ eventId: zId, tierId: zId });
export const ZSponsorParams = z.strictObject({ eventId: zId, sponsorId: zId });
export const ZSponsorContactParams = z.strictObject({ eventId: zId, sponsorId: zId, contactId: zId });
export const ZSponsorLogoParams = z.strictObject({ logoId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

export const ZSponsorTierInput = z.strictObject({
  name: zName(60),
  /** A hex colour for the tier's heading and badge, or null for the default. */
  colour: zColour.nullable(),
});
export type TSponsorTierInput = z.infer<typeof ZSponsorTierInput>;

export const ZSponsorInput = z.strictObject({
  tierId: zId,
  name: zName(SPONSOR_NAME_MAX),
  /** Plain text, a few lines. */
  description: z.string().trim().max(SPONSOR_DESCRIPTION_MAX),
  website: zWebsite,
  /** An uploaded logo of this event (400 `unknownLogo` otherwise), or null. */
  logoId: zId.nullable(),
  /** One of the event's exhibiting companies (the exhibition module's), or null. */
  companyId: zId.nullable(),
});
export type TSponsorInput = z.infer<typeof ZSponsorInput>;

/** A new order: every id of the list exactly once (400 `orderMismatch` otherwise). */
export const ZTierOrderInput = z.strictObject({ tierIds: z.array(zId).min(1).max(SPONSOR_TIERS_MAX) });
export const ZSponsorOrderInput = z.strictObject({ sponsorIds: z.array(zId).min(1).max(SPONSORS_PER_EVENT_MAX) });

export const ZSponsorLogoUpload = ZLogoUpload;
export type TSponsorLogoUpload = z.infer<typeof ZSponsorLogoUpload>;
export const ZSponsorLogo = z.object({ logoId: z.string(), url: z.string() });

export const ZSponsorTier = z.object({ id: z.string(), name: z.string(), colour: z.string().nullable(), displayOrder: z.number().int(), sponsorCount: z.number().int() });
export type TSponsorTier = z.infer<typeof ZSponsorTier>;

/** One of a sponsor's contacts (SPEC §3.1 user type 3): invited by mail, then accepted on My sponsorship. */
export const ZSponsorContact = z.object({ id: z.string(), email: z.string(), invitation: z.enum(['invited', 'accepted']), invitedAt: z.string() });
export type TSponsorContact = z.infer<typeof ZSponsorContact>;

export const ZSponsor = z.object({
  id: z.string(),
  tierId: z.string(),
  name: z.string(),
  description: z.string(),
  website: z.string(),
  logoId: z.string().nullable(),
  logoUrl: z.string().nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  displayOrder: z.number().int(),
  /** The sponsor's contacts in the order they were invited (none until the organiser invites one). */
  contacts: z.array(ZSponsorContact),
});
export type TSponsor = z.infer<typeof ZSponsor>;

/** The organiser's page: tiers in order, sponsors in tier then display order, and the companies a sponsor may link to. */
export const ZSponsorsAdmin = z.object({
  tiers: z.array(ZSponsorTier),
  sponsors: z.array(ZSponsor),
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TSponsorsAdmin = z.infer<typeof ZSponsorsAdmin>;

export const ZSponsorDeleted = z.object({ id: z.string() });

/** `from`: the app's `sponsor` tab (its rules: shown, login, tickets) or the web portal's Sponsors entry (the portal menu's). */
export const ZSponsorsQuery = z.strictObject({ from: z.enum(['app', 'portal']).default('app') });

/** What attendees see: tiers in order, each with its sponsors in order; tiers without sponsors are left out. */
export const ZSponsorShowcase = z.object({
  tiers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      colour: z.string().nullable(),
      sponsors: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          description: z.string(),
          website: z.string(),
          logoUrl: z.string().nullable(),
          /** The exhibiting company it is, when the organiser linked one (its page on the Exhibitors tab). */
          companyId: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type TSponsorShowcase = z.infer<typeof ZSponsorShowcase>;

/**
 * The sponsor's own account (SPEC §3.1 user type 3, role label "Sponsor"). The organiser names a contact email and
 * invites them (several contacts a sponsor, up to SPONSOR_CONTACTS_MAX, each with the same My sponsorship): the account of that email (made as a Sponsor when there is none) gets the foundation's one-time `adl`
 * sign-in link by mail. Signed in, the contact accepts on "My sponsorship" (choosing a password when the invitation
 * made the account), then edits the sponsor's description, website and logo (never its name or tier) and sees how
 * often the Sponsors list was viewed and how many clicked through to the website.
 */
export const ZSponsorInvitationInput = z.strictObject({
  email: zEmail(),
  /** How the mail greets the contact (and the new account's first name). */
  firstName: zName(60),
});
export type TSponsorInvitationInput = z.infer<typeof ZSponsorInvitationInput>;
export const ZSponsorInvitation = z.object({ sponsor: ZSponsor, contact: ZSponsorContact, sentTo: z.string(), expiresAt: z.string() });
export type TSponsorInvitation = z.infer<typeof ZSponsorInvitation>;

export const ZMySponsorshipParams = z.strictObject({ eventId: zId, sponsorId: zId });

/** A sponsor's figures as a file: every day since it was added, its list views and click-throughs (`csv` or `xlsx`). */
export const SPONSOR_FIGURES_FORMATS = ['csv', 'xlsx'] as const;
type TSponsorFiguresFormat = (typeof SPONSOR_FIGURES_FORMATS)[number];
const isFiguresFormat = (v: string): v is TSponsorFiguresFormat => (SPONSOR_FIGURES_FORMATS as readonly string[]).includes(v);
export const ZSponsorFiguresQuery = z.strictObject({ format: z.string().refine(isFiguresFormat, { message: 'pattern' }).transform((v) => v as TSponsorFiguresFormat) });
export type TSponsorFiguresQuery = z.infer<typeof ZSponsorFiguresQuery>;
export const ZSponsorVisitParams = ZMySponsorshipParams;

/** The most sponsor cards one page view reports (the sponsors limit of an event). */
export const SPONSOR_CARD_VIEWS_MAX = 300;
/**
 * The sponsor cards one page view showed (each ≥ 50 % on screen), sent once in one request: `from` is the list the
 * cards were in (the same visibility rules as reading it). Every id must be a sponsor of the event (400 `unknownSponsor`
 * on `sponsorIds.N`, nothing counted); an id given twice counts once.
 */
export const ZSponsorCardViewsInput = z.strictObject({
  from: z.enum(['app', 'portal']),
  sponsorIds: z.array(zId).min(1).max(SPONSOR_CARD_VIEWS_MAX),
});
export type TSponsorCardViewsInput = z.infer<typeof ZSponsorCardViewsInput>;
/** `counted`: the cards counted now (a card this visitor was already counted for today is not counted again). */
export const ZSponsorCardViews = z.object({ counted: z.number().int() });
export type TSponsorCardViews = z.infer<typeof ZSponsorCardViews>;

/** The sponsors the signed-in participant is the contact of in this event (none for everyone else). */
export const ZMySponsorships = z.object({ items: z.array(z.object({ id: z.string(), name: z.string(), tierName: z.string(), isAccepted: z.boolean() })) });
export type TMySponsorships = z.infer<typeof ZMySponsorships>;

/** What the contact edits: the organiser's rules for these three fields; the name and tier stay the organiser's (strict: other keys 400). */
export const ZMySponsorshipInput = z.strictObject({
  description: z.string().trim().max(SPONSOR_DESCRIPTION_MAX),
  website: zWebsite,
  logoId: zId.nullable(),
});
export type TMySponsorshipInput = z.infer<typeof ZMySponsorshipInput>;

/** Accepting: a password is required when the invitation made the account (nobody knows its password yet). */
export const ZMySponsorshipAccept = z.strictObject({ password: zPassword().optional() });
export type TMySponsorshipAccept = z.infer<typeof ZMySponsorshipAccept>;

/** Per day (UTC, `YYYY-MM-DD`), the last 14 days: viewers of the Sponsors list (once per viewer and day) and visitors to the website. */
export const ZSponsorDayFigures = z.object({ day: z.string(), views: z.number().int(), clicks: z.number().int() });
export const ZMySponsorship = z.object({
  id: z.string(),
  name: z.string(),
  tierName: z.string(),
  description: z.string(),
  website: z.string(),
  logoId: z.string().nullable(),
  logoUrl: z.string().nullable(),
  isAccepted: z.boolean(),
  /** The invitation made this account: accepting asks for a password. */
  needsPassword: z.boolean(),
  figures: z.object({ views: z.number().int(), clicks: z.number().int(), days: z.array(ZSponsorDayFigures) }),
});
export type TMySponsorship = z.infer<typeof ZMySponsorship>;
