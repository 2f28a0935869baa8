import {
  SPONSOR_TIERS_MAX,
  SPONSORS_PER_EVENT_MAX,
  SponsorErrorKey,
  type TSponsor,
  type TSponsorCardViews,
  type TSponsorCardViewsInput,
  type TSponsorContact,
  type TSponsorInput,
  type TSponsorLogoUpload,
  type TSponsorsAdmin,
  type TSponsorShowcase,
  type TSponsorTier,
  type TSponsorTierInput,
} from '@pavilion/domain/sponsors/sponsors.schemas';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { sqlState } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { checkLogoUpload } from '../../platform/logo-images.ts';
import { newId } from '../../platform/ids.ts';
import { sponsorErrors } from './sponsors.errors.ts';
import type { ContactRow, Scope, SponsorRow, SponsorsRepository, TierRow } from './sponsors.repository.ts';
import type { SponsorFigures, SponsorViewer } from './sponsor-figures.ts';

export type SponsorsCaller = { user: AuthUser | null; eventAccess: EventAccess | null };

export type SponsorsDeps = {
  repo: SponsorsRepository;
  audit: Audit;
  /** Throws (404) unless the organiser may see the event (the events module's assertEvent). */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  /** The portal's rule for the app tab's data (hidden 404, login 401, tickets 403): portal.assertTabVisible. */
  assertTabVisible: (eventId: string, tabName: string, caller: SponsorsCaller) => Promise<unknown>;
  /** The portal menu's rule for the web portal's entry (404 unless shown now): portal.assertEntryVisible. */
  assertEntryVisible: (eventId: string, entryKey: string) => Promise<unknown>;
  /** The event's exhibiting companies (the exhibition module's port). */
  companies: (eventId: string) => Promise<{ id: string; name: string }[]>;
  /** Counts the Sponsors list's viewers (once per viewer and day) and each card shown (once per viewer, sponsor and day). */
  figures: Pick<SponsorFigures, 'listViewed' | 'cardsViewed'>;
};

export const SPONSOR_LOGO_PATH = '/api/eventservices/public/sponsor-logos';
const logoUrl = (id: string | null) => (id ? `${SPONSOR_LOGO_PATH}/${id}` : null);

const tierOf = (t: TierRow, sponsorCount: number): TSponsorTier => ({ id: t.id, name: t.name, colour: t.colour, displayOrder: t.displayOrder, sponsorCount });
const contactOf = (c: ContactRow): TSponsorContact => ({ id: c.id, email: c.email, invitation: c.acceptedAt ? 'accepted' : 'invited', invitedAt: c.invitedAt.toISOString() });

/** A sponsor as the organiser sees it (also the invitation's answer), with its contacts (rows of any sponsor: its own are picked). */
export const sponsorView = (s: SponsorRow, companyNames: ReadonlyMap<string, string>, contacts: readonly ContactRow[] = []): TSponsor => ({
  id: s.id,
  tierId: s.tierId,
  name: s.name,
  description: s.description,
  website: s.website,
  logoId: s.logoId,
  logoUrl: logoUrl(s.logoId),
  companyId: s.companyId,
  companyName: s.companyId ? (companyNames.get(s.companyId) ?? null) : null,
  displayOrder: s.displayOrder,
  contacts: contacts.filter((c) => c.sponsorId === s.id).map(contactOf),
});

/** Tiers in order, each tier's sponsors in order. */
function ordered(tiers: readonly TierRow[], rows: readonly SponsorRow[]): SponsorRow[] {
  const rank = new Map(tiers.map((t, i) => [t.id, i]));
  return [...rows].sort((a, b) => (rank.get(a.tierId) ?? 0) - (rank.get(b.tierId) ?? 0) || a.displayOrder - b.displayOrder || a.id.localeCompare(b.id));
}

/** The same ids, each once. */
const sameSet = (given: readonly string[], actual: readonly string[]) => given.length === actual.length && new Set(given).size === given.length && given.every((id) => actual.includes(id));

