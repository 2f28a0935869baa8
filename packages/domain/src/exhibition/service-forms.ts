import { z } from 'zod';
import { LOCAL_DATE_TIME } from '../programme/programme-time.ts';
import { EMAIL_ERROR_KEY, EMAIL_MAX_LENGTH, isValidEmail } from '../validation/email.ts';
import { EXHIBITION_FORM_CODES, STALL_TYPES, findExhibitionForm, isFormForStall, type TExhibitionFormCode, type TStallType } from './exhibition-forms.ts';

/**
 * The 23 service forms at work (issue 15, SPEC §3.5): the organiser's settings per event, the exhibiting company's
 * submissions per booth, their status rule and history. The catalogue (exhibition-forms.ts) fixes each form's code,
 * names and stall-type rule; everything else here is per event.
 */

/** The error keys of service forms (the web translates them under `validation.`). */
export const ServiceFormKey = {
  TwoDecimals: 'priceCents',
  DuplicateParticular: 'duplicateParticular',
  MixedCurrencies: 'mixedCurrencies',
  UnknownParticular: 'unknownParticular',
  DuplicateLine: 'duplicateLine',
  AnswerRequired: 'answerRequired',
  TooManyAnswers: 'tooManyAnswers',
  AttachmentRequired: 'attachmentRequired',
  AttachmentNotAsked: 'attachmentNotAsked',
  FileTooLarge: 'fileTooLarge',
  ReasonRequired: 'reasonRequired',
  NothingOrdered: 'nothingOrdered',
  UnknownServiceProvider: 'unknownServiceProvider',
} as const;

/** An attachment's largest size (a layout drawing or a passport scan). */
export const FORM_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
/** SPEC §5 types a drawing or scan may be: PDF or an image. */
export const FORM_ATTACHMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;

/** Forms that ask for a file, what it is, and whether a submission needs it. */
export const FORM_ATTACHMENTS: Partial<Record<TExhibitionFormCode, { label: string; isRequired: boolean }>> = {
  STALL_LAYOUT_APPROVAL: { label: 'Stall layout drawing (PDF or image)', isRequired: true },
  VISA_LETTER: { label: 'Passport scan (PDF or image)', isRequired: true },
  EXTRA_FURNITURE_PLACEMENT: { label: 'Furniture placement drawing (PDF or image)', isRequired: false },
};

/** The questions a survey form starts with (the organiser may change them). */
const DEFAULT_QUESTIONS: Partial<Record<TExhibitionFormCode, string[]>> = {
  FASCIA_NAME: ['Name on the fascia board'],
  COMPANY_PROFILE: ['Company description for the catalogue', 'Contact person and phone'],
  STALL_REPRESENTATIVE: ['Names of the stall representatives'],
  STALL_VENDOR: ['Contractor name', 'Contractor phone'],
  OTHER_VENDOR: ['Vendor names and purpose'],
  VISA_LETTER: ['Full name as in the passport', 'Passport number', 'Nationality'],
  BUYER_RECOMMENDATION: ['Buyers to invite (name, company, email)'],
};
export function defaultQuestions(code: TExhibitionFormCode): { label: string; isRequired: boolean }[] {
  return (DEFAULT_QUESTIONS[code] ?? []).map((label) => ({ label, isRequired: true }));
}

// ---------------------------------------------------------------------------------------------------------------
// Status: draft → submitted → approved / rejected → fulfilled.

export const SUBMISSION_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'fulfilled'] as const;
export type TSubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_ACTIONS = ['save', 'submit', 'approve', 'reject', 'fulfil'] as const;
export type TSubmissionAction = (typeof SUBMISSION_ACTIONS)[number];
/** Who may take an action: the company (save, submit) or the organiser (approve, reject, fulfil). */
export const SUBMISSION_ACTION_SIDE: Record<TSubmissionAction, 'company' | 'organiser'> = { save: 'company', submit: 'company', approve: 'organiser', reject: 'organiser', fulfil: 'organiser' };

