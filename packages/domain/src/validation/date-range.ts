import { z } from 'zod';
import { ValidationKey, type TValidationKey } from './error-keys.ts';

export type TDateInput = string | Date | null | undefined;
export type TDateRangeOptions = { isEndRequired?: boolean };

function toTime(value: Exclude<TDateInput, null | undefined>): number {
  if (value instanceof Date) return value.getTime();
  // A bare ISO date compares as midnight UTC, so "2025-01-02" and "2025-01-02T00:00:00Z" are the same instant.
  return Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

const isBlank = (v: TDateInput): v is null | undefined | '' => v === null || v === undefined || v === '';

/**
 * SPEC §5 date range: the end must not be before the start (equal is allowed) → notEquivalent; when the end is
 * flagged as required and missing → required; an unparsable date → invalidDate. Null when the range is valid.
 */
export function dateRangeProblem(start: TDateInput, end: TDateInput, options: TDateRangeOptions = {}): TValidationKey | null {
  if (isBlank(end)) return options.isEndRequired ? ValidationKey.Required : null;
  if (isBlank(start)) return null;
  const s = toTime(start);
  const e = toTime(end);
  if (Number.isNaN(s) || Number.isNaN(e)) return ValidationKey.InvalidDate;
  return e < s ? ValidationKey.NotEquivalent : null;
}

export function isValidDateRange(start: TDateInput, end: TDateInput, options: TDateRangeOptions = {}): boolean {
  return dateRangeProblem(start, end, options) === null;
}

/**
 * A `.superRefine` callback for any object schema holding a start and an end field; the issue lands on the end
 * field. Example: `z.object({ startDate, endDate }).superRefine(refineDateRange('startDate', 'endDate'))`.
 */
export function refineDateRange<K extends string>(startKey: K, endKey: K, options: TDateRangeOptions = {}) {
  return (value: Partial<Record<K, TDateInput>>, ctx: z.RefinementCtx) => {
    const key = dateRangeProblem(value[startKey], value[endKey], options);
    if (key) ctx.addIssue({ code: 'custom', message: key, path: [endKey] });
  };
}

/** A ready-made `{ startDate, endDate }` schema (ISO dates). */
export const zDateRange = (options: TDateRangeOptions = {}) =>
  z
    .object({ startDate: z.iso.date(), endDate: z.iso.date().optional().nullable() })
    .superRefine(refineDateRange('startDate', 'endDate', options));
