/** SPEC §5: a text is non-blank only if it contains a non-space character. */
export function isNonBlank(value: string | null | undefined): boolean {
  return typeof value === 'string' && /\S/u.test(value);
}