const MOVES: Record<TSubmissionStatus, Partial<Record<TSubmissionAction, TSubmissionStatus>>> = {
  // A rejected submission is corrected (saved as a draft again) or submitted again.
  draft: { save: 'draft', submit: 'submitted' },
  submitted: { approve: 'approved', reject: 'rejected' },
  approved: { fulfil: 'fulfilled' },
  rejected: { save: 'draft', submit: 'submitted' },
  fulfilled: {},
};

/**
 * The status an action leads to, or null when the action is not allowed from `status`. A form that needs no
 * approval is approved as it is submitted.
 */
export function nextSubmissionStatus(status: TSubmissionStatus, action: TSubmissionAction, options: { needsApproval: boolean } = { needsApproval: true }): TSubmissionStatus | null {
  const next = MOVES[status][action] ?? null;
  if (next === 'submitted' && !options.needsApproval) return 'approved';
  return next;
}

/** The actions allowed from a status (what a 409 names). */
export function allowedSubmissionActions(status: TSubmissionStatus, side?: 'company' | 'organiser'): TSubmissionAction[] {
  return (Object.keys(MOVES[status]) as TSubmissionAction[]).filter((a) => !side || SUBMISSION_ACTION_SIDE[a] === side);
}

/** A form is offered for a booth when it is switched on for the event and fits the booth's stall type. */
export function isFormOfferedFor(form: { formCode: TExhibitionFormCode; isActive: boolean }, stallType: TStallType): boolean {
  const def = findExhibitionForm(form.formCode);
  return !!def && form.isActive && isFormForStall(def, stallType);
}

/** True once the deadline (a UTC instant) has passed; a form without a deadline is always open. */
export function isPastDeadline(deadlineUtc: string | null, now: Date): boolean {
  return deadlineUtc !== null && new Date(deadlineUtc).getTime() <= now.getTime();
}

/** The total of ordered lines in cents (rates have at most two decimals). */
export function linesTotalCents(lines: readonly { rate: number; quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + Math.round(l.rate * 100) * l.quantity, 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Schemas.

const zId = z.string().min(1).max(64);
const twoDecimals = (v: number) => Math.round(v * 100) === Number((v * 100).toFixed(6));
export const zFormCode = z.enum(EXHIBITION_FORM_CODES);

export const ZParticularInput = z.strictObject({
  name: z.string().trim().min(1).max(120),
  unit: z.string().trim().max(40).default(''),
  rate: z.number().min(0).max(10_000_000).refine(twoDecimals, { message: ServiceFormKey.TwoDecimals }),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/)
    .transform((c) => c.toUpperCase()),
});
export type TParticular = z.output<typeof ZParticularInput>;

export const ZQuestionInput = z.strictObject({ label: z.string().trim().min(1).max(200), isRequired: z.boolean().default(true) });
export type TQuestion = z.output<typeof ZQuestionInput>;

/** The organiser's settings of one form for the event (the switch on/off is its own call, AP-518). */
export const ZFormSettingsInput = z
  .strictObject({
    /** Wall-clock time in the event's time zone ("2027-03-01T18:00"), or null for no deadline. */
    deadline: z.string().regex(LOCAL_DATE_TIME).nullable(),
    instructions: z.string().trim().max(5000).default(''),
    particulars: z.array(ZParticularInput).max(50).default([]),
    questions: z.array(ZQuestionInput).max(20).default([]),
    needsApproval: z.boolean(),
    emailNotifications: z.boolean(),
    registerButton: z.boolean(),
    allowAsService: z.boolean(),
    isSurveyForm: z.boolean(),
    showOnlyDocuments: z.boolean(),
    /** The service provider (a workspace company of kind serviceProvider, SPEC §3.1 user type 1) who delivers this form's work: it sees and ticks off the form's approved orders on its own board. */
    serviceProviderId: zId.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.particulars.forEach((p, i) => {
      const key = p.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['particulars', i, 'name'], message: ServiceFormKey.DuplicateParticular });
      seen.add(key);
      if (i > 0 && p.currency !== v.particulars[0]!.currency) ctx.addIssue({ code: 'custom', path: ['particulars', i, 'currency'], message: ServiceFormKey.MixedCurrencies });
    });
  });
