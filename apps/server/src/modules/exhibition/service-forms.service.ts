import type { TCompanyInvoice, TCompanyInvoiceList, TCompanyInvoiceQuery, TCompanyInvoiceTax, TCompanyInvoiceTaxInput, TInvoicePaymentStart, TMarkInvoicePaidInput, TMyInvoices, TPayInvoiceInput, TRefundCompanyInvoiceInput } from '@pavilion/domain';
import {
  EXHIBITION_FORMS,
  FORM_ATTACHMENTS,
  FORM_ATTACHMENT_EXTENSIONS,
  FORM_ATTACHMENT_MAX_BYTES,
  ServiceFormKey,
  UserType,
  allowedSubmissionActions,
  checkUploadedFile,
  defaultQuestions,
  escapeHtml,
  fileExtension,
  findExhibitionForm,
  isFormForStall,
  isPastDeadline,
  linesTotalCents,
  nextSubmissionStatus,
  zonedLocalToUtc,
  type TExhibitionFormCode,
  type TExhibitionFormDefinition,
  type TFieldError,
  type TFormSettings,
  type TMyForm,
  type TMyStand,
  type TServiceForm,
  type TServiceFormList,
  type TStallType,
  type TSubmission,
  type TSubmissionAction,
  type TSubmissionQuery,
  type TSubmissionStatus,
  type TFulfilmentBoard,
  type TProviderBoard,
  type TServiceProviderOptions,
  type TLoginLinkResponse,
} from '@pavilion/domain';
import type { z } from 'zod';
import type { ZSubmissionInput } from '@pavilion/domain/exhibition/service-forms';
import type { Audit } from '../../platform/audit.ts';
import type { AppEvents } from '../../platform/app-module.ts';
import type { EventOutbox } from '../../platform/event-outbox.ts';
import type { CompanyInvoices } from '../payments/index.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { sqlState } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { newId, newSecret } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail.ts';
import { exhibitionErrors } from './exhibition.errors.ts';
import type { BoothRow, CompanyRow, ExhibitionRepository } from './exhibition.repository.ts';
import type { FormSettingsRow, ServiceFormsRepository, SubmissionRow } from './service-forms.repository.ts';

type TSubmissionValues = z.output<typeof ZSubmissionInput>;
type Participant = { user: AuthUser | null; eventAccess: EventAccess | null };
type Side = 'company' | 'organiser';
type EventFacts = { name: string; timeZone: string; organisationId: string };

export type ServiceFormsDeps = {
  repo: ExhibitionRepository;
  forms: ServiceFormsRepository;
  audit: Audit;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  eventFacts: (eventId: string) => Promise<EventFacts | null>;
  /** Auth's accounts: find by email, make a participant account, the organisation an account belongs to (null for participants). */
  findUserByEmail: (email: string) => Promise<{ id: string; email: string; firstName: string } | null>;
  createParticipantUser: (input: { email: string; password: string; firstName: string; userType: number; role: string }) => Promise<{ id: string; email: string; firstName: string }>;
  organisationOfUser: (userId: string) => Promise<string | null>;
  addParticipant: (organisationId: string, eventId: string, userId: string, userType: number) => Promise<unknown>;
  /** Auth's one-time login link for a participant of the event (random, expiring, single use). */
  createLoginLink: (
    caller: AuthUser,
    organisationId: string,
    input: { kind: 'adl'; userId: string; eventId: string; ttlMinutes: number } | { kind: 'ebf'; userId: string; eventId: string; boothId: string; formId: string; ttlMinutes: number },
  ) => Promise<{ key: string; path: string; expiresAt: string }>;
  nameOf: (userId: string) => Promise<string>;
  /** Workspace's service providers (companies of kind serviceProvider): the organisation's, and the one a user belongs to. */
  serviceProviders: {
    list: (organisationId: string) => Promise<{ id: string; name: string }[]>;
    ofUser: (userId: string) => Promise<{ id: string; name: string; organisationId: string } | null>;
  };
  /** Where `service-order.approved` is written, in the approval's transaction, and delivered after the commit. */
  outbox: Pick<EventOutbox<AppEvents>, 'write' | 'deliver'>;
  /** Payments' company invoices (its port): what exhibition shows of them, pays online, marks paid, taxes and refunds. */
  invoices: Pick<CompanyInvoices, 'list' | 'onlineProviders' | 'startPayment' | 'markPaidOffline' | 'pdf' | 'tax' | 'setTax' | 'refund' | 'creditNotePdf'>;
};

/** How long an admin invitation's link works. */
export const ADMIN_INVITATION_TTL_MINUTES = 60 * 24 * 3;
/** How long an onsite form link (`ebf/lgn`) works: the day at the stand it is made for. */
export const BOOTH_FORM_LINK_TTL_MINUTES = 60 * 12;

const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };
const amount = (cents: number) => cents / 100;

/** `providers`: the organisation's service providers by id (the organiser's views name the form's provider; the company's do not). */
function formView(def: TExhibitionFormDefinition, row: FormSettingsRow | null, now: Date, providers?: ReadonlyMap<string, string>): TServiceForm {
  const providerId = row?.serviceProviderId ?? null;
  const deadlineUtc = row?.deadlineAt ? row.deadlineAt.toISOString() : null;
  return {
    formNo: def.formNo,
    formCode: def.formCode,
    shortName: def.shortName,
    formName: def.formName,
    formDescription: def.formDescription,
    stallType: def.stallType ?? null,
    attachment: FORM_ATTACHMENTS[def.formCode] ?? null,
    isActive: row?.isActive ?? false,
    deadline: row?.deadlineLocal ?? null,
    deadlineUtc,
    isPastDeadline: isPastDeadline(deadlineUtc, now),
    instructions: row?.instructions ?? '',
    particulars: row?.particulars ?? [],
    questions: row ? row.questions : defaultQuestions(def.formCode),
    needsApproval: row?.needsApproval ?? true,
    emailNotifications: row?.emailNotifications ?? def.emailNotificationBtn,
    registerButton: row?.registerButton ?? def.isRegOpenBtn,
    allowAsService: row?.allowAsService ?? def.allowAsServiceBtn,
    isSurveyForm: row?.isSurveyForm ?? def.isSurveyForm,
    showOnlyDocuments: row?.showOnlyDocuments ?? def.showOnlyDocTab,
    serviceProvider: providerId && providers?.has(providerId) ? { id: providerId, name: providers.get(providerId)! } : null,
  };
}

