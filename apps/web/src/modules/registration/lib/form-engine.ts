import type { TFormAnswers, TFormField } from '@pavilion/domain/registration/registration.schemas';
import { EMAIL_PATTERN } from './rules.ts';

/**
 * The buyer-side half of a registration form: which questions show (conditional questions, SPEC-less but in the
 * issue), how many pages, and which answers are missing or malformed. The server checks the same rules again;
 * this is only so people see problems before they press "Pay".
 */

export type TAnswer = TFormAnswers[string];
export type TAnswerErrors = Record<string, string>;

function answerValues(answer: TAnswer | undefined): string[] {
  if (answer === undefined || answer === null) return [];
  if (Array.isArray(answer)) return answer;
  if (typeof answer === 'boolean') return [answer ? 'true' : 'false'];
  return [String(answer)];
}

/** A field shows when it has no condition, or its controlling field is itself shown and answered with a listed value. */
export function isFieldVisible(field: TFormField, fields: readonly TFormField[], answers: TFormAnswers, depth = 0): boolean {
  if (!field.showIf) return true;
  if (depth > 20) return false;
  const parent = fields.find((f) => f.key === field.showIf!.fieldKey);
  if (!parent || !isFieldVisible(parent, fields, answers, depth + 1)) return false;
  const values = answerValues(answers[parent.key]);
  return values.some((v) => field.showIf!.equals.includes(v));
}

export function visibleFields(fields: readonly TFormField[], answers: TFormAnswers, page?: number): TFormField[] {
  return fields.filter((f) => (page === undefined || f.page === page) && isFieldVisible(f, fields, answers));
}

/** Page numbers in use, ascending (a form whose fields sit on pages 1 and 3 has two pages). */
export function formPages(fields: readonly TFormField[]): number[] {
  const pages = [...new Set(fields.map((f) => f.page))].sort((a, b) => a - b);
  return pages.length ? pages : [1];
}

export function isEmptyAnswer(answer: TAnswer | undefined): boolean {
  if (answer === undefined || answer === null) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  if (Array.isArray(answer)) return answer.length === 0;
  if (typeof answer === 'boolean') return answer === false;
  return false;
}

/** Error keys (translated by the validation catalogue) for the visible fields of one page, or of all pages. */
export function validateAnswers(fields: readonly TFormField[], answers: TFormAnswers, page?: number): TAnswerErrors {
  const errors: TAnswerErrors = {};
  for (const f of visibleFields(fields, answers, page)) {
    const a = answers[f.key];
    if (isEmptyAnswer(a)) {
      if (f.required) errors[f.key] = 'required';
      continue;
    }
    const text = typeof a === 'string' ? a.trim() : '';
    if (typeof a === 'string' && a.length > f.maxLength) errors[f.key] = 'tooLong';
    else if (f.type === 'email' && !EMAIL_PATTERN.test(text)) errors[f.key] = 'inVaildEmail';
    else if (f.type === 'phone' && !/^\+?[\d\s().-]{5,32}$/.test(text)) errors[f.key] = 'phoneDigitsOnly';
    else if (f.type === 'number' && typeof a === 'string' && !/^-?\d+(\.\d+)?$/.test(text)) errors[f.key] = 'invalid';
    else if ((f.type === 'select' || f.type === 'radio') && typeof a === 'string' && !f.options.includes(a)) errors[f.key] = 'invalid';
  }
  return errors;
}

/** Only the answers of visible questions go to the server: a hidden follow-up keeps no stale answer. */
export function pruneAnswers(fields: readonly TFormField[], answers: TFormAnswers): TFormAnswers {
  const out: TFormAnswers = {};
  for (const f of visibleFields(fields, answers)) {
    const a = answers[f.key];
    if (isEmptyAnswer(a) && !(f.type === 'checkbox' && a === false)) continue;
    out[f.key] = typeof a === 'string' ? a.trim() : (a as TAnswer);
  }
  return out;
}
