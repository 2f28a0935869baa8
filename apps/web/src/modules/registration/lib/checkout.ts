import type { TFormAnswers, TRegistrationForm } from '@pavilion/domain/registration/registration.schemas';
import { EMAIL_PATTERN, isNonBlank } from './rules.ts';
import { validateAnswers, type TAnswerErrors } from './form-engine.ts';

export type TPersonDraft = { firstName: string; lastName: string; email: string; countryCode: string; contactNo: string };
export type TAttendeeDraft = TPersonDraft & { ticketId: string; answers: TFormAnswers; isBuyer: boolean };
export type TPersonErrors = Partial<Record<keyof TPersonDraft, string>>;
export type TSeat = { ticketId: string; index: number };

export const emptyPerson = (): TPersonDraft => ({ firstName: '', lastName: '', email: '', countryCode: '', contactNo: '' });

/**
 * Attendee drafts for a new set of seats. The k-th seat of a ticket keeps the k-th draft of that ticket, so
 * changing quantities never wipes what was typed for the seats that remain.
 */
export function syncAttendees(previous: readonly TAttendeeDraft[], seats: readonly TSeat[], firstIsBuyer: boolean): TAttendeeDraft[] {
  const pool = new Map<string, TAttendeeDraft[]>();
  for (const a of previous) pool.set(a.ticketId, [...(pool.get(a.ticketId) ?? []), a]);
  return seats.map((s, i) => {
    const kept = pool.get(s.ticketId)?.shift();
    return kept ?? { ...emptyPerson(), ticketId: s.ticketId, answers: {}, isBuyer: firstIsBuyer && i === 0 };
  });
}

export type TPhoneRule = (countryCode: string, contactNo: string) => string | null;

/** SPEC §5 rules the server applies to a buyer or attendee: a non-blank first name and a valid email. */
export function validatePerson(p: TPersonDraft, options: { isEmailRequired?: boolean; phone?: TPhoneRule; isPhoneRequired?: boolean } = {}): TPersonErrors {
  const errors: TPersonErrors = {};
  if (!isNonBlank(p.firstName)) errors.firstName = 'required';
  const email = p.email.trim();
  if (!email) {
    if (options.isEmailRequired !== false) errors.email = 'required';
  } else if (email.length > 254 || !EMAIL_PATTERN.test(email)) errors.email = 'inVaildEmail';
  if (options.phone) {
    if (!p.contactNo.trim()) {
      if (options.isPhoneRequired) errors.contactNo = 'required';
    } else if (!p.countryCode) errors.countryCode = 'required';
    else {
      const key = options.phone(p.countryCode, p.contactNo);
      if (key) errors[key === 'invalidCountry' ? 'countryCode' : 'contactNo'] = key;
    }
  }
  return errors;
}

/** The form that applies to a ticket (its own, else the event default), or null. */
export function formForTicket(forms: readonly TRegistrationForm[], formId: string | null | undefined): TRegistrationForm | null {
  return formId ? (forms.find((f) => f.id === formId) ?? null) : null;
}

export type TDetailsErrors = { buyer: TPersonErrors; attendees: { person: TPersonErrors; answers: TAnswerErrors }[] };

export function hasDetailsErrors(e: TDetailsErrors): boolean {
  return Object.keys(e.buyer).length > 0 || e.attendees.some((a) => Object.keys(a.person).length > 0 || Object.keys(a.answers).length > 0);
}

/**
 * Everything the details step checks before the order goes out; `page` limits form answers to one page of a
 * multi-page form. An attendee marked "this ticket is for me" takes the buyer's identity and needs no own fields.
 */
export function validateDetails(
  buyer: TPersonDraft,
  attendees: readonly TAttendeeDraft[],
  formOf: (ticketId: string) => TRegistrationForm | null,
  options: { page?: number; phone?: TPhoneRule; isBuyerPhoneRequired?: boolean; isAttendeeEmailRequired?: boolean } = {},
): TDetailsErrors {
  return {
    buyer: validatePerson(buyer, { phone: options.phone, isPhoneRequired: options.isBuyerPhoneRequired }),
    attendees: attendees.map((a) => ({
      person: a.isBuyer ? {} : validatePerson(a, { isEmailRequired: options.isAttendeeEmailRequired ?? true }),
      answers: validateAnswers(formOf(a.ticketId)?.fields ?? [], a.answers, options.page),
    })),
  };
}

export type TServerErrorTarget =
  | { kind: 'buyer'; field: keyof TPersonDraft; key: string }
  | { kind: 'attendee'; index: number; field: keyof TPersonDraft; key: string }
  | { kind: 'answer'; index: number; answerKey: string; key: string }
  | { kind: 'coupon'; key: string }
  | { kind: 'tickets'; key: string }
  | { kind: 'cart'; key: string }
  | { kind: 'price'; key: string }
  | { kind: 'payment'; key: string }
  | { kind: 'general'; key: string };

const PERSON_FIELDS = new Set(['firstName', 'lastName', 'email', 'countryCode', 'contactNo']);

/** Where a server field error of the createOrder contract's order errors belongs on the checkout screens. */
export function routeServerError(field: string, key: string): TServerErrorTarget {
  const parts = field.split('.');
  if (parts[0] === 'buyer' && parts[1] && PERSON_FIELDS.has(parts[1])) return { kind: 'buyer', field: parts[1] as keyof TPersonDraft, key };
  if (parts[0] === 'attendees' && parts.length >= 2 && /^\d+$/.test(parts[1]!)) {
    const index = Number(parts[1]);
    if (parts[2] === 'answers' && parts[3]) return { kind: 'answer', index, answerKey: parts[3], key };
    if (parts[2] && PERSON_FIELDS.has(parts[2])) return { kind: 'attendee', index, field: parts[2] as keyof TPersonDraft, key };
    return { kind: 'tickets', key };
  }
  if (parts[0] === 'attendees') return { kind: 'tickets', key };
  if (parts[0] === 'couponCode') return { kind: 'coupon', key };
  if (parts[0] === 'items' || parts[0] === 'currency') return { kind: 'tickets', key };
  if (parts[0] === 'cartId') return { kind: 'cart', key };
  if (parts[0] === 'expectedTotal') return { kind: 'price', key };
  if (parts[0] === 'paymentProvider') return { kind: 'payment', key };
  return { kind: 'general', key };
}

/** The order's people as the API wants them: trimmed, optional fields left out when empty. */
export function personPayload(p: TPersonDraft) {
  return {
    firstName: p.firstName.trim(),
    lastName: p.lastName.trim(),
    email: p.email.trim(),
    ...(p.contactNo.trim() ? { contactNo: p.contactNo.trim(), countryCode: p.countryCode } : {}),
  };
}
