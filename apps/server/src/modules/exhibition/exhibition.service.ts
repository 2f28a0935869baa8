import {
  COMPANY_IMPORT_MAX_ROWS,
  CompanyImportKey,
  ExhibitionErrorKey,
  ZCompanyInput,
  importColumnsOf,
  parseCsv,
  PLAN_COLUMNS,
  PLAN_ROWS,
  PRODUCT_ORDER_OPEN_STATUSES,
  placementsOverlap,
  type TBooth,
  type TBoothInput,
  type TBoothList,
  type TBoothRef,
  type TCompanyImportRequest,
  type TCompanyStaff,
  type TExhibitingCompany,
  type TCompanyQuery,
  type TExhibitorPage,
  type TExhibitorQuery,
  type TExhibitorSummary,
  type TPage,
  type TProduct,
  type TStallType,
} from '@pavilion/domain';
import type { z } from 'zod';
import type { ZProductInput } from '@pavilion/domain/exhibition/exhibition.schemas';
import type { TFieldError } from '@pavilion/domain';
import type { TLogoUpload } from '@pavilion/domain/validation/logo-images';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { sqlState } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { checkLogoUpload } from '../../platform/logo-images.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import { exhibitionErrors } from './exhibition.errors.ts';
import { xlsxRows } from './xlsx-rows.ts';
import type { BoothRow, CompanyRow, ExhibitionRepository, ProductRow } from './exhibition.repository.ts';

type TCompanyValues = z.output<typeof ZCompanyInput>;
/** `exhibition.staff.added` (durable): these staff rows were added to a company's list by this actor; each is owed the stand-team mail. */
export type StaffAdded = { organisationId: string; eventId: string; companyId: string; staffIds: string[]; actorUserId: string };
type TProductValues = z.output<typeof ZProductInput>;

export type ExhibitionDeps = {
  repo: ExhibitionRepository;
  audit: Audit;
  /** Throws (404) unless the organiser may see the event (the events module's assertEvent). */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  /** The portal's rule for an attendee tab's data (hidden 404, login 401, tickets 403): portal.assertTabVisible. */
  assertTabVisible: (eventId: string, tabName: string, caller: { user: AuthUser | null; eventAccess: EventAccess | null }) => Promise<unknown>;
  /** The company's staff badge quota under the event's rule (product-orders.service.ts `quotaOf`), null: no limit. */
  staffQuota?: (eventId: string, companyId: string) => Promise<number | null>;
  /** Refuses (409 EXHIBITION_STAFF_HAS_BADGE) when people holding an active staff badge would leave the list (staff-badges.service.ts). */
  badgesKept?: (eventId: string, companyId: string, keptEmails: string[]) => Promise<void>;
  /**
   * The stand-team mail to the people just added to a staff list: `record` writes the `exhibition.staff.added` fact in
   * the save's transaction, `wake` asks the outbox job to deliver it after the commit (staff-invitations.ts mails each
   * person once). The request never waits for SMTP, and a mail failure never fails the save.
   */
  staffAdded?: { record: (tx: Parameters<NonNullable<Parameters<ExhibitionRepository['replaceStaff']>[3]>>[0], fact: StaffAdded) => Promise<string>; wake: () => void };
};

const cents = (amount: number) => Math.round(amount * 100);
const amount = (c: number) => c / 100;
const refOf = (b: BoothRow): TBoothRef => ({ id: b.id, hall: b.hall, number: b.number });
const productOf = (p: ProductRow): TProduct => ({ id: p.id, name: p.name, category: p.category, description: p.description, price: p.priceCents === null ? null : amount(p.priceCents) });
const boothOf = (b: BoothRow, companyName: string | null): TBooth => ({
  id: b.id,
  hall: b.hall,
  number: b.number,
  sizeSqm: b.sizeSqm,
  stallType: b.stallType as TStallType,
  price: amount(b.priceCents),
  x: b.x,
  y: b.y,
  w: b.w,
  h: b.h,
  company: b.companyId && companyName !== null ? { id: b.companyId, name: companyName } : null,
});
/** Where a company's logo is served, by its unguessable id (exhibition.routes.ts `companyLogo`). */
export const COMPANY_LOGO_PATH = '/api/eventservices/public/company-logos';
const summaryOf = (c: CompanyRow, booths: BoothRow[]): TExhibitorSummary => ({
  id: c.id,
  name: c.name,
  logoUrl: c.logoId ? `${COMPANY_LOGO_PATH}/${c.logoId}` : null,
  category: c.category,
  countryCode: c.countryCode,
  booths: booths.filter((b) => b.companyId === c.id).map(refOf),
});

