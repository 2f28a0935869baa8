import { z } from 'zod';
import { ValidationKey } from './error-keys.ts';

/** An html `class` attribute inside a tag, whatever its case or spacing (`<p CLASS = "x">`, `<p/class=x>`). */
const CLASS_ATTRIBUTE = /<[a-z][^<>]*?[\s/"']class\s*=/i;
/** A `{{ variable }}`: two opening braces later closed by two closing braces. */
const DOUBLE_CURLY = /\{\{[^{}]*\}\}/;

export function hasHtmlClassAttribute(html: string): boolean {
  return CLASS_ATTRIBUTE.test(html);
}

export function hasDoubleCurlyVariable(text: string): boolean {
  return DOUBLE_CURLY.test(text);
}

/** SPEC §5: rich-text and template fields refuse class attributes and double-curly variables. */
export function richTextProblem(html: string): 'htmlClassNotAllowed' | 'doubleCurlyVariableNotAllowed' | null {
  if (hasHtmlClassAttribute(html)) return ValidationKey.HtmlClassNotAllowed;
  if (hasDoubleCurlyVariable(html)) return ValidationKey.DoubleCurlyVariableNotAllowed;
  return null;
}

export const zRichText = (maxLength = 100_000) =>
  z
    .string()
    .max(maxLength)
    .refine((v) => !hasHtmlClassAttribute(v), { message: ValidationKey.HtmlClassNotAllowed })
    .refine((v) => !hasDoubleCurlyVariable(v), { message: ValidationKey.DoubleCurlyVariableNotAllowed });
