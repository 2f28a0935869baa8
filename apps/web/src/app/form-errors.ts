import type { TFunction } from 'i18next';
import { isApiError } from './api-client.ts';

type TIssue = { path: PropertyKey[]; message: string; code?: string; minimum?: unknown; maximum?: unknown; origin?: unknown };
type TSafeParser = { safeParse(value: unknown): { success: boolean; error?: { issues: TIssue[] } } };

/**
 * Maps an error key to text. Spec keys (inVaildEmail, notEquivalent, ...) are translated; the SPEC §5 password
 * rules answer their exact message text as the key, which is shown as it is.
 */
export function translateErrorKey(t: TFunction, key: string): string {
  const i18nKey = `validation.${key}`;
  if (/^[A-Za-z0-9_]+$/.test(key) && t(i18nKey, { defaultValue: '' }) !== '') return t(i18nKey);
  if (/\s/.test(key)) return key;
  return t('validation.invalid');
}

function issueKey(issue: TIssue): string {
  // zod's own messages are English prose; turn its size checks into keys we translate.
  if (issue.code === 'too_small' && (issue.minimum === 1 || issue.minimum === 1n)) return 'required';
  if (issue.code === 'too_big') return 'tooLong';
  if (issue.code === 'invalid_type') return 'required';
  if (issue.code === 'invalid_format' || issue.code === 'invalid_value' || issue.code === 'invalid_union') return 'invalid';
  return issue.message;
}

/** A Mantine form `validate` function backed by the domain's zod schema (the same object the server uses). */
export function schemaValidator<T>(schema: TSafeParser, t: TFunction, transform: (values: T) => unknown = (v) => v) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(transform(values));
    if (result.success || !result.error) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      if (field && !(field in errors)) errors[field] = translateErrorKey(t, issueKey(issue));
    }
    return errors;
  };
}

/** Puts the server's field errors ({status:'ERROR', errors:[{field,key}]}) on the form; true if any landed. */
export function applyServerFieldErrors(
  error: unknown,
  setFieldError: (field: string, message: string) => void,
  t: TFunction,
): boolean {
  if (!isApiError(error) || !error.errors?.length) return false;
  for (const e of error.errors) setFieldError(e.field, translateErrorKey(t, e.key));
  return true;
}

/** One line for an alert or toast: the server message for business errors, the network text otherwise. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) return error.code === 'NETWORK_ERROR' ? t('errors.network') : error.message || t('errors.generic');
  return t('errors.generic');
}