export type TFormSettingsInput = z.input<typeof ZFormSettingsInput>;
export type TFormSettings = z.output<typeof ZFormSettingsInput>;

export const ZFormActiveInput = z.strictObject({ isActive: z.boolean() });

/** One form as the event has it: the catalogue's facts and the event's settings. */
export const ZServiceForm = z.object({
  formNo: z.number().int(),
  formCode: zFormCode,
  shortName: z.string(),
  formName: z.string(),
  formDescription: z.string(),
  stallType: z.enum(STALL_TYPES).nullable(),
  attachment: z.object({ label: z.string(), isRequired: z.boolean() }).nullable(),
  isActive: z.boolean(),
  /** The deadline as typed, in the event's time zone, and the instant it is. */
  deadline: z.string().nullable(),
  deadlineUtc: z.string().nullable(),
  isPastDeadline: z.boolean(),
  instructions: z.string(),
  particulars: z.array(z.object({ name: z.string(), unit: z.string(), rate: z.number(), currency: z.string() })),
  questions: z.array(z.object({ label: z.string(), isRequired: z.boolean() })),
  needsApproval: z.boolean(),
  emailNotifications: z.boolean(),
  registerButton: z.boolean(),
  allowAsService: z.boolean(),
  isSurveyForm: z.boolean(),
  showOnlyDocuments: z.boolean(),
  serviceProvider: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TServiceForm = z.infer<typeof ZServiceForm>;
export const ZServiceFormList = z.object({ timeZone: z.string(), forms: z.array(ZServiceForm) });
export type TServiceFormList = z.infer<typeof ZServiceFormList>;

export const ZServiceFormParams = z.strictObject({ eventId: zId, formCode: zFormCode });

/** The organiser invites the company's admin (SPEC §3.1 user type 2) by mail with a one-time link. */
export const ZAdminInvitationInput = z.strictObject({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH)
    .refine(isValidEmail, { message: EMAIL_ERROR_KEY })
    .transform((e) => e.toLowerCase()),
  firstName: z.string().trim().min(1).max(80),
});
export type TAdminInvitationInput = z.input<typeof ZAdminInvitationInput>;
export const ZAdminInvitation = z.object({ email: z.string(), expiresAt: z.string() });

/** The attachment a submission carries (bytes in base64). */
export const ZAttachmentUpload = z.strictObject({
  fileName: z.string().trim().min(1).max(255),
  dataBase64: z
    .string()
    .min(8)
    .max(Math.ceil(FORM_ATTACHMENT_MAX_BYTES / 3) * 4 + 4096)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});

/** The company saves (and optionally submits) its form for a booth: quantities by particular, answers by question. */
export const ZSubmissionInput = z.strictObject({
  lines: z.array(z.strictObject({ name: z.string().trim().min(1).max(120), quantity: z.number().int().min(0).max(100_000) })).max(50).default([]),
  answers: z.array(z.string().trim().max(2000)).max(20).default([]),
  /** A new file; left out to keep the one saved before. */
  attachment: ZAttachmentUpload.optional(),
  /** The version the company read (0 for a new submission): a later save by someone else answers 409. */
  version: z.number().int().min(0),
  submit: z.boolean().default(false),
});
export type TSubmissionInput = z.input<typeof ZSubmissionInput>;

export const ZSubmissionLine = z.object({ name: z.string(), unit: z.string(), rate: z.number(), currency: z.string(), quantity: z.number().int(), amount: z.number() });
export const ZSubmissionHistoryEntry = z.object({ at: z.string(), action: z.enum(SUBMISSION_ACTIONS), fromStatus: z.enum(SUBMISSION_STATUSES).nullable(), toStatus: z.enum(SUBMISSION_STATUSES), actorName: z.string(), side: z.enum(['company', 'organiser']), note: z.string() });
export type TSubmissionHistoryEntry = z.infer<typeof ZSubmissionHistoryEntry>;

export const ZSubmission = z.object({
  id: z.string(),
  formCode: zFormCode,
  formName: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  booth: z.object({ id: z.string(), hall: z.string(), number: z.string(), stallType: z.enum(STALL_TYPES) }),
  status: z.enum(SUBMISSION_STATUSES),
  lines: z.array(ZSubmissionLine),
  answers: z.array(z.object({ label: z.string(), value: z.string() })),
  total: z.number(),
  currency: z.string(),
  attachment: z.object({ fileName: z.string(), byteSize: z.number().int() }).nullable(),
  rejectionReason: z.string(),
  version: z.number().int(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** What the caller's side may do next. */
  allowedActions: z.array(z.enum(SUBMISSION_ACTIONS)),
  history: z.array(ZSubmissionHistoryEntry),
});
export type TSubmission = z.infer<typeof ZSubmission>;
export const ZSubmissionList = z.object({ items: z.array(ZSubmission.omit({ history: true })) });
export type TSubmissionList = z.infer<typeof ZSubmissionList>;

export const ZSubmissionQuery = z.strictObject({
  formCode: zFormCode.optional(),
  status: z.enum(SUBMISSION_STATUSES).optional(),
  companyId: zId.optional(),
});
export type TSubmissionQuery = z.infer<typeof ZSubmissionQuery>;
export const ZSubmissionParams = z.strictObject({ eventId: zId, submissionId: zId });
export const ZRejectInput = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(1000)
    .refine((r) => r.length > 0, { message: ServiceFormKey.ReasonRequired }),
});
export const ZNoBody = z.strictObject({});