export function createSponsorsService(deps: SponsorsDeps) {
  const { repo } = deps;
  const scopeOf = (organisationId: string, eventId: string): Scope => ({ organisationId, eventId });

  async function admin(scope: Scope): Promise<TSponsorsAdmin> {
    const [tiers, rows, companies, contacts] = await Promise.all([repo.tiers(scope), repo.sponsors(scope), deps.companies(scope.eventId), repo.contactsOf(scope)]);
    const names = new Map(companies.map((c) => [c.id, c.name]));
    const counts = new Map<string, number>();
    for (const s of rows) counts.set(s.tierId, (counts.get(s.tierId) ?? 0) + 1);
    return {
      tiers: tiers.map((t) => tierOf(t, counts.get(t.id) ?? 0)),
      sponsors: ordered(tiers, rows).map((s) => sponsorView(s, names, contacts)),
      companies: companies.map((c) => ({ id: c.id, name: c.name })),
    };
  }

  /** The tier, logo and company a sponsor names must be this event's: else 400 by field. */
  async function checkReferences(scope: Scope, input: TSponsorInput): Promise<Map<string, string>> {
    const [tier, hasLogo, companies] = await Promise.all([
      repo.tier(scope, input.tierId),
      input.logoId ? repo.hasLogo(scope, input.logoId) : Promise.resolve(true),
      deps.companies(scope.eventId),
    ]);
    const names = new Map(companies.map((c) => [c.id, c.name]));
    const problems = [
      ...(tier ? [] : [{ field: 'tierId', key: SponsorErrorKey.UnknownTier }]),
      ...(hasLogo ? [] : [{ field: 'logoId', key: SponsorErrorKey.UnknownLogo }]),
      ...(input.companyId && !names.has(input.companyId) ? [{ field: 'companyId', key: SponsorErrorKey.UnknownCompany }] : []),
    ];
    if (problems.length > 0) throw errors.validation(problems);
    return names;
  }

  const values = (input: TSponsorInput) => ({ name: input.name, description: input.description, website: input.website, logoId: input.logoId, companyId: input.companyId });

  /**
   * A foreign key refused: the tier and logo are read under the event's lock (and neither goes outside it), so it is
   * the company, deleted by the exhibition module between the check and the write.
   */
  function rethrowReference(err: unknown): never {
    if (sqlState(err) === '23503') throw errors.validation([{ field: 'companyId', key: SponsorErrorKey.UnknownCompany }]);
    throw err;
  }

  return {
    async admin(caller: AuthUser, organisationId: string, eventId: string): Promise<TSponsorsAdmin> {
      await deps.assertEvent(caller, organisationId, eventId);
      return admin(scopeOf(organisationId, eventId));
    },

    async createTier(caller: AuthUser, organisationId: string, eventId: string, input: TSponsorTierInput): Promise<TSponsorTier> {
      await deps.assertEvent(caller, organisationId, eventId);
      const scope = scopeOf(organisationId, eventId);
      try {
        const row = await repo.transaction(async (tx) => {
          await repo.lockEvent(tx, eventId);
          const { next, count } = await repo.nextTierOrder(tx, scope);
          if (count >= SPONSOR_TIERS_MAX) throw sponsorErrors.tooMany('tiers', SPONSOR_TIERS_MAX);
          return repo.insertTier(tx, { id: newId(), organisationId, eventId, name: input.name, nameKey: input.name.toLowerCase(), colour: input.colour, displayOrder: next });
        });
        await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'sponsors.tier_created', target: row.id, meta: { eventId, name: row.name } });
        return tierOf(row, 0);
      } catch (err) {
        if (sqlState(err) === '23505') throw sponsorErrors.tierNameTaken(input.name);
        throw err;
      }
    },

    async updateTier(caller: AuthUser, organisationId: string, eventId: string, tierId: string, input: TSponsorTierInput): Promise<TSponsorTier> {
      await deps.assertEvent(caller, organisationId, eventId);
      const scope = scopeOf(organisationId, eventId);
      try {
        const row = await repo.updateTier(scope, tierId, { name: input.name, nameKey: input.name.toLowerCase(), colour: input.colour });
        if (!row) throw sponsorErrors.tierNotFound();
        await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'sponsors.tier_updated', target: row.id, meta: { eventId } });
        return tierOf(row, (await repo.sponsors(scope)).filter((s) => s.tierId === row.id).length);
      } catch (err) {
        if (sqlState(err) === '23505') throw sponsorErrors.tierNameTaken(input.name);
        throw err;
      }
    },

    /** Only an empty tier goes (409 SPONSOR_TIER_NOT_EMPTY otherwise); the foreign key backs the check. */
    async deleteTier(caller: AuthUser, organisationId: string, eventId: string, tierId: string): Promise<{ id: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      const scope = scopeOf(organisationId, eventId);
      try {
        await repo.transaction(async (tx) => {
          await repo.lockEvent(tx, eventId);
          if (!(await repo.tier(scope, tierId, tx))) throw sponsorErrors.tierNotFound();
          const held = await repo.sponsorIdsOfTier(tx, scope, tierId);
          if (held.length > 0) throw sponsorErrors.tierNotEmpty(held.length);
          await repo.deleteTier(tx, scope, tierId);
        });
      } catch (err) {
        if (sqlState(err) === '23503') throw sponsorErrors.tierNotEmpty(0);
        throw err;
      }
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'sponsors.tier_deleted', target: tierId, meta: { eventId } });
      return { id: tierId };
    },

    async orderTiers(caller: AuthUser, organisationId: string, eventId: string, tierIds: string[]): Promise<TSponsorsAdmin> {
      await deps.assertEvent(caller, organisationId, eventId);
      const scope = scopeOf(organisationId, eventId);
      await repo.transaction(async (tx) => {
        await repo.lockEvent(tx, eventId);
        const actual = (await repo.tiers(scope, tx)).map((t) => t.id);
        if (!sameSet(tierIds, actual)) throw errors.validation([{ field: 'tierIds', key: SponsorErrorKey.OrderMismatch }]);
        await repo.setTierOrders(tx, scope, tierIds);
      });
      return admin(scope);
    },

    async orderSponsors(caller: AuthUser, organisationId: string, eventId: string, tierId: string, sponsorIds: string[]): Promise<TSponsorsAdmin> {
      await deps.assertEvent(caller, organisationId, eventId);
      const scope = scopeOf(organisationId, eventId);
      await repo.transaction(async (tx) => {
        await repo.lockEvent(tx, eventId);
        if (!(await repo.tier(scope, tierId, tx))) throw sponsorErrors.tierNotFound();
        const actual = await repo.sponsorIdsOfTier(tx, scope, tierId);
        if (!sameSet(sponsorIds, actual)) throw errors.validation([{ field: 'sponsorIds', key: SponsorErrorKey.OrderMismatch }]);
        await repo.setSponsorOrders(tx, scope, sponsorIds);
      });
      return admin(scope);
    },

    async createSponsor(caller: AuthUser, organisationId: string, eventId: string, input: TSponsorInput): Promise<TSponsor> {
      await deps.assertEvent(caller, organisationId, eventId);
      const scope = scopeOf(organisationId, eventId);
      const names = await checkReferences(scope, input);
      try {
        const row = await repo.transaction(async (tx) => {
          await repo.lockEvent(tx, eventId);
          if ((await repo.countSponsors(tx, scope)) >= SPONSORS_PER_EVENT_MAX) throw sponsorErrors.tooMany('sponsors', SPONSORS_PER_EVENT_MAX);
          // The tier may have gone since the check: under the lock it is read again.
          if (!(await repo.tier(scope, input.tierId, tx))) throw errors.validation([{ field: 'tierId', key: SponsorErrorKey.UnknownTier }]);
          const displayOrder = await repo.nextSponsorOrder(tx, scope, input.tierId);
          return repo.insertSponsor(tx, { id: newId(), organisationId, eventId, tierId: input.tierId, displayOrder, createdBy: caller.userId, ...values(input) });
        });
        await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'sponsors.sponsor_created', target: row.id, meta: { eventId, name: row.name } });
        return sponsorView(row, names);
      } catch (err) {
        rethrowReference(err);
      }
    },

    async updateSponsor(caller: AuthUser, organisationId: string, eventId: string, sponsorId: string, input: TSponsorInput): Promise<TSponsor> {
      await deps.assertEvent(caller, organisationId, eventId);
      const scope = scopeOf(organisationId, eventId);
      if (!(await repo.sponsor(scope, sponsorId))) throw sponsorErrors.sponsorNotFound();
      const names = await checkReferences(scope, input);
      try {
        const row = await repo.transaction(async (tx) => {
          await repo.lockEvent(tx, eventId);
          const current = await repo.sponsor(scope, sponsorId, tx);
          if (!current) throw sponsorErrors.sponsorNotFound();
          if (!(await repo.tier(scope, input.tierId, tx))) throw errors.validation([{ field: 'tierId', key: SponsorErrorKey.UnknownTier }]);
          // Moved to another tier: it goes to that tier's end.
          const move = current.tierId === input.tierId ? {} : { tierId: input.tierId, displayOrder: await repo.nextSponsorOrder(tx, scope, input.tierId) };
          return (await repo.updateSponsor(tx, scope, sponsorId, { ...values(input), ...move }))!;
        });
        await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'sponsors.sponsor_updated', target: row.id, meta: { eventId } });
        return sponsorView(row, names, await repo.contactsOf(scope, [row.id]));
      } catch (err) {
        rethrowReference(err);
      }
    },

    async deleteSponsor(caller: AuthUser, organisationId: string, eventId: string, sponsorId: string): Promise<{ id: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      if (!(await repo.deleteSponsor(scopeOf(organisationId, eventId), sponsorId))) throw sponsorErrors.sponsorNotFound();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'sponsors.sponsor_deleted', target: sponsorId, meta: { eventId } });
      return { id: sponsorId };
    },

    /** PNG, JPEG or WebP by name, within the size limit, and bytes of that type (magic bytes). */
    async uploadLogo(caller: AuthUser, organisationId: string, eventId: string, input: TSponsorLogoUpload): Promise<{ logoId: string; url: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      const logo = checkLogoUpload(input);
      const id = newId();
      await repo.insertLogo({ id, eventId, organisationId, ...logo, createdBy: caller.userId });
      return { logoId: id, url: logoUrl(id)! };
    },
    logo: (id: string) => repo.logo(id),

    /**
     * The attendee's read: the app's `sponsor` tab under its rules, or the web portal's Sponsors entry under the
     * portal menu's; tiers in order with their sponsors in order, tiers without sponsors left out.
     */
    async showcase(caller: SponsorsCaller, eventId: string, from: 'app' | 'portal', viewer: Omit<SponsorViewer, 'userId'>): Promise<TSponsorShowcase> {
      if (from === 'portal') await deps.assertEntryVisible(eventId, 'sponsors');
      else await deps.assertTabVisible(eventId, 'sponsor', caller);
      const [{ tiers, sponsors }] = await Promise.all([repo.showcase(eventId), 
        // A figure is not worth failing the attendee's read for: a lost view is a smaller count.
        deps.figures.listViewed(eventId, { ...viewer, userId: caller.user?.userId ?? null }).catch(() => undefined),
      ]);
      return {
        tiers: tiers
          .map((t) => ({
            id: t.id,
            name: t.name,
            colour: t.colour,
            sponsors: sponsors
              .filter((s) => s.tierId === t.id)
              .map((s) => ({ id: s.id, name: s.name, description: s.description, website: s.website, logoUrl: logoUrl(s.logoId), companyId: s.companyId })),
          }))
          .filter((t) => t.sponsors.length > 0),
      };
    },

    /**
     * The cards one page view showed: under the list's own read rules, every id checked to be the event's before any
     * is counted (400 `unknownSponsor` on the first stranger, nothing written), then one insert.
     */
    async cardViews(caller: SponsorsCaller, eventId: string, input: TSponsorCardViewsInput, viewer: Omit<SponsorViewer, 'userId'>): Promise<TSponsorCardViews> {
      if (input.from === 'portal') await deps.assertEntryVisible(eventId, 'sponsors');
      else await deps.assertTabVisible(eventId, 'sponsor', caller);
      const known = await repo.sponsorIdsOfEvent(eventId, input.sponsorIds);
      const problems = input.sponsorIds.flatMap((id, i) => (known.has(id) ? [] : [{ field: `sponsorIds.${i}`, key: SponsorErrorKey.UnknownSponsor }]));
      if (problems.length > 0) throw errors.validation(problems);
      return { counted: await deps.figures.cardsViewed(eventId, input.sponsorIds, { ...viewer, userId: caller.user?.userId ?? null }) };
    },
  };
}
export type SponsorsService = ReturnType<typeof createSponsorsService>;