/** A form's settings as a new row takes them: the catalogue's defaults. */
function defaultSettings(def: TExhibitionFormDefinition) {
  return {
    isActive: false,
    instructions: '',
    particulars: [],
    questions: defaultQuestions(def.formCode),
    needsApproval: true,
    emailNotifications: def.emailNotificationBtn,
    registerButton: def.isRegOpenBtn,
    allowAsService: def.allowAsServiceBtn,
    isSurveyForm: def.isSurveyForm,
    showOnlyDocuments: def.showOnlyDocTab,
  };
}

export function createServiceFormsService(deps: ServiceFormsDeps) {
  const { repo, forms } = deps;
  const scopeOf = (organisationId: string, eventId: string) => ({ organisationId, eventId });
  const providersOf = async (organisationId: string) => new Map((await deps.serviceProviders.list(organisationId)).map((p) => [p.id, p.name]));

  async function facts(eventId: string): Promise<EventFacts> {
    const f = await deps.eventFacts(eventId);
    if (!f) throw errors.notFound('Event');
    return f;
  }
  const defOf = (code: string) => {
    const def = findExhibitionForm(code);
    if (!def) throw errors.notFound('Form');
    return def;
  };

  async function submissionView(row: SubmissionRow, side: Side, withHistory: boolean, known?: { company?: CompanyRow; booth?: BoothRow }): Promise<TSubmission> {
    const [company, booth, files, history] = await Promise.all([
      known?.company ?? repo.company(row.eventId, row.companyId),
      known?.booth ?? repo.booth(scopeOf(row.organisationId, row.eventId), row.boothId),
      forms.fileInfo([row.id]),
      withHistory ? forms.history(row.id) : Promise.resolve([]),
    ]);
    const status = row.status as TSubmissionStatus;
    return {
      id: row.id,
      formCode: row.formCode as TExhibitionFormCode,
      formName: findExhibitionForm(row.formCode)?.formName ?? row.formCode,
      company: { id: row.companyId, name: company?.name ?? '' },
      booth: { id: row.boothId, hall: booth?.hall ?? '', number: booth?.number ?? '', stallType: (booth?.stallType ?? 'shell') as TStallType },
      status,
      lines: row.lines,
      answers: row.answers,
      total: amount(row.totalCents),
      currency: row.currency,
      attachment: files.get(row.id) ?? null,
      rejectionReason: row.rejectionReason,
      version: row.version,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      allowedActions: allowedSubmissionActions(status, side),
      history: history.map((h) => ({
        at: h.at.toISOString(),
        action: h.action as TSubmissionAction,
        fromStatus: (h.fromStatus as TSubmissionStatus | null) ?? null,
        toStatus: h.toStatus as TSubmissionStatus,
        actorName: h.actorName,
        side: h.side as Side,
        note: h.note,
      })),
    };
  }

  /** Lists many submissions with a few queries (names of companies and booths, attachment facts). */
  async function submissionViews(eventId: string, organisationId: string, rows: SubmissionRow[]): Promise<Omit<TSubmission, 'history'>[]> {
    const [names, booths, files] = await Promise.all([
      repo.companyNames(eventId, [...new Set(rows.map((r) => r.companyId))]),
      repo.booths(eventId),
      forms.fileInfo(rows.map((r) => r.id)),
    ]);
    const boothOf = new Map(booths.filter((b) => b.organisationId === organisationId).map((b) => [b.id, b]));
    return rows.map((row) => {
      const booth = boothOf.get(row.boothId);
      const status = row.status as TSubmissionStatus;
      return {
        id: row.id,
        formCode: row.formCode as TExhibitionFormCode,
        formName: findExhibitionForm(row.formCode)?.formName ?? row.formCode,
        company: { id: row.companyId, name: names.get(row.companyId) ?? '' },
        booth: { id: row.boothId, hall: booth?.hall ?? '', number: booth?.number ?? '', stallType: (booth?.stallType ?? 'shell') as TStallType },
        status,
        lines: row.lines,
        answers: row.answers,
        total: amount(row.totalCents),
        currency: row.currency,
        attachment: files.get(row.id) ?? null,
        rejectionReason: row.rejectionReason,
        version: row.version,
        submittedAt: row.submittedAt?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
        allowedActions: allowedSubmissionActions(status, 'organiser'),
      };
    });
  }

  /** The signed-in participant's company at this event, as its admin; 403 otherwise. */
  async function adminCompany(caller: Participant, eventId: string): Promise<{ company: CompanyRow; userId: string; email: string }> {
    if (!caller.user || !caller.eventAccess || caller.eventAccess.eventId !== eventId) throw exhibitionErrors.notCompanyAdmin();
    const admin = await forms.adminByUser(eventId, caller.user.userId);
    if (!admin) throw exhibitionErrors.notCompanyAdmin();
    const company = await repo.company(eventId, admin.companyId);
    if (!company) throw exhibitionErrors.notCompanyAdmin();
    return { company, userId: caller.user.userId, email: admin.email };
  }

  /** One of the company's booths (another company's, or an unknown one, is 404). */
  async function ownBooth(company: CompanyRow, boothId: string): Promise<BoothRow> {
    const booth = await repo.booth(scopeOf(company.organisationId, company.eventId), boothId);
    if (!booth || booth.companyId !== company.id) throw exhibitionErrors.boothNotFound();
    return booth;
  }

  /** The form must be on for the event and fit the booth's stall type. */
  function assertOffered(def: TExhibitionFormDefinition, setting: FormSettingsRow | null, booth: BoothRow): void {
    if (!setting?.isActive) throw exhibitionErrors.formNotActive(def.formName);
    if (!isFormForStall(def, booth.stallType)) throw exhibitionErrors.formStallType(def.formName, def.stallType ?? '', booth.number, booth.stallType);
  }

  /** Mail to the company when the organiser approves or rejects, if the form's email notifications are on. */
  async function notifyCompany(row: SubmissionRow, to: TSubmissionStatus): Promise<void> {
    if (to !== 'approved' && to !== 'rejected') return;
    const setting = await forms.setting(row.eventId, row.formCode);
    if (!(setting?.emailNotifications ?? true)) return;
    const [admin, company, booth, event] = await Promise.all([
      forms.adminOfCompany(row.eventId, row.companyId),
      repo.company(row.eventId, row.companyId),
      repo.booth(scopeOf(row.organisationId, row.eventId), row.boothId),
      deps.eventFacts(row.eventId),
    ]);
    const email = admin?.email ?? company?.contactEmail;
    if (!email || !company || !event) return;
    const formName = findExhibitionForm(row.formCode)?.formName ?? row.formCode;
    const stand = booth ? `booth ${booth.number} (${booth.hall})` : 'your booth';
    const url = `${deps.publicUrl}/attendium/stand?eventId=${encodeURIComponent(row.eventId)}`;
    const verdict = to === 'approved' ? 'approved' : 'rejected';
    const reason = to === 'rejected' ? `\n\nReason: ${row.rejectionReason}` : '';
    await deps.mailer.send({
      to: email,
      organisationId: row.organisationId,
      eventId: row.eventId,
      subject: `${formName} for ${stand}: ${verdict}`,
      text: `Hello ${company.name},\n\nYour ${formName} form for ${stand} at ${event.name} was ${verdict}.${reason}\n\nSee it in your stand area: ${url}`,
      html: `<p>Hello ${escapeHtml(company.name)},</p><p>Your <strong>${escapeHtml(formName)}</strong> form for ${escapeHtml(stand)} at ${escapeHtml(event.name)} was <strong>${verdict}</strong>.</p>${
        to === 'rejected' ? `<p>Reason: ${escapeHtml(row.rejectionReason)}</p>` : ''
      }<p><a href="${escapeHtml(url)}">Open your stand area</a></p>`,
    });
  }

  /** A service provider's user, its company, and the codes of the event's forms given to it (the event must be its organiser's). */
  async function providerScope(caller: AuthUser, eventId: string) {
    const provider = await deps.serviceProviders.ofUser(caller.userId);
    if (!provider) throw exhibitionErrors.notServiceProvider();
    const event = await deps.eventFacts(eventId);
    if (!event || event.organisationId !== provider.organisationId) throw errors.notFound('Event');
    const codes = new Set((await forms.settings(eventId)).filter((s) => s.serviceProviderId === provider.id).map((s) => s.formCode));
    return { provider, event, codes };
  }

  /**
   * In the transaction that approves a priced submission: its lines, priced by the server in minor units, go to
   * payments as the durable `service-order.approved` (payments puts them on the company's open invoice). Answers the
   * fact's payload (the caller adds the submission id), or null when there is nothing to bill (a free or survey form).
   */
  async function billingFact(row: Pick<SubmissionRow, 'organisationId' | 'eventId' | 'companyId' | 'boothId' | 'formCode' | 'currency' | 'totalCents' | 'lines'>): Promise<Omit<AppEvents['service-order.approved'], 'submissionId'> | null> {
    if (row.totalCents <= 0) return null;
    const [company, admin, booth] = await Promise.all([repo.company(row.eventId, row.companyId), forms.adminOfCompany(row.eventId, row.companyId), repo.booth(scopeOf(row.organisationId, row.eventId), row.boothId)]);
    const formName = findExhibitionForm(row.formCode)?.formName ?? row.formCode;
    const where = booth ? ` (booth ${booth.number}, ${booth.hall})` : '';
    return {
      organisationId: row.organisationId,
      eventId: row.eventId,
      companyId: row.companyId,
      companyName: company?.name ?? '',
      billingEmail: admin?.email ?? company?.contactEmail ?? '',
      currency: row.currency,
      lines: row.lines
        .filter((l) => l.quantity > 0)
        .map((l) => {
          const unitPrice = Math.round(l.rate * 100);
          return { description: `${formName}${where}: ${l.name}${l.unit ? ` (${l.unit})` : ''}`, quantity: l.quantity, unitPrice, total: unitPrice * l.quantity };
        }),
    };
  }

  /** An organiser's move of a submission (approve, reject with a reason, fulfil): the rule, then a conditional update. */
  async function review(caller: AuthUser, organisationId: string, eventId: string, submissionId: string, action: 'approve' | 'reject' | 'fulfil', reason = ''): Promise<TSubmission> {
    await deps.assertEvent(caller, organisationId, eventId);
    const row = await forms.submission(scopeOf(organisationId, eventId), submissionId);
    if (!row) throw exhibitionErrors.submissionNotFound();
    return move(caller, row, action, reason);
  }
  /** The move itself, once the caller's right to it was checked (an organiser's review, or a service provider's fulfil). */
  async function move(caller: AuthUser, row: SubmissionRow, action: 'approve' | 'reject' | 'fulfil', reason: string): Promise<TSubmission> {
    const { organisationId, eventId } = row;
    const submissionId = row.id;
    const from = row.status as TSubmissionStatus;
    const to = nextSubmissionStatus(from, action);
    if (!to) throw exhibitionErrors.submissionStatus(action, from, allowedSubmissionActions(from, 'organiser'));
    const actorName = await deps.nameOf(caller.userId);
    // A rejected submission is never billed; an approved priced one is, once (its approval happens once).
    const bill = to === 'approved' ? await billingFact(row) : null;
    const outboxIds: string[] = [];
    const saved = await forms.transaction(async (tx) => {
      const updated = await forms.updateSubmission(tx, row.id, { version: row.version, status: from }, { status: to, ...(action === 'reject' ? { rejectionReason: reason } : {}) });
      if (!updated) return null;
      await forms.addHistory(tx, { id: newId(), submissionId: row.id, action, fromStatus: from, toStatus: to, side: 'organiser', actorUserId: caller.userId, actorName, note: reason, at: deps.now() });
      if (bill) outboxIds.push(await deps.outbox.write(tx, 'service-order.approved', { ...bill, submissionId: row.id }));
      return updated;
    });
    for (const f of outboxIds) await deps.outbox.deliver(f);
    // Changed meanwhile (a save by the company, another reviewer): say what is allowed now.
    if (!saved) {
      const now = await forms.submission(scopeOf(organisationId, eventId), submissionId);
      const status = (now?.status ?? from) as TSubmissionStatus;
      throw exhibitionErrors.submissionStatus(action, status, allowedSubmissionActions(status, 'organiser'));
    }
    await deps.audit.record({ organisationId, actorUserId: caller.userId, action: `exhibition.submission_${to}`, target: row.id, meta: { eventId, formCode: row.formCode } });
    await notifyCompany(saved, to);
    return submissionView(saved, 'organiser', true);
  }

  return {
    async forms(caller: AuthUser, organisationId: string, eventId: string): Promise<TServiceFormList> {
      await deps.assertEvent(caller, organisationId, eventId);
      const [event, rows, providers] = await Promise.all([facts(eventId), forms.settings(eventId), providersOf(organisationId)]);
      const byCode = new Map(rows.map((r) => [r.formCode, r]));
      const now = deps.now();
      return { timeZone: event.timeZone, forms: EXHIBITION_FORMS.map((def) => formView(def, byCode.get(def.formCode) ?? null, now, providers)) };
    },

    async saveForm(caller: AuthUser, organisationId: string, eventId: string, formCode: TExhibitionFormCode, input: TFormSettings): Promise<TServiceForm> {
      await deps.assertEvent(caller, organisationId, eventId);
      const def = defOf(formCode);
      const [event, providers] = await Promise.all([facts(eventId), providersOf(organisationId)]);
      if (input.serviceProviderId && !providers.has(input.serviceProviderId)) throw errors.validation([{ field: 'serviceProviderId', key: ServiceFormKey.UnknownServiceProvider }]);
      const values = {
        deadlineLocal: input.deadline,
        deadlineAt: input.deadline ? zonedLocalToUtc(input.deadline, event.timeZone) : null,
        instructions: input.instructions,
        particulars: input.particulars,
        questions: input.questions,
        needsApproval: input.needsApproval,
        emailNotifications: input.emailNotifications,
        registerButton: input.registerButton,
        allowAsService: input.allowAsService,
        isSurveyForm: input.isSurveyForm,
        showOnlyDocuments: input.showOnlyDocuments,
        serviceProviderId: input.serviceProviderId,
        updatedBy: caller.userId,
      };
      const row = await forms.upsertSetting(scopeOf(organisationId, eventId), formCode, newId(), { ...defaultSettings(def), ...values }, values);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.form_saved', target: eventId, meta: { formCode } });
      return formView(def, row, deps.now(), providers);
    },

    async activateForm(caller: AuthUser, organisationId: string, eventId: string, formCode: TExhibitionFormCode, isActive: boolean): Promise<TServiceForm> {
      await deps.assertEvent(caller, organisationId, eventId);
      const def = defOf(formCode);
      const row = await forms.upsertSetting(scopeOf(organisationId, eventId), formCode, newId(), { ...defaultSettings(def), isActive, updatedBy: caller.userId }, { isActive, updatedBy: caller.userId });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: isActive ? 'exhibition.form_activated' : 'exhibition.form_deactivated', target: eventId, meta: { formCode } });
      return formView(def, row, deps.now(), await providersOf(organisationId));
    },

    /**
     * The company's admin: the account with this email (made as SPEC §3.1 user type 2 when there is none; a team
     * account is refused), a participant of the event, recorded as the company's admin, and mailed a one-time link.
     */
    async inviteAdmin(caller: AuthUser, organisationId: string, eventId: string, companyId: string, input: { email: string; firstName: string }): Promise<{ email: string; expiresAt: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      const company = await repo.company(eventId, companyId, organisationId);
      if (!company) throw exhibitionErrors.companyNotFound();
      const event = await facts(eventId);
      let user = await deps.findUserByEmail(input.email);
      if (user && (await deps.organisationOfUser(user.id)) !== null) throw exhibitionErrors.adminTeamAccount();
      if (user) {
        const already = await forms.adminByUser(eventId, user.id);
        if (already && already.companyId !== companyId) throw exhibitionErrors.adminTaken((await repo.company(eventId, already.companyId))?.name ?? 'another company');
      } else {
        // An unguessable password: only the link (or a password reset) opens the account.
        user = await deps.createParticipantUser({ email: input.email, password: newSecret(), firstName: input.firstName, userType: UserType.ExhibitingCompany, role: 'Exhibiting Company' });
      }
      await deps.addParticipant(organisationId, eventId, user.id, UserType.ExhibitingCompany);
      try {
        await forms.setAdmin({ id: newId(), eventId, organisationId, companyId, userId: user.id, email: user.email, invitedBy: caller.userId });
      } catch (err) {
        if (sqlState(err) === '23505') throw exhibitionErrors.adminTaken('another company');
        throw err;
      }
      const link = await deps.createLoginLink(caller, organisationId, { kind: 'adl', userId: user.id, eventId, ttlMinutes: ADMIN_INVITATION_TTL_MINUTES });
      const url = `${deps.publicUrl}${link.path}`;
      const until = new Date(link.expiresAt).toUTCString();
      await deps.mailer.send({
        to: user.email,
        organisationId,
        eventId,
        subject: `${company.name}: your exhibitor area for ${event.name}`,
        text: `Hello ${input.firstName},\n\nYou are the admin of ${company.name} at ${event.name}. Open this link to sign in to your stand area, where you fill in the exhibition's service forms for your booths. It works once, until ${until}:\n${url}\n\nIf you did not expect this message, ignore it.`,
        html: `<p>Hello ${escapeHtml(input.firstName)},</p><p>You are the admin of <strong>${escapeHtml(company.name)}</strong> at ${escapeHtml(event.name)}. Open this link to sign in to your stand area, where you fill in the exhibition's service forms for your booths. It works once, until ${escapeHtml(until)}:</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>If you did not expect this message, ignore it.</p>`,
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.admin_invited', target: companyId, meta: { eventId, userId: user.id } });
      return { email: user.email, expiresAt: link.expiresAt };
    },

    async submissions(caller: AuthUser, organisationId: string, eventId: string, q: TSubmissionQuery) {
      await deps.assertEvent(caller, organisationId, eventId);
      const rows = await forms.submissions(scopeOf(organisationId, eventId), { ...q, ...(q.status ? {} : { statuses: ['submitted', 'approved', 'rejected', 'fulfilled'] }) });
      return { items: await submissionViews(eventId, organisationId, rows) };
    },

    async submission(caller: AuthUser, organisationId: string, eventId: string, submissionId: string): Promise<TSubmission> {
      await deps.assertEvent(caller, organisationId, eventId);
      const row = await forms.submission(scopeOf(organisationId, eventId), submissionId);
      if (!row) throw exhibitionErrors.submissionNotFound();
      return submissionView(row, 'organiser', true);
    },

    approve: (caller: AuthUser, organisationId: string, eventId: string, id: string) => review(caller, organisationId, eventId, id, 'approve'),
    reject: (caller: AuthUser, organisationId: string, eventId: string, id: string, reason: string) => review(caller, organisationId, eventId, id, 'reject', reason),
    fulfil: (caller: AuthUser, organisationId: string, eventId: string, id: string) => review(caller, organisationId, eventId, id, 'fulfil'),

    async attachment(caller: AuthUser, organisationId: string, eventId: string, submissionId: string) {
      await deps.assertEvent(caller, organisationId, eventId);
      const row = await forms.submission(scopeOf(organisationId, eventId), submissionId);
      if (!row) throw exhibitionErrors.submissionNotFound();
      const file = await forms.file(row.id);
      if (!file) throw exhibitionErrors.attachmentNotFound();
      return file;
    },

    /** Approved and fulfilled work, soonest deadline first, then by hall and stall. */
    async fulfilment(caller: AuthUser, organisationId: string, eventId: string): Promise<TFulfilmentBoard> {
      await deps.assertEvent(caller, organisationId, eventId);
      const [event, rows, settings] = await Promise.all([facts(eventId), forms.submissions(scopeOf(organisationId, eventId), { statuses: ['approved', 'fulfilled'] }), forms.settings(eventId)]);
      const deadlineOf = new Map(settings.map((s) => [s.formCode, s.deadlineLocal]));
      const items = (await submissionViews(eventId, organisationId, rows)).map((s) => ({ ...s, deadline: deadlineOf.get(s.formCode) ?? null }));
      items.sort(
        (a, b) =>
          Number(a.status === 'fulfilled') - Number(b.status === 'fulfilled') ||
          (a.deadline ?? '9999').localeCompare(b.deadline ?? '9999') ||
          a.booth.hall.localeCompare(b.booth.hall) ||
          a.booth.number.localeCompare(b.booth.number, undefined, { numeric: true }),
      );
      return { timeZone: event.timeZone, items };
    },

    /** The service providers the organiser may give a form to (the organisation's workspace companies of kind serviceProvider). */
    async serviceProviderOptions(caller: AuthUser, organisationId: string, eventId: string): Promise<TServiceProviderOptions> {
      await deps.assertEvent(caller, organisationId, eventId);
      return { items: await deps.serviceProviders.list(organisationId) };
    },

    /**
     * A service provider's own board (SPEC §3.1 user type 1, and its service persons): the approved and fulfilled work
     * of the forms the organiser gave it, in an event of that organiser. Anyone else: 403; another organiser's event 404.
     */
    async providerBoard(caller: AuthUser, eventId: string): Promise<TProviderBoard> {
      const { provider, event, codes } = await providerScope(caller, eventId);
      const [rows, settings] = await Promise.all([forms.submissions(scopeOf(event.organisationId, eventId), { statuses: ['approved', 'fulfilled'] }), forms.settings(eventId)]);
      const deadlineOf = new Map(settings.map((s) => [s.formCode, s.deadlineLocal]));
      const mine = rows.filter((r) => codes.has(r.formCode));
      const items = (await submissionViews(eventId, event.organisationId, mine)).map((s) => ({ ...s, deadline: deadlineOf.get(s.formCode) ?? null }));
      items.sort(
        (a, b) =>
          Number(a.status === 'fulfilled') - Number(b.status === 'fulfilled') ||
          (a.deadline ?? '9999').localeCompare(b.deadline ?? '9999') ||
          a.booth.hall.localeCompare(b.booth.hall) ||
          a.booth.number.localeCompare(b.booth.number, undefined, { numeric: true }),
      );
      return {
        timeZone: event.timeZone,
        eventName: event.name,
        provider: { id: provider.id, name: provider.name },
        forms: [...codes].map((code) => ({ formCode: code as TExhibitionFormCode, formName: findExhibitionForm(code)?.formName ?? code })),
        items,
      };
    },

    /** The provider ticks off delivered work: approved → fulfilled, only on a form the organiser gave it. */
    async providerFulfil(caller: AuthUser, eventId: string, submissionId: string): Promise<TSubmission> {
      const { event, codes } = await providerScope(caller, eventId);
      const row = await forms.submission(scopeOf(event.organisationId, eventId), submissionId);
      if (!row || !codes.has(row.formCode)) throw exhibitionErrors.submissionNotFound();
      return move(caller, row, 'fulfil', '');
    },

    /**
     * SPEC §2.1 `ebf/lgn/{autoLoginKey}/{formId}/{boothId}/{eventId}`: the organiser's onsite desk makes a one-time
     * link that signs the booth's company admin in and opens that form for that booth (the form must be on and fit
     * the stall; the company must have an admin, invited first).
     */
    async boothFormLink(caller: AuthUser, organisationId: string, eventId: string, boothId: string, formCode: TExhibitionFormCode): Promise<TLoginLinkResponse> {
      await deps.assertEvent(caller, organisationId, eventId);
      const booth = await repo.booth(scopeOf(organisationId, eventId), boothId);
      if (!booth) throw exhibitionErrors.boothNotFound();
      const def = defOf(formCode);
      assertOffered(def, await forms.setting(eventId, formCode), booth);
      const company = booth.companyId ? await repo.company(eventId, booth.companyId, organisationId) : null;
      if (!company) throw exhibitionErrors.boothWithoutCompany(booth.number);
      const admin = await forms.adminOfCompany(eventId, company.id);
      if (!admin) throw exhibitionErrors.noCompanyAdmin(company.name);
      const link = await deps.createLoginLink(caller, organisationId, { kind: 'ebf', userId: admin.userId, eventId, boothId, formId: formCode, ttlMinutes: BOOTH_FORM_LINK_TTL_MINUTES });
      return { ...link, url: `${deps.publicUrl}${link.path}`, email: admin.email };
    },

    async myStand(caller: Participant, eventId: string): Promise<TMyStand> {
      const { company } = await adminCompany(caller, eventId);
      const [event, booths, settings, submissions] = await Promise.all([facts(eventId), repo.booths(eventId, [company.id]), forms.settings(eventId), forms.companySubmissions(eventId, company.id)]);
      const now = deps.now();
      const active = settings.filter((s) => s.isActive);
      return {
        eventId,
        timeZone: event.timeZone,
        company: { id: company.id, name: company.name },
        booths: booths.map((b) => ({
          id: b.id,
          hall: b.hall,
          number: b.number,
          stallType: b.stallType,
          sizeSqm: b.sizeSqm,
          forms: EXHIBITION_FORMS.flatMap((def) => {
            const s = active.find((x) => x.formCode === def.formCode);
            if (!s || !isFormForStall(def, b.stallType)) return [];
            const sub = submissions.find((x) => x.boothId === b.id && x.formCode === def.formCode);
            return [
              {
                formCode: def.formCode,
                formName: def.formName,
                deadline: s.deadlineLocal,
                isPastDeadline: isPastDeadline(s.deadlineAt?.toISOString() ?? null, now),
                submission: sub ? { id: sub.id, status: sub.status as TSubmissionStatus, total: amount(sub.totalCents), currency: sub.currency } : null,
              },
            ];
          }),
        })),
      };
    },

    async myForm(caller: Participant, eventId: string, boothId: string, formCode: TExhibitionFormCode): Promise<TMyForm> {
      const { company } = await adminCompany(caller, eventId);
      const booth = await ownBooth(company, boothId);
      const def = defOf(formCode);
      const setting = await forms.setting(eventId, formCode);
      assertOffered(def, setting, booth);
      const [row, event] = await Promise.all([forms.boothSubmission(eventId, booth.id, formCode), facts(eventId)]);
      return {
        timeZone: event.timeZone,
        form: formView(def, setting, deps.now()),
        booth: { id: booth.id, hall: booth.hall, number: booth.number, stallType: booth.stallType },
        submission: row && row.companyId === company.id ? await submissionView(row, 'company', true, { company, booth }) : null,
      };
    },

    /**
     * The company saves its form for a booth, and submits it when asked: only a form that is on and fits the stall,
     * before its deadline; quantities of the form's own particulars (priced here, never from the request), answers to
     * its questions, its attachment checked by type, magic bytes and size; the version it read must still be current.
     */
    async saveMyForm(caller: Participant, eventId: string, boothId: string, formCode: TExhibitionFormCode, input: TSubmissionValues): Promise<TSubmission> {
      const { company, userId, email } = await adminCompany(caller, eventId);
      const booth = await ownBooth(company, boothId);
      const def = defOf(formCode);
      const setting = await forms.setting(eventId, formCode);
      assertOffered(def, setting, booth);
      const form = formView(def, setting, deps.now());
      if (form.isPastDeadline) throw exhibitionErrors.deadlinePassed(def.formName, form.deadline ?? '', (await facts(eventId)).timeZone);
      const existing = await forms.boothSubmission(eventId, booth.id, formCode);
      if (existing && existing.companyId !== company.id) throw exhibitionErrors.boothNotFound();
      const from: TSubmissionStatus = (existing?.status as TSubmissionStatus | undefined) ?? 'draft';
      const action: TSubmissionAction = input.submit ? 'submit' : 'save';
      const to = nextSubmissionStatus(from, action, { needsApproval: form.needsApproval });
      if (!to) throw exhibitionErrors.submissionStatus(action, from, allowedSubmissionActions(from, 'company'));
      if ((existing?.version ?? 0) !== input.version) throw exhibitionErrors.submissionStale();

      const problems: TFieldError[] = [];
      // Lines: the form's own particulars by name, each once; priced from the settings.
      const seen = new Set<string>();
      const lines = input.lines.flatMap((l, i) => {
        const key = l.name.toLowerCase();
        const p = form.particulars.find((x) => x.name.toLowerCase() === key);
        if (!p) problems.push({ field: `lines.${i}.name`, key: ServiceFormKey.UnknownParticular });
        else if (seen.has(key)) problems.push({ field: `lines.${i}.name`, key: ServiceFormKey.DuplicateLine });
        seen.add(key);
        if (!p || l.quantity === 0) return [];
        return [{ name: p.name, unit: p.unit, rate: p.rate, currency: p.currency, quantity: l.quantity, amount: amount(linesTotalCents([{ rate: p.rate, quantity: l.quantity }])) }];
      });
      // Answers: one per question, in order.
      if (input.answers.length > form.questions.length) problems.push({ field: 'answers', key: ServiceFormKey.TooManyAnswers });
      const answers = form.questions.map((q, i) => ({ label: q.label, value: input.answers[i] ?? '' }));
      // The attachment: only where the form asks; PDF or image, its bytes that type, within the size.
      const asked = FORM_ATTACHMENTS[formCode];
      let file: { fileName: string; contentType: string; bytes: Buffer } | null = null;
      if (input.attachment) {
        if (!asked) problems.push({ field: 'attachment', key: ServiceFormKey.AttachmentNotAsked });
        else {
          const bytes = Buffer.from(input.attachment.dataBase64, 'base64');
          const ext = fileExtension(input.attachment.fileName);
          if (!(FORM_ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) problems.push({ field: 'attachment.fileName', key: 'fileTypeNotAllowed' });
          else if (bytes.length > FORM_ATTACHMENT_MAX_BYTES) problems.push({ field: 'attachment.dataBase64', key: ServiceFormKey.FileTooLarge });
          else {
            const problem = checkUploadedFile(input.attachment.fileName, bytes, 'upload');
            if (problem) problems.push({ field: problem === 'fileTypeNotAllowed' ? 'attachment.fileName' : 'attachment.dataBase64', key: problem });
            else file = { fileName: input.attachment.fileName, contentType: CONTENT_TYPES[ext]!, bytes };
          }
        }
      }
      if (action === 'submit') {
        form.questions.forEach((q, i) => {
          if (q.isRequired && !answers[i]!.value) problems.push({ field: `answers.${i}`, key: ServiceFormKey.AnswerRequired });
        });
        if (form.particulars.length > 0 && !form.isSurveyForm && lines.length === 0) problems.push({ field: 'lines', key: ServiceFormKey.NothingOrdered });
        const hasFile = file !== null || (existing ? (await forms.fileInfo([existing.id])).has(existing.id) : false);
        if (asked?.isRequired && !hasFile) problems.push({ field: 'attachment', key: ServiceFormKey.AttachmentRequired });
      }
      if (problems.length > 0) throw errors.validation(problems);

      const totalCents = linesTotalCents(lines);
      const currency = lines[0]?.currency ?? form.particulars[0]?.currency ?? '';
      const at = deps.now();
      const actorName = (await deps.nameOf(userId)) || email;
      const note = action === 'submit' && to === 'approved' ? 'Approved on submission: this form needs no approval' : '';
      const values = { status: to, lines, answers, totalCents, currency, ...(action === 'submit' ? { submittedAt: at } : {}), ...(to === 'draft' || to === 'submitted' ? { rejectionReason: '' } : {}) };
      // A form that needs no approval is approved as it is submitted: billed now, as an organiser's approval is.
      const bill = to === 'approved' ? await billingFact({ organisationId: company.organisationId, eventId, companyId: company.id, boothId: booth.id, formCode, currency, totalCents, lines }) : null;
      let saved: SubmissionRow | null;
      const outboxIds: string[] = [];
      try {
        saved = await forms.transaction(async (tx) => {
          const row = existing
            ? await forms.updateSubmission(tx, existing.id, { version: existing.version, status: from }, values)
            : await forms.insertSubmission(tx, { id: newId(), eventId, organisationId: company.organisationId, companyId: company.id, boothId: booth.id, formCode, version: 1, ...values });
          if (!row) return null;
          await forms.addHistory(tx, { id: newId(), submissionId: row.id, action, fromStatus: existing ? from : null, toStatus: to, side: 'company', actorUserId: userId, actorName, note, at });
          if (file) await forms.putFile(tx, { submissionId: row.id, fileName: file.fileName, contentType: file.contentType, byteSize: file.bytes.length, bytes: file.bytes });
          if (bill) outboxIds.push(await deps.outbox.write(tx, 'service-order.approved', { ...bill, submissionId: row.id }));
          return row;
        });
      } catch (err) {
        // Two first saves of the same booth's form at once: the unique index lets one in.
        if (sqlState(err) === '23505') throw exhibitionErrors.submissionStale();
        throw err;
      }
      if (!saved) throw exhibitionErrors.submissionStale();
      for (const f of outboxIds) await deps.outbox.deliver(f);
      await deps.audit.record({ organisationId: company.organisationId, actorUserId: userId, action: `exhibition.submission_${action}`, target: saved.id, meta: { eventId, formCode, status: to } });
      if (to === 'approved') await notifyCompany(saved, to);
      return submissionView(saved, 'company', true, { company, booth });
    },

    async myAttachment(caller: Participant, eventId: string, submissionId: string) {
      const { company } = await adminCompany(caller, eventId);
      const row = await forms.submission(scopeOf(company.organisationId, eventId), submissionId);
      if (!row || row.companyId !== company.id) throw exhibitionErrors.submissionNotFound();
      const file = await forms.file(row.id);
      if (!file) throw exhibitionErrors.attachmentNotFound();
      return file;
    },

    // Company invoices: payments' (its port); exhibition decides who may see and pay which.

    async companyInvoices(caller: AuthUser, organisationId: string, eventId: string, q: TCompanyInvoiceQuery): Promise<TCompanyInvoiceList> {
      await deps.assertEvent(caller, organisationId, eventId);
      return { items: await deps.invoices.list(organisationId, eventId, q) };
    },
    async companyInvoicePdf(caller: AuthUser, organisationId: string, eventId: string, invoiceId: string) {
      await deps.assertEvent(caller, organisationId, eventId);
      return deps.invoices.pdf(organisationId, eventId, invoiceId);
    },
    async markInvoicePaid(caller: AuthUser, organisationId: string, eventId: string, invoiceId: string, input: TMarkInvoicePaidInput): Promise<TCompanyInvoice> {
      await deps.assertEvent(caller, organisationId, eventId);
      const name = (await deps.nameOf(caller.userId)) || caller.userId;
      const invoice = await deps.invoices.markPaidOffline(organisationId, eventId, invoiceId, input, { userId: caller.userId, name });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.invoice_paid_offline', target: invoiceId, meta: { eventId, method: input.method, reference: input.reference } });
      return invoice;
    },
    async companyInvoiceTax(caller: AuthUser, organisationId: string, eventId: string): Promise<TCompanyInvoiceTax> {
      await deps.assertEvent(caller, organisationId, eventId);
      return deps.invoices.tax(eventId);
    },
    async saveCompanyInvoiceTax(caller: AuthUser, organisationId: string, eventId: string, input: TCompanyInvoiceTaxInput): Promise<TCompanyInvoiceTax> {
      await deps.assertEvent(caller, organisationId, eventId);
      const tax = await deps.invoices.setTax(organisationId, eventId, input);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.invoice_tax_set', target: eventId, meta: { ...input } });
      return tax;
    },
    async refundCompanyInvoice(caller: AuthUser, organisationId: string, eventId: string, invoiceId: string, input: TRefundCompanyInvoiceInput): Promise<TCompanyInvoice> {
      await deps.assertEvent(caller, organisationId, eventId);
      const name = (await deps.nameOf(caller.userId)) || caller.userId;
      const invoice = await deps.invoices.refund(organisationId, eventId, invoiceId, input, { userId: caller.userId, name });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.invoice_refunded', target: invoiceId, meta: { eventId, amount: invoice.refunds.at(-1)?.amount ?? null, creditNote: invoice.refunds.at(-1)?.creditNote?.number ?? null, reason: input.reason } });
      return invoice;
    },
    async creditNotePdf(caller: AuthUser, organisationId: string, eventId: string, invoiceId: string, creditNoteId?: string) {
      await deps.assertEvent(caller, organisationId, eventId);
      return deps.invoices.creditNotePdf(organisationId, eventId, invoiceId, undefined, creditNoteId);
    },
    async myCreditNotePdf(caller: Participant, eventId: string, invoiceId: string, creditNoteId?: string) {
      const { company } = await adminCompany(caller, eventId);
      return deps.invoices.creditNotePdf(company.organisationId, eventId, invoiceId, company.id, creditNoteId);
    },
    /** The company admin's own invoices (only their company's) and the online providers they may pay with. */
    async myInvoices(caller: Participant, eventId: string): Promise<TMyInvoices> {
      const { company } = await adminCompany(caller, eventId);
      const [items, providers] = await Promise.all([deps.invoices.list(company.organisationId, eventId, { companyId: company.id }), deps.invoices.onlineProviders(company.organisationId)]);
      return { items, providers };
    },
    async myInvoicePdf(caller: Participant, eventId: string, invoiceId: string) {
      const { company } = await adminCompany(caller, eventId);
      return deps.invoices.pdf(company.organisationId, eventId, invoiceId, company.id);
    },
    async payMyInvoice(caller: Participant, eventId: string, invoiceId: string, input: TPayInvoiceInput): Promise<TInvoicePaymentStart> {
      const { company, userId } = await adminCompany(caller, eventId);
      const started = await deps.invoices.startPayment(company.organisationId, eventId, company.id, invoiceId, input.provider);
      await deps.audit.record({ organisationId: company.organisationId, actorUserId: userId, action: 'exhibition.invoice_payment_started', target: invoiceId, meta: { eventId, provider: input.provider } });
      return started;
    },
  };
}
export type ServiceFormsService = ReturnType<typeof createServiceFormsService>;