export function createExhibitionService(deps: ExhibitionDeps) {
  const { repo } = deps;
  const scopeOf = (organisationId: string, eventId: string) => ({ organisationId, eventId });

  async function profileValues(input: Omit<TCompanyValues, 'name'>) {
    return {
      profileHtml: await sanitizeRichText(input.profileHtml),
      category: input.category,
      countryCode: input.countryCode,
      website: input.website,
      contactEmail: input.contactEmail,
    };
  }
  async function companyValues(input: TCompanyValues) {
    return { name: input.name, nameKey: input.name.toLowerCase(), ...(await profileValues(input)) };
  }

  async function companyViews(eventId: string, rows: CompanyRow[]): Promise<TExhibitingCompany[]> {
    const ids = rows.map((r) => r.id);
    const [booths, products] = await Promise.all([repo.booths(eventId, ids), repo.productCounts(eventId, ids)]);
    return rows.map((c) => ({
      ...summaryOf(c, booths),
      profileHtml: c.profileHtml,
      website: c.website,
      contactEmail: c.contactEmail,
      productCount: products.get(c.id) ?? 0,
      updatedAt: c.updatedAt.toISOString(),
    }));
  }

  async function boothView(eventId: string, row: BoothRow): Promise<TBooth> {
    const names = await repo.companyNames(eventId, row.companyId ? [row.companyId] : []);
    return boothOf(row, row.companyId ? (names.get(row.companyId) ?? null) : null);
  }

  async function ownCompany(organisationId: string, eventId: string, companyId: string): Promise<CompanyRow> {
    const company = await repo.company(eventId, companyId, organisationId);
    if (!company) throw exhibitionErrors.companyNotFound();
    return company;
  }

  /** Create or move a booth: one transaction under the hall's lock; its number free in the hall, its cells free. */
  async function placeBooth(organisationId: string, eventId: string, boothId: string | null, input: TBoothInput): Promise<BoothRow> {
    const scope = scopeOf(organisationId, eventId);
    try {
      return await repo.transaction(async (tx) => {
        await repo.lockHall(tx, eventId, input.hall);
        const others = await repo.hallBooths(tx, eventId, input.hall, boothId);
        const sameNumber = others.find((b) => b.number.toLowerCase() === input.number.toLowerCase());
        if (sameNumber) throw exhibitionErrors.boothNumberTaken(input.hall, sameNumber.number);
        const clash = others.find((b) => placementsOverlap(b, input));
        if (clash) throw exhibitionErrors.boothOverlap(clash.hall, clash.number);
        const values = { hall: input.hall, number: input.number, sizeSqm: input.sizeSqm, stallType: input.stallType, priceCents: cents(input.price), x: input.x, y: input.y, w: input.w, h: input.h };
        if (boothId === null) return repo.insertBooth(tx, { id: newId(), organisationId, eventId, ...values });
        // Moving to another hall: that hall is locked above; the old hall only loses a booth, which clashes with nothing.
        const row = await repo.updateBooth(scope, boothId, values, tx);
        if (!row) throw exhibitionErrors.boothNotFound();
        return row;
      });
    } catch (err) {
      // The unique index backs the check (a number differing only by case is caught above).
      if (sqlState(err) === '23505') throw exhibitionErrors.boothNumberTaken(input.hall, input.number);
      throw err;
    }
  }

  /*
   * The company rules without the organiser's event check, shared by the organiser's routes below and the company
   * admin's My stand (my-stand.service.ts, which finds the company from the caller and never changes its name).
   */
  async function editCompany(organisationId: string, eventId: string, companyId: string, values: Partial<Awaited<ReturnType<typeof companyValues>>>, actorUserId: string, name = ''): Promise<TExhibitingCompany> {
    try {
      const row = await repo.updateCompany(scopeOf(organisationId, eventId), companyId, values);
      if (!row) throw exhibitionErrors.companyNotFound();
      await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.company_updated', target: row.id, meta: { eventId } });
      return (await companyViews(eventId, [row]))[0]!;
    } catch (err) {
      if (sqlState(err) === '23505') throw exhibitionErrors.companyNameTaken(name);
      throw err;
    }
  }
  async function companyProfile(organisationId: string, eventId: string, companyId: string): Promise<TExhibitingCompany> {
    return (await companyViews(eventId, [await ownCompany(organisationId, eventId, companyId)]))[0]!;
  }
  async function editCompanyProfile(organisationId: string, eventId: string, companyId: string, input: Omit<TCompanyValues, 'name'>, actorUserId: string): Promise<TExhibitingCompany> {
    return editCompany(organisationId, eventId, companyId, await profileValues(input), actorUserId);
  }
  async function companyStaffList(organisationId: string, eventId: string, companyId: string): Promise<TCompanyStaff> {
    await ownCompany(organisationId, eventId, companyId);
    const [emails, quota] = await Promise.all([repo.staffEmails(scopeOf(organisationId, eventId), companyId), deps.staffQuota?.(eventId, companyId) ?? null]);
    return { emails, quota };
  }
  /** Replaces the staff list; an email that staffs another company of the event is refused (409 naming it). */
  async function replaceCompanyStaff(organisationId: string, eventId: string, companyId: string, emails: string[], actorUserId: string): Promise<TCompanyStaff> {
    const company = await ownCompany(organisationId, eventId, companyId);
    const unique = [...new Set(emails.map((e) => e.toLowerCase()))];
    // The staff badge quota of its booths' sizes (SPEC §3.5 stall sizes; no rule for the event: no limit).
    const quota = (await deps.staffQuota?.(eventId, companyId)) ?? null;
    if (quota !== null && unique.length > quota) throw exhibitionErrors.staffQuotaExceeded(company.name, quota, unique.length);
    await deps.badgesKept?.(eventId, companyId, unique);
    const elsewhere = await repo.staffElsewhere(eventId, companyId, unique);
    const [first] = elsewhere;
    if (first) throw exhibitionErrors.staffTaken(first[0], first[1]);
    let saved: { added: string[]; factId: string | null };
    const staffAdded = deps.staffAdded;
    try {
      // Only those new to the list are owed a mail: re-saving the same list mails nobody, and those removed get nothing.
      saved = await repo.replaceStaff(
        scopeOf(organisationId, eventId),
        companyId,
        unique,
        staffAdded ? (tx, added) => staffAdded.record(tx, { organisationId, eventId, companyId, staffIds: added.map((a) => a.id), actorUserId }) : undefined,
      );
    } catch (err) {
      // Listed for another company meanwhile: the unique index says no.
      if (sqlState(err) === '23505') throw errors.conflict('EXHIBITION_STAFF_TAKEN', 'One of these emails was given to another company meanwhile: try again');
      throw err;
    }
    await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.staff_saved', target: companyId, meta: { eventId, count: unique.length } });
    if (saved.factId) staffAdded?.wake();
    return { emails: await repo.staffEmails(scopeOf(organisationId, eventId), companyId), quota };
  }
  /**
   * Sets (the shared logo rules: PNG, JPEG or WebP by name and bytes, ≤ 512 KiB) or removes the company's logo; the
   * one it had is deleted. Shared by the organiser's routes and the company admin's My stand.
   */
  async function setCompanyLogo(organisationId: string, eventId: string, companyId: string, input: TLogoUpload | null, actorUserId: string): Promise<TExhibitingCompany> {
    const logo = input ? checkLogoUpload(input) : null;
    const row = await repo.replaceLogo(scopeOf(organisationId, eventId), companyId, logo ? { id: newId(), ...logo, createdBy: actorUserId } : null);
    if (!row) throw exhibitionErrors.companyNotFound();
    await deps.audit.record({ organisationId, actorUserId, action: input ? 'exhibition.company_logo_set' : 'exhibition.company_logo_removed', target: companyId, meta: { eventId } });
    return (await companyViews(eventId, [row]))[0]!;
  }

  /*
   * The product rules without the organiser's event check: the organiser's routes above and the company admin's
   * My stand (my-stand.service.ts, which finds the company from the caller) share them.
   */
  async function companyProducts(organisationId: string, eventId: string, companyId: string): Promise<TProduct[]> {
    await ownCompany(organisationId, eventId, companyId);
    return (await repo.products(eventId, companyId)).map(productOf);
  }
  async function addCompanyProduct(organisationId: string, eventId: string, companyId: string, input: TProductValues, actorUserId: string): Promise<TProduct> {
    await ownCompany(organisationId, eventId, companyId);
    const row = await repo.insertProduct({
      id: newId(),
      organisationId,
      eventId,
      companyId,
      name: input.name,
      category: input.category,
      description: input.description,
      priceCents: input.price === null ? null : cents(input.price),
    });
    await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.product_created', target: row.id, meta: { eventId, companyId } });
    return productOf(row);
  }
  async function editCompanyProduct(organisationId: string, eventId: string, companyId: string, productId: string, input: TProductValues, actorUserId: string): Promise<TProduct> {
    const row = await repo.updateProduct(scopeOf(organisationId, eventId), companyId, productId, {
      name: input.name,
      category: input.category,
      description: input.description,
      priceCents: input.price === null ? null : cents(input.price),
    });
    if (!row) throw exhibitionErrors.productNotFound();
    await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.product_updated', target: productId, meta: { eventId, companyId } });
    return productOf(row);
  }
  /** Its images and documents go with it; refused (409) while orders of it are open; closed orders keep its name. */
  async function removeCompanyProduct(organisationId: string, eventId: string, companyId: string, productId: string, actorUserId: string): Promise<{ id: string }> {
    const out = await repo.deleteProduct(scopeOf(organisationId, eventId), companyId, productId, PRODUCT_ORDER_OPEN_STATUSES);
    if (out.openOrders > 0) throw exhibitionErrors.productHasOpenOrders(out.openOrders);
    if (!out.deleted) throw exhibitionErrors.productNotFound();
    await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.product_deleted', target: productId, meta: { eventId, companyId } });
    return { id: productId };
  }

  return {
    async companies(caller: AuthUser, organisationId: string, eventId: string, q: TCompanyQuery): Promise<TPage<TExhibitingCompany>> {
      await deps.assertEvent(caller, organisationId, eventId);
      const { rows, total } = await repo.companies(scopeOf(organisationId, eventId), q);
      return { items: await companyViews(eventId, rows), total, page: q.page, pageSize: q.pageSize };
    },

    async createCompany(caller: AuthUser, organisationId: string, eventId: string, input: TCompanyValues): Promise<TExhibitingCompany> {
      await deps.assertEvent(caller, organisationId, eventId);
      try {
        const row = await repo.insertCompany({ id: newId(), organisationId, eventId, createdBy: caller.userId, ...(await companyValues(input)) });
        await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.company_created', target: row.id, meta: { eventId, name: row.name } });
        return (await companyViews(eventId, [row]))[0]!;
      } catch (err) {
        if (sqlState(err) === '23505') throw exhibitionErrors.companyNameTaken(input.name);
        throw err;
      }
    },

    /** A CSV of companies: every row valid and new to the event, then all created in one transaction; else none. */
    /** A CSV file or an XLSX workbook (its first sheet): the same header rules, row rules and report. */
    async importCompanies(caller: AuthUser, organisationId: string, eventId: string, file: TCompanyImportRequest): Promise<{ created: number }> {
      await deps.assertEvent(caller, organisationId, eventId);
      const field = file.csv !== undefined ? 'csv' : 'xlsxBase64';
      // A workbook is read up to one row past the limit (header + rows + 1), so a longer one is reported as such.
      const table = file.csv !== undefined ? parseCsv(file.csv) : await xlsxRows(Buffer.from(file.xlsxBase64 ?? '', 'base64'), COMPANY_IMPORT_MAX_ROWS + 2);
      const [header, ...rows] = table;
      const columns = importColumnsOf(header ?? []);
      if (!columns.includes('name')) throw errors.validation([{ field, key: CompanyImportKey.NameColumnMissing }]);
      if (rows.length === 0) throw errors.validation([{ field, key: CompanyImportKey.NoRows }]);
      if (rows.length > COMPANY_IMPORT_MAX_ROWS) throw errors.validation([{ field, key: CompanyImportKey.TooManyRows }]);
      const problems: TFieldError[] = [];
      const valid: { row: number; values: TCompanyValues }[] = [];
      const seen = new Map<string, number>();
      rows.forEach((cells, i) => {
        const row = i + 2;
        const record: Record<string, string> = {};
        columns.forEach((col, c) => {
          if (col && cells[c] !== undefined) record[col] = cells[c]!;
        });
        const parsed = ZCompanyInput.safeParse(record);
        if (parsed.success) valid.push({ row, values: parsed.data });
        else for (const issue of parsed.error.issues) problems.push({ field: `rows.${row}.${String(issue.path[0] ?? 'name')}`, key: issue.code === 'custom' ? issue.message : issue.code });
        // Names are checked on every row, so one report says all that is wrong with it.
        const key = (record.name ?? '').trim().toLowerCase();
        if (key === '') return;
        if (seen.has(key)) problems.push({ field: `rows.${row}.name`, key: CompanyImportKey.DuplicateInFile });
        else seen.set(key, row);
      });
      const taken = await repo.takenNameKeys(eventId, [...seen.keys()]);
      for (const k of taken) problems.push({ field: `rows.${seen.get(k)!}.name`, key: CompanyImportKey.NameTaken });
      if (problems.length > 0) {
        const rowOf = (f: string) => Number(f.split('.')[1]);
        // A stable sort: by row, each row's problems in column order as found.
        throw errors.validation(problems.sort((a, b) => rowOf(a.field) - rowOf(b.field)), `The file has ${problems.length} problem${problems.length > 1 ? 's' : ''}: nothing was imported`);
      }
      const values = [];
      for (const v of valid) values.push({ id: newId(), organisationId, eventId, createdBy: caller.userId, ...(await companyValues(v.values)) });
      try {
        await repo.insertCompanies(values);
      } catch (err) {
        // A company of the same name created meanwhile.
        if (sqlState(err) === '23505') throw errors.conflict('EXHIBITION_COMPANY_NAME_TAKEN', 'A company of this file was created meanwhile: nothing was imported, try again');
        throw err;
      }
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.companies_imported', target: eventId, meta: { count: values.length } });
      return { created: values.length };
    },

    async updateCompany(caller: AuthUser, organisationId: string, eventId: string, companyId: string, input: TCompanyValues): Promise<TExhibitingCompany> {
      await deps.assertEvent(caller, organisationId, eventId);
      return editCompany(organisationId, eventId, companyId, await companyValues(input), caller.userId, input.name);
    },

    /** A company holding booths stays (free them first); its products go with it. */
    async deleteCompany(caller: AuthUser, organisationId: string, eventId: string, companyId: string): Promise<{ id: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      const scope = scopeOf(organisationId, eventId);
      if (await repo.company(eventId, companyId, organisationId)) await deps.badgesKept?.(eventId, companyId, []);
      try {
        await repo.transaction(async (tx) => {
          const held = await repo.heldBooths(tx, scope, companyId);
          if (held.length > 0) throw exhibitionErrors.companyHoldsBooths(held.map((b) => `${b.hall} ${b.number}`));
          if (!(await repo.deleteCompany(tx, scope, companyId))) throw exhibitionErrors.companyNotFound();
        });
      } catch (err) {
        // A booth given to it meanwhile: the foreign key refuses, and so do we.
        if (sqlState(err) === '23503') throw exhibitionErrors.companyHoldsBooths([]);
        throw err;
      }
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.company_deleted', target: companyId, meta: { eventId } });
      return { id: companyId };
    },

    async uploadCompanyLogo(caller: AuthUser, organisationId: string, eventId: string, companyId: string, input: TLogoUpload): Promise<TExhibitingCompany> {
      await deps.assertEvent(caller, organisationId, eventId);
      return setCompanyLogo(organisationId, eventId, companyId, input, caller.userId);
    },
    async removeCompanyLogo(caller: AuthUser, organisationId: string, eventId: string, companyId: string): Promise<TExhibitingCompany> {
      await deps.assertEvent(caller, organisationId, eventId);
      return setCompanyLogo(organisationId, eventId, companyId, null, caller.userId);
    },
    /** A logo's bytes by its unguessable id (public: an <img> sends no bearer). */
    companyLogo: (logoId: string) => repo.logo(logoId),

    async companyStaff(caller: AuthUser, organisationId: string, eventId: string, companyId: string): Promise<TCompanyStaff> {
      await deps.assertEvent(caller, organisationId, eventId);
      return companyStaffList(organisationId, eventId, companyId);
    },

    async saveCompanyStaff(caller: AuthUser, organisationId: string, eventId: string, companyId: string, emails: string[]): Promise<TCompanyStaff> {
      await deps.assertEvent(caller, organisationId, eventId);
      return replaceCompanyStaff(organisationId, eventId, companyId, emails, caller.userId);
    },

    async booths(caller: AuthUser, organisationId: string, eventId: string): Promise<TBoothList> {
      await deps.assertEvent(caller, organisationId, eventId);
      const rows = (await repo.booths(eventId)).filter((b) => b.organisationId === organisationId);
      const names = await repo.companyNames(eventId, [...new Set(rows.flatMap((b) => (b.companyId ? [b.companyId] : [])))]);
      return {
        columns: PLAN_COLUMNS,
        rows: PLAN_ROWS,
        halls: [...new Set(rows.map((b) => b.hall))],
        booths: rows.map((b) => boothOf(b, b.companyId ? (names.get(b.companyId) ?? null) : null)),
      };
    },

    async createBooth(caller: AuthUser, organisationId: string, eventId: string, input: TBoothInput): Promise<TBooth> {
      await deps.assertEvent(caller, organisationId, eventId);
      const row = await placeBooth(organisationId, eventId, null, input);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.booth_created', target: row.id, meta: { eventId, hall: row.hall, number: row.number } });
      return boothView(eventId, row);
    },

    async updateBooth(caller: AuthUser, organisationId: string, eventId: string, boothId: string, input: TBoothInput): Promise<TBooth> {
      await deps.assertEvent(caller, organisationId, eventId);
      const row = await placeBooth(organisationId, eventId, boothId, input);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.booth_updated', target: row.id, meta: { eventId } });
      return boothView(eventId, row);
    },

    async deleteBooth(caller: AuthUser, organisationId: string, eventId: string, boothId: string): Promise<{ id: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      if (!(await repo.deleteBooth(scopeOf(organisationId, eventId), boothId))) throw exhibitionErrors.boothNotFound();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.booth_deleted', target: boothId, meta: { eventId } });
      return { id: boothId };
    },

    /** A booth goes to one company of this event (replacing any holder), or is freed. */
    async assignBooth(caller: AuthUser, organisationId: string, eventId: string, boothId: string, companyId: string | null): Promise<TBooth> {
      await deps.assertEvent(caller, organisationId, eventId);
      const scope = scopeOf(organisationId, eventId);
      if (!(await repo.booth(scope, boothId))) throw exhibitionErrors.boothNotFound();
      if (companyId !== null && !(await repo.company(eventId, companyId, organisationId))) {
        throw errors.validation([{ field: 'companyId', key: ExhibitionErrorKey.UnknownCompany }]);
      }
      let row: BoothRow | null;
      try {
        row = await repo.updateBooth(scope, boothId, { companyId });
      } catch (err) {
        if (sqlState(err) === '23503') throw errors.validation([{ field: 'companyId', key: ExhibitionErrorKey.UnknownCompany }]);
        throw err;
      }
      if (!row) throw exhibitionErrors.boothNotFound();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.booth_assigned', target: boothId, meta: { eventId, companyId } });
      return boothView(eventId, row);
    },

    async products(caller: AuthUser, organisationId: string, eventId: string, companyId: string): Promise<TProduct[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      return companyProducts(organisationId, eventId, companyId);
    },

    async createProduct(caller: AuthUser, organisationId: string, eventId: string, companyId: string, input: TProductValues): Promise<TProduct> {
      await deps.assertEvent(caller, organisationId, eventId);
      return addCompanyProduct(organisationId, eventId, companyId, input, caller.userId);
    },

    async updateProduct(caller: AuthUser, organisationId: string, eventId: string, companyId: string, productId: string, input: TProductValues): Promise<TProduct> {
      await deps.assertEvent(caller, organisationId, eventId);
      return editCompanyProduct(organisationId, eventId, companyId, productId, input, caller.userId);
    },
    // The same rules for the company admin's My stand (my-stand.service.ts), with the company it found from the caller.
    companyProducts,
    addCompanyProduct,
    editCompanyProduct,
    removeCompanyProduct,
    companyProfile,
    editCompanyProfile,
    companyStaffList,
    replaceCompanyStaff,
    setCompanyLogo,

    async deleteProduct(caller: AuthUser, organisationId: string, eventId: string, companyId: string, productId: string): Promise<{ id: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      return removeCompanyProduct(organisationId, eventId, companyId, productId, caller.userId);
    },

    /** The app's Exhibitors tab: the tab's rules first, then every company of the event with its booths. */
    async exhibitors(caller: { user: AuthUser | null; eventAccess: EventAccess | null }, eventId: string, q: TExhibitorQuery): Promise<TPage<TExhibitorSummary>> {
      await deps.assertTabVisible(eventId, 'exhibitors', caller);
      return this.exhibitorList(eventId, q);
    },
    /** The Exhibitors tab's rules for this caller (401/403/404), checked on every request, cached list or not. */
    async assertExhibitorsVisible(caller: { user: AuthUser | null; eventAccess: EventAccess | null }, eventId: string): Promise<void> {
      await deps.assertTabVisible(eventId, 'exhibitors', caller);
    },
    /** The list itself, the same for everyone the tab lets in (the route caches it for anonymous visitors). */
    async exhibitorList(eventId: string, q: TExhibitorQuery): Promise<TPage<TExhibitorSummary>> {
      const { rows, total } = await repo.eventCompanies(eventId, q);
      const booths = await repo.booths(eventId, rows.map((r) => r.id));
      return { items: rows.map((c) => summaryOf(c, booths)), total, page: q.page, pageSize: q.pageSize };
    },

    async exhibitor(caller: { user: AuthUser | null; eventAccess: EventAccess | null }, eventId: string, companyId: string): Promise<TExhibitorPage> {
      await deps.assertTabVisible(eventId, 'exhibitors', caller);
      const company = await repo.company(eventId, companyId);
      if (!company) throw exhibitionErrors.companyNotFound();
      const [booths, products] = await Promise.all([repo.booths(eventId, [companyId]), repo.products(eventId, companyId)]);
      return {
        company: { ...summaryOf(company, booths), profileHtml: company.profileHtml, website: company.website, contactEmail: company.contactEmail },
        products: products.map(productOf),
      };
    },
  };
}
export type ExhibitionService = ReturnType<typeof createExhibitionService>;
