import {
  BADGE_LIMITS,
  fillBuckets,
  reportWindow,
  BADGE_TEXT_SOURCE_LABELS,
  BADGE_TEXT_SOURCES,
  type TBadgeAttendee,
  type TBadgeAttendeeData,
  type TBadgeAttendeeDetail,
  type TBadgeAttendeeQuery,
  type TBadgeElement,
  type TBadgeFields,
  type TBadgeFieldsRequest,
  type TBadgeJob,
  type TBadgeJobRequest,
  type TBadgePrintActivity,
  type TBadgePrintHistoryEntry,
  type TBadgePrintReport,
  type TBadgePrintRequest,
  type TBadgeTemplate,
  type TBadgeTemplateRequest,
  type TBadgeTemplateSummary,
  type TBadgeWalkInRequest,
  type TBadgeWalkInResponse,
  type TFieldError,
  type TPage,
  type TUserJourneyEventType,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { newId } from '../../platform/ids.ts';
import type { CredentialsService } from '../credentials/index.ts';
import { isAdmissible as isRegistrationAdmissible, type CategoryRow, type OrderRow, type RegistrationRow, type TicketRow } from '../registration/index.ts';
import { createBadgeDocument } from './badge-pdf.ts';
import { badgeErrors } from './badges.errors.ts';
import type { BadgesRepository, JobMeta, JobPartMeta, TemplateRow } from './badges.repository.ts';
import { csvDocument } from '../../platform/csv.ts';

type Row = { r: RegistrationRow; o: OrderRow };

/** What the badges module needs from registration (wired in app.ts from the registration module's index). */
export type BadgeRegistrationPort = {
  listAttendees(
    eventId: string,
    q: { ticketId?: string; categoryId?: string; search?: string; ids?: string[]; registrationNo?: string; page?: number; pageSize?: number; sort?: 'oldest' | 'name' },
  ): Promise<{ rows: Row[]; total: number }>;
  listTickets(eventId: string): Promise<TicketRow[]>;
  listCategories(eventId: string): Promise<CategoryRow[]>;
  listForms(eventId: string): Promise<{ fields: unknown[] }[]>;
  recordJourney(rows: { organisationId: string; eventId: string; registrationId: string; type: TUserJourneyEventType; actorUserId: string | null; detail: Record<string, unknown> }[]): Promise<void>;
  createWalkIn(
    caller: AuthUser,
    organisationId: string,
    eventId: string,
    input: { firstName: string; lastName: string; email: string; contactNo?: string; ticketId: string; categoryId?: string; isPaidAtDesk: boolean },
  ): Promise<{ registrationId: string; registrationNo: string; orderId: string }>;
};

export type BadgesDeps = {
  repo: BadgesRepository;
  registration: BadgeRegistrationPort;
  credentials: Pick<CredentialsService, 'ensure' | 'ensureForEvent' | 'listForEvent'>;
  /** The event as the caller may see it (404 otherwise); its time zone places the report's calendar ranges. */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<{ timeZone: string }>;
  audit: Audit;
  now: () => Date;
  log?: { error(obj: unknown, msg?: string): void };
  /** Badges rendered between progress writes (and event-loop yields) of a bulk job. */
  chunkSize?: number;
};

const JOB_STALE_MS = 2 * 60_000;
const isAdmissible = (row: Row) => isRegistrationAdmissible({ approvalStatus: row.r.approvalStatus, orderStatus: row.o.status, paymentStatus: row.o.paymentStatus });

function toTemplate(t: TemplateRow): TBadgeTemplate {
  return {
    id: t.id,
    eventId: t.eventId,
    name: t.name,
    pageSize: t.pageSize,
    ticketIds: t.ticketIds,
    categoryIds: t.categoryIds,
    isDefault: t.isDefault,
    categoryColors: t.categoryColors,
    elements: t.elements,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
function toJob(j: JobMeta, parts: JobPartMeta[] = []): TBadgeJob {
  const { registrationIds, ...filter } = j.filter;
  return {
    id: j.id,
    eventId: j.eventId,
    status: j.status as TBadgeJob['status'],
    total: j.total,
    done: j.done,
    error: j.error,
    templateId: j.templateId,
    filter: { ...filter, ...(registrationIds && filter.explicitIds ? { registrationIds } : {}) },
    pages: j.pages,
    bytes: j.bytes,
    parts: j.status === 'done' ? parts : [],
    createdAt: j.createdAt.toISOString(),
    finishedAt: j.finishedAt ? j.finishedAt.toISOString() : null,
  };
}

export function createBadgesService(deps: BadgesDeps) {
  const { repo, registration: reg } = deps;
  const chunkSize = deps.chunkSize ?? 100;
  /** Test-only knob (as registration's race controls): a small part size exercises multi-part jobs. */
  const testing: { partSize: number } = { partSize: BADGE_LIMITS.partSize };

  async function names(eventId: string) {
    const [tickets, categories] = await Promise.all([reg.listTickets(eventId), reg.listCategories(eventId)]);
    return { tickets: new Map(tickets.map((t) => [t.id, t])), categories: new Map(categories.map((c) => [c.id, c])) };
  }
  type Names = Awaited<ReturnType<typeof names>>;

  function dataOf(row: Row, n: Names): TBadgeAttendeeData {
    const { r, o } = row;
    return {
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      contactNo: r.contactNo,
      registrationNo: o.registrationNo,
      ticketId: r.ticketId,
      ticketName: n.tickets.get(r.ticketId)?.name ?? '',
      categoryId: r.categoryId,
      categoryName: r.categoryId ? (n.categories.get(r.categoryId)?.name ?? '') : '',
      answers: r.answers,
    };
  }

  async function checkRefs(eventId: string, input: { ticketIds?: string[]; categoryIds?: string[]; categoryColors?: Record<string, unknown> }) {
    const n = await names(eventId);
    const errs: TFieldError[] = [];
    input.ticketIds?.forEach((id, i) => {
      if (!n.tickets.has(id)) errs.push({ field: `ticketIds.${i}`, key: 'unknownTicket' });
    });
    input.categoryIds?.forEach((id, i) => {
      if (!n.categories.has(id)) errs.push({ field: `categoryIds.${i}`, key: 'unknownCategory' });
    });
    for (const id of Object.keys(input.categoryColors ?? {})) if (!n.categories.has(id)) errs.push({ field: `categoryColors.${id}`, key: 'unknownCategory' });
    if (errs.length > 0) throw badgeErrors.fields(errs);
  }

  async function templateOr404(organisationId: string, eventId: string, id: string): Promise<TemplateRow> {
    const t = await repo.findTemplate(organisationId, eventId, id);
    if (!t) throw badgeErrors.templateNotFound();
    return t;
  }

  /** The template for an attendee: ticket match, then category match, then the event default, then the first one. */
  function pickTemplate(templates: TemplateRow[], r: RegistrationRow): TemplateRow | null {
    return (
      templates.find((t) => t.ticketIds.includes(r.ticketId)) ??
      templates.find((t) => r.categoryId !== null && t.categoryIds.includes(r.categoryId)) ??
      templates.find((t) => t.isDefault) ??
      templates[0] ??
      null
    );
  }

  async function attendeesOut(eventId: string, rows: Row[], n: Names): Promise<TBadgeAttendee[]> {
    const stats = await repo.printStats(
      eventId,
      rows.map((x) => x.r.id),
    );
    return rows.map((row) => {
      const s = stats.get(row.r.id);
      return { registrationId: row.r.id, ...dataOf(row, n), isAdmissible: isAdmissible(row), printCount: s?.count ?? 0, lastPrintedAt: s ? s.last.toISOString() : null };
    });
  }

  async function findRow(eventId: string, registrationId: string): Promise<Row> {
    const { rows } = await reg.listAttendees(eventId, { ids: [registrationId] });
    const row = rows[0];
    if (!row) throw badgeErrors.registrationNotFound();
    return row;
  }

  /** History and journey rows of printed badges (a single print, or one chunk of a job). */
  async function recordPrints(
    organisationId: string,
    eventId: string,
    printed: { row: Row; template: TemplateRow; overrides?: Record<string, string> }[],
    actorUserId: string | null,
    jobId: string | null,
  ) {
    const before = await repo.printStats(
      eventId,
      printed.map((p) => p.row.r.id),
    );
    const now = deps.now();
    await repo.insertPrints(
      printed.map((p) => ({
        id: newId(),
        organisationId,
        eventId,
        registrationId: p.row.r.id,
        registrationNo: p.row.o.registrationNo,
        name: `${p.row.r.firstName} ${p.row.r.lastName}`.trim(),
        categoryId: p.row.r.categoryId,
        templateId: p.template.id,
        templateName: p.template.name,
        jobId,
        isReprint: before.has(p.row.r.id),
        overrides: p.overrides && Object.keys(p.overrides).length > 0 ? p.overrides : null,
        printedBy: actorUserId,
        printedAt: now,
      })),
    );
    // Printing is not a check-in: it records PBADGE_PRINT in the journey and nothing else.
    await reg.recordJourney(
      printed.map((p) => ({
        organisationId,
        eventId,
        registrationId: p.row.r.id,
        type: 'PBADGE_PRINT',
        actorUserId,
        detail: { templateId: p.template.id, ...(jobId ? { jobId } : {}), ...(before.has(p.row.r.id) ? { reprint: true } : {}) },
      })),
    );
  }

  // ------------------------------------------------------------ the bulk worker
  let closing = false;
  let running: Promise<void> | null = null;
  let again = false;

  async function runJob(job: JobMeta): Promise<void> {
    const ids = (job.filter.registrationIds ?? []).slice();
    const templates = await repo.listTemplates(job.organisationId, job.eventId);
    const chosen = job.templateId ? templates.find((t) => t.id === job.templateId) : null;
    if (job.templateId && !chosen) throw new Error('The template was deleted');
    const n = await names(job.eventId);
    const eventColors = await repo.categoryColors(job.eventId);
    // Issue every missing credential in batches of 1,000 first; each badge then reads its own with one query.
    await deps.credentials.ensureForEvent(job.eventId);
    // One read for every token (about 150 bytes each: 3 MB for 20,000), instead of a query per badge.
    const tokens = new Map((await deps.credentials.listForEvent(job.eventId)).map((c) => [c.registrationId, c.token]));
    // One document per template used within the current part; a job with one template (the usual case) has one.
    let docs = new Map<string, Awaited<ReturnType<typeof createBadgeDocument>>>();
    let done = 0;
    let partNo = 0;
    let partStart = 0;
    let pages = 0;
    let bytes = 0;
    const flushPart = async () => {
      if (docs.size === 0) return;
      const out = await savePart([...docs.values()]);
      partNo++;
      await repo.putJobPart({ jobId: job.id, partNo, firstIndex: partStart, badges: done - partStart, pages: out.pages, pdf: Buffer.from(out.bytes) });
      pages += out.pages;
      bytes += out.bytes.length;
      docs = new Map();
      partStart = done;
    };
    // Parts end on chunk boundaries, so a chunk is never larger than a part.
    const step = Math.min(chunkSize, testing.partSize);
    for (let i = 0; i < ids.length; i += step) {
      if (closing) throw new Error('Server stopped; the job resumes on the next start');
      const slice = ids.slice(i, i + step);
      const { rows } = await reg.listAttendees(job.eventId, { ids: slice, sort: 'oldest' });
      const order = new Map(slice.map((id, k) => [id, k]));
      rows.sort((a, b) => order.get(a.r.id)! - order.get(b.r.id)!);
      const printed: { row: Row; template: TemplateRow }[] = [];
      for (const row of rows) {
        const template = chosen ?? pickTemplate(templates, row.r);
        if (!template) continue;
        let doc = docs.get(template.id);
        if (!doc) {
          doc = await createBadgeDocument({ pageSize: template.pageSize, elements: template.elements, categoryColors: template.categoryColors }, eventColors);
          docs.set(template.id, doc);
        }
        const token = tokens.get(row.r.id) ?? (await deps.credentials.ensure(job.eventId, row.r.id)).token;
        await doc.add({ data: dataOf(row, n), token });
        printed.push({ row, template });
      }
      await recordPrints(job.organisationId, job.eventId, printed, job.createdBy, job.id);
      done += slice.length;
      // Memory stays bounded by one part: at its size, the part is saved to the database and its pages let go.
      if (done - partStart >= testing.partSize) await flushPart();
      await repo.progressJob(job.id, done, deps.now());
      // Let requests in between chunks: a 10,000-badge job must not stall the API.
      await new Promise((r) => setImmediate(r));
    }
    await flushPart();
    if (partNo === 0) throw new Error('No badge template');
    await repo.finishJob(job.id, { status: 'done', pages, bytes, parts: partNo, done }, deps.now());
  }

  /** One part's PDF: the single document, or the documents of several templates merged in order. */
  async function savePart(parts: Awaited<ReturnType<typeof createBadgeDocument>>[]): Promise<{ bytes: Uint8Array; pages: number }> {
    if (parts.length === 1) return { bytes: await parts[0]!.save(), pages: parts[0]!.pages };
    const { PDFDocument } = await import('pdf-lib');
    const merged = await PDFDocument.create();
    for (const part of parts) {
      const src = await PDFDocument.load(await part.save());
      for (const p of await merged.copyPages(src, src.getPageIndices())) merged.addPage(p);
    }
    return { bytes: await merged.save(), pages: merged.getPageCount() };
  }

  async function drainQueue(): Promise<void> {
    do {
      again = false;
      const now = deps.now();
      const stale = new Date(now.getTime() - JOB_STALE_MS);
      for (const id of await repo.claimableJobIds(stale)) {
        if (closing) return;
        const job = await repo.claimJob(id, deps.now(), stale);
        if (!job) continue; // another instance took it
        try {
          await runJob(job);
        } catch (err) {
          if (closing) return;
          deps.log?.error({ err, jobId: job.id }, 'badge print job failed');
          await repo.finishJob(job.id, { status: 'failed', error: err instanceof Error ? err.message.slice(0, 500) : 'Failed' }, deps.now());
        }
      }
    } while (again && !closing);
  }

  /** Starts the in-process worker if idle (works on PGlite and Postgres; no pg-boss needed). */
  function kick(): void {
    if (closing) return;
    if (running) {
      again = true;
      return;
    }
    running = drainQueue()
      .catch((err) => deps.log?.error({ err }, 'badge worker stopped'))
      .finally(() => {
        running = null;
      });
  }

  return {
    testing,
    kick,
    async stop() {
      closing = true;
      await running;
    },
    /** Test and bench hook: resolves when the worker is idle. */
    async idle() {
      while (running) await running;
    },

    // ------------------------------------------------------------ templates
    async listTemplates(caller: AuthUser, organisationId: string, eventId: string): Promise<TBadgeTemplateSummary[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      return (await repo.listTemplates(organisationId, eventId)).map((t) => {
        const { elements, ...rest } = toTemplate(t);
        return { ...rest, elementCount: elements.length };
      });
    },
    async getTemplate(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<TBadgeTemplate> {
      await deps.assertEvent(caller, organisationId, eventId);
      return toTemplate(await templateOr404(organisationId, eventId, id));
    },
    async createTemplate(caller: AuthUser, organisationId: string, eventId: string, input: TBadgeTemplateRequest): Promise<TBadgeTemplate> {
      await deps.assertEvent(caller, organisationId, eventId);
      await checkRefs(eventId, input);
      const now = deps.now();
      const row = await repo.insertTemplate({
        id: newId(),
        organisationId,
        eventId,
        name: input.name,
        pageSize: input.pageSize,
        ticketIds: input.ticketIds ?? [],
        categoryIds: input.categoryIds ?? [],
        isDefault: input.isDefault ?? false,
        categoryColors: input.categoryColors ?? {},
        elements: input.elements as TBadgeElement[],
        createdAt: now,
        updatedAt: now,
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'badge_template.create', target: row.id, meta: { eventId } });
      return toTemplate(row);
    },
    async updateTemplate(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TBadgeTemplateRequest): Promise<TBadgeTemplate> {
      await deps.assertEvent(caller, organisationId, eventId);
      await templateOr404(organisationId, eventId, id);
      await checkRefs(eventId, input);
      const row = await repo.updateTemplate(organisationId, eventId, id, {
        name: input.name,
        pageSize: input.pageSize,
        ticketIds: input.ticketIds ?? [],
        categoryIds: input.categoryIds ?? [],
        isDefault: input.isDefault ?? false,
        categoryColors: input.categoryColors ?? {},
        elements: input.elements as TBadgeElement[],
      });
      if (!row) throw badgeErrors.templateNotFound();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'badge_template.update', target: id, meta: { eventId } });
      return toTemplate(row);
    },
    async deleteTemplate(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ id: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      if (!(await repo.deleteTemplate(organisationId, eventId, id))) throw badgeErrors.templateNotFound();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'badge_template.delete', target: id, meta: { eventId } });
      return { id };
    },
    async duplicateTemplate(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<TBadgeTemplate> {
      await deps.assertEvent(caller, organisationId, eventId);
      const t = await templateOr404(organisationId, eventId, id);
      const now = deps.now();
      const name = `${t.name} (copy)`.slice(0, 120);
      const row = await repo.insertTemplate({ ...t, id: newId(), name, isDefault: false, createdAt: now, updatedAt: now });
      return toTemplate(row);
    },
    /** A template as a portable JSON file (import = POST its body to create). */
    async exportTemplate(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ filename: string; body: string }> {
      const t = await this.getTemplate(caller, organisationId, eventId, id);
      const body = { name: t.name, pageSize: t.pageSize, ticketIds: [], categoryIds: [], isDefault: false, categoryColors: {}, elements: t.elements };
      return { filename: `badge-template-${t.id}.json`, body: JSON.stringify(body, null, 2) };
    },
    /** A PDF of one badge: a real attendee when given, else sample data (the template needs no registrations). */
    async previewTemplate(caller: AuthUser, organisationId: string, eventId: string, id: string, registrationId?: string): Promise<Uint8Array> {
      await deps.assertEvent(caller, organisationId, eventId);
      const t = await templateOr404(organisationId, eventId, id);
      const doc = await createBadgeDocument({ pageSize: t.pageSize, elements: t.elements, categoryColors: t.categoryColors }, await repo.categoryColors(eventId));
      if (registrationId) {
        const row = await findRow(eventId, registrationId);
        await doc.add({ data: dataOf(row, await names(eventId)), token: (await deps.credentials.ensure(eventId, row.r.id)).token });
      } else {
        await doc.add({
          data: { firstName: 'Alex', lastName: 'Sample', email: 'alex@example.com', contactNo: null, registrationNo: 'REG-000000', ticketId: '', ticketName: 'Ticket', categoryId: null, categoryName: 'Category', answers: { company: 'Example Ltd' } },
          token: `PV1:${eventId}:preview:1:sample`,
        });
      }
      return doc.save();
    },

    // ------------------------------------------------------------ fields
    async fields(caller: AuthUser, organisationId: string, eventId: string): Promise<TBadgeFields> {
      await deps.assertEvent(caller, organisationId, eventId);
      const [n, colors, forms] = await Promise.all([names(eventId), repo.categoryColors(eventId), reg.listForms(eventId)]);
      const answerKeys = new Map<string, string>();
      for (const f of forms) for (const field of f.fields as { key?: string; label?: string; type?: string }[]) if (field.key && !answerKeys.has(field.key)) answerKeys.set(field.key, field.label ?? field.key);
      return {
        sources: BADGE_TEXT_SOURCES.map((source) => ({ source, label: BADGE_TEXT_SOURCE_LABELS[source] })),
        answerKeys: [...answerKeys].map(([key, label]) => ({ key, label })),
        categories: [...n.categories.values()].map((c) => ({ id: c.id, name: c.name, color: colors[c.id] ?? null })),
        tickets: [...n.tickets.values()].filter((t) => !t.isDeleted).map((t) => ({ id: t.id, name: t.name })),
      };
    },
    async updateFields(caller: AuthUser, organisationId: string, eventId: string, input: TBadgeFieldsRequest): Promise<TBadgeFields> {
      await deps.assertEvent(caller, organisationId, eventId);
      await checkRefs(eventId, { categoryColors: input.categoryColors });
      await repo.setCategoryColors(organisationId, eventId, input.categoryColors);
      return this.fields(caller, organisationId, eventId);
    },

    // ------------------------------------------------------------ attendees
    async listAttendees(caller: AuthUser, organisationId: string, eventId: string, q: TBadgeAttendeeQuery): Promise<TPage<TBadgeAttendee>> {
      await deps.assertEvent(caller, organisationId, eventId);
      const { rows, total } = await reg.listAttendees(eventId, q);
      return { items: await attendeesOut(eventId, rows, await names(eventId)), total, page: q.page, pageSize: q.pageSize };
    },
    async attendee(caller: AuthUser, organisationId: string, eventId: string, registrationId: string): Promise<TBadgeAttendeeDetail> {
      await deps.assertEvent(caller, organisationId, eventId);
      const row = await findRow(eventId, registrationId);
      const [a] = await attendeesOut(eventId, [row], await names(eventId));
      return { ...a!, credentialToken: (await deps.credentials.ensure(eventId, row.r.id)).token };
    },

    // ------------------------------------------------------------ printing
    async print(caller: AuthUser, organisationId: string, eventId: string, input: TBadgePrintRequest): Promise<{ pdf: Uint8Array; filename: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      const row = await findRow(eventId, input.registrationId);
      const template = input.templateId ? await templateOr404(organisationId, eventId, input.templateId) : pickTemplate(await repo.listTemplates(organisationId, eventId), row.r);
      if (!template) throw badgeErrors.noTemplate();
      const doc = await createBadgeDocument({ pageSize: template.pageSize, elements: template.elements, categoryColors: template.categoryColors }, await repo.categoryColors(eventId));
      const credential = await deps.credentials.ensure(eventId, row.r.id);
      await doc.add({ data: dataOf(row, await names(eventId)), token: credential.token, overrides: input.overrides });
      const pdf = await doc.save();
      await recordPrints(organisationId, eventId, [{ row, template, overrides: input.overrides }], caller.userId, null);
      return { pdf, filename: `badge-${row.o.registrationNo}.pdf` };
    },
    async createJob(caller: AuthUser, organisationId: string, eventId: string, input: TBadgeJobRequest): Promise<TBadgeJob> {
      await deps.assertEvent(caller, organisationId, eventId);
      if (input.templateId) await templateOr404(organisationId, eventId, input.templateId);
      else if ((await repo.listTemplates(organisationId, eventId)).length === 0) throw badgeErrors.noTemplate();
      const errs: TFieldError[] = [];
      const n = await names(eventId);
      if (input.categoryId && !n.categories.has(input.categoryId)) errs.push({ field: 'categoryId', key: 'unknownCategory' });
      if (input.ticketId && !n.tickets.has(input.ticketId)) errs.push({ field: 'ticketId', key: 'unknownTicket' });
      if (errs.length > 0) throw badgeErrors.fields(errs);
      // Snapshot the selection now: the job prints exactly these, whatever registers while it runs.
      const { rows } = await reg.listAttendees(eventId, {
        ...(input.registrationIds ? { ids: input.registrationIds } : {}),
        ...(input.categoryId ? { categoryId: input.categoryId } : {}),
        ...(input.ticketId ? { ticketId: input.ticketId } : {}),
        ...(input.search ? { search: input.search } : {}),
        sort: 'name',
      });
      if (input.registrationIds && rows.length !== new Set(input.registrationIds).size) throw badgeErrors.fields([{ field: 'registrationIds', key: 'unknownRegistration' }]);
      const ids = rows.filter((row) => input.includeNotAdmissible || isAdmissible(row)).map((row) => row.r.id);
      if (ids.length === 0) throw badgeErrors.nothingToPrint();
      if (ids.length > BADGE_LIMITS.jobMax) throw badgeErrors.tooMany(BADGE_LIMITS.jobMax);
      const filter = {
        ...(input.categoryId ? { categoryId: input.categoryId } : {}),
        ...(input.ticketId ? { ticketId: input.ticketId } : {}),
        ...(input.search ? { search: input.search } : {}),
        ...(input.registrationIds ? { explicitIds: true } : {}),
        includeNotAdmissible: input.includeNotAdmissible ?? false,
        registrationIds: ids,
      };
      const job = await repo.insertJob({ id: newId(), organisationId, eventId, templateId: input.templateId ?? null, filter, status: 'queued', total: ids.length, createdBy: caller.userId, createdAt: deps.now() });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'badge_job.create', target: job.id, meta: { eventId, total: ids.length } });
      kick();
      return toJob(job);
    },
    async getJob(caller: AuthUser, organisationId: string, eventId: string, jobId: string): Promise<TBadgeJob> {
      await deps.assertEvent(caller, organisationId, eventId);
      const job = await repo.findJob(organisationId, eventId, jobId);
      if (!job) throw badgeErrors.jobNotFound();
      // A job left queued (its kick was lost with a restart) starts when someone looks at it.
      if (job.status === 'queued') kick();
      return toJob(job, (await repo.jobParts([job.id])).get(job.id));
    },
    async listJobs(caller: AuthUser, organisationId: string, eventId: string): Promise<TBadgeJob[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      const jobs = await repo.listJobs(organisationId, eventId);
      const parts = await repo.jobParts(jobs.filter((j) => j.status === 'done').map((j) => j.id));
      return jobs.map((j) => toJob(j, parts.get(j.id)));
    },
    async jobPdf(caller: AuthUser, organisationId: string, eventId: string, jobId: string, part: number): Promise<{ pdf: Buffer; filename: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      const job = await repo.findJob(organisationId, eventId, jobId);
      if (!job) throw badgeErrors.jobNotFound();
      if (job.status !== 'done') throw badgeErrors.jobNotDone();
      const pdf = await repo.jobPart(organisationId, eventId, jobId, part);
      if (!pdf) throw badgeErrors.partNotFound();
      return { pdf, filename: job.parts > 1 ? `badges-${jobId}-part-${part}-of-${job.parts}.pdf` : `badges-${jobId}.pdf` };
    },

    // ------------------------------------------------------------ history and report
    async history(caller: AuthUser, organisationId: string, eventId: string, q: { page: number; pageSize: number; registrationId?: string }): Promise<TPage<TBadgePrintHistoryEntry>> {
      await deps.assertEvent(caller, organisationId, eventId);
      const { rows, total } = await repo.history(organisationId, eventId, q);
      return {
        items: rows.map((p) => ({
          id: p.id,
          registrationId: p.registrationId,
          registrationNo: p.registrationNo,
          name: p.name,
          templateId: p.templateId,
          templateName: p.templateName,
          jobId: p.jobId,
          isReprint: p.isReprint,
          hasOverrides: p.overrides !== null,
          printedBy: p.printedBy,
          printedAt: p.printedAt.toISOString(),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },
    async historyCsv(caller: AuthUser, organisationId: string, eventId: string): Promise<string> {
      await deps.assertEvent(caller, organisationId, eventId);
      const rows = await repo.allHistory(organisationId, eventId);
      return csvDocument([['Printed at', 'Registration number', 'Name', 'Template', 'Reprint', 'Bulk job'], ...rows.map((p) => [p.printedAt.toISOString(), p.registrationNo, p.name, p.templateName, p.isReprint ? 'yes' : 'no', p.jobId ?? ''])]);
    },
    async report(caller: AuthUser, organisationId: string, eventId: string): Promise<TBadgePrintReport> {
      await deps.assertEvent(caller, organisationId, eventId);
      const [counts, all, n] = await Promise.all([repo.reportCounts(organisationId, eventId), reg.listAttendees(eventId, { page: 1, pageSize: 1 }), names(eventId)]);
      const perCategory = new Map<string | null, number>();
      // Registrations per category: one count query per category keeps this bounded on big events.
      const cats = [...n.categories.values()];
      for (const c of cats) perCategory.set(c.id, (await reg.listAttendees(eventId, { categoryId: c.id, page: 1, pageSize: 1 })).total);
      const inCats = [...perCategory.values()].reduce((a, b) => a + b, 0);
      perCategory.set(null, all.total - inCats);
      const printedBy = new Map(counts.byCategory.map((b) => [b.categoryId, b.printed]));
      return {
        registrations: all.total,
        printedRegistrations: counts.byCategory.reduce((a, b) => a + b.printed, 0),
        prints: counts.prints,
        reprints: counts.reprints,
        byCategory: [...perCategory].map(([categoryId, registrations]) => ({
          categoryId,
          categoryName: categoryId ? (n.categories.get(categoryId)?.name ?? '') : 'No category',
          registrations,
          printed: printedBy.get(categoryId) ?? 0,
        })),
      };
    },
    async reportCsv(caller: AuthUser, organisationId: string, eventId: string): Promise<string> {
      const r = await this.report(caller, organisationId, eventId);
      return csvDocument([['Category', 'Registrations', 'Badges printed'], ...r.byCategory.map((b) => [b.categoryName, String(b.registrations), String(b.printed)]), ['Total', String(r.registrations), String(r.printedRegistrations)]]);
    },

    /** The Badge Print report tab (AP-732) for a SPEC §9 time range, in the event's time zone. */
    async printActivity(caller: AuthUser, organisationId: string, eventId: string, range: number): Promise<TBadgePrintActivity> {
      const { timeZone } = await deps.assertEvent(caller, organisationId, eventId);
      const { bounds: w, offsetMinutes, window } = reportWindow(range, deps.now(), timeZone);
      const a = await repo.printActivity(organisationId, eventId, { ...w, offsetMinutes });
      return {
        ...window,
        totals: a.totals,
        series: fillBuckets(a.series, w.from, w.to, w.bucket, { prints: 0, reprints: 0 }, offsetMinutes),
        byTemplate: a.byTemplate,
      };
    },

    // ------------------------------------------------------------ walk-in desk
    async walkIn(caller: AuthUser, organisationId: string, eventId: string, input: TBadgeWalkInRequest): Promise<TBadgeWalkInResponse> {
      await deps.assertEvent(caller, organisationId, eventId);
      return reg.createWalkIn(caller, organisationId, eventId, {
        firstName: input.firstName,
        lastName: input.lastName ?? '',
        email: input.email,
        ...(input.contactNo ? { contactNo: input.contactNo } : {}),
        ticketId: input.ticketId,
        ...(input.categoryId ? { categoryId: input.categoryId } : {}),
        isPaidAtDesk: input.isPaidAtDesk ?? false,
      });
    },
  };
}
export type BadgesService = ReturnType<typeof createBadgesService>;