/** The exhibitor's own area ("My stand"): the company, its booths, and each booth's forms with their submissions. */
export const ZMyStand = z.object({
  eventId: z.string(),
  timeZone: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  booths: z.array(
    z.object({
      id: z.string(),
      hall: z.string(),
      number: z.string(),
      stallType: z.enum(STALL_TYPES),
      sizeSqm: z.number(),
      forms: z.array(z.object({ formCode: zFormCode, formName: z.string(), deadline: z.string().nullable(), isPastDeadline: z.boolean(), submission: z.object({ id: z.string(), status: z.enum(SUBMISSION_STATUSES), total: z.number(), currency: z.string() }).nullable() })),
    }),
  ),
});
export type TMyStand = z.infer<typeof ZMyStand>;
export const ZMyStandParams = z.strictObject({ eventId: zId });
export const ZMyFormParams = z.strictObject({ eventId: zId, boothId: zId, formCode: zFormCode });
export const ZMySubmissionParams = z.strictObject({ eventId: zId, submissionId: zId });
/** A form opened for a booth: the form and what the company saved so far. */
export const ZMyForm = z.object({ timeZone: z.string(), form: ZServiceForm, booth: z.object({ id: z.string(), hall: z.string(), number: z.string(), stallType: z.enum(STALL_TYPES) }), submission: ZSubmission.nullable() });
export type TMyForm = z.infer<typeof ZMyForm>;

/** The fulfilment board: approved work to deliver, by stall and deadline; ticked off as fulfilled. */
export const ZFulfilmentBoard = z.object({ timeZone: z.string(), items: z.array(ZSubmission.omit({ history: true }).extend({ deadline: z.string().nullable() })) });
export type TFulfilmentBoard = z.infer<typeof ZFulfilmentBoard>;
/** A service provider's own board (SPEC §3.1 user type 1 and its service persons, 6): the approved and fulfilled work of the forms the organiser gave it. */
export const ZProviderBoard = ZFulfilmentBoard.extend({ eventName: z.string(), provider: z.object({ id: z.string(), name: z.string() }), forms: z.array(z.object({ formCode: zFormCode, formName: z.string() })) });
export type TProviderBoard = z.infer<typeof ZProviderBoard>;
/** The service providers the organiser may give a form to (the form settings' picker). */
export const ZServiceProviderOptions = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });
export type TServiceProviderOptions = z.infer<typeof ZServiceProviderOptions>;
