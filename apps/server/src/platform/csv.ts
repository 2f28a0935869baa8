/**
 * CSV for every export (registrations, certificates, badge prints, check-in, the audit log): one escaper.
 * RFC 4180 quoting, and the spreadsheet formula-injection guard: a text cell that starts with = + - @ (or a tab or
 * carriage return) gets a leading apostrophe, so an exported name can never run as a formula. Numbers and booleans
 * are written as they are; objects as JSON.
 */
export type TCsvValue = string | number | boolean | Date | null | undefined | Record<string, unknown> | unknown[];

export type TCsvOptions = {
  /** Quote every cell, not only those that need it (the audit log does). */
  quoteAll?: boolean;
  /** Start the file with a UTF-8 BOM (default true: Excel then reads names right). */
  bom?: boolean;
};

export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvCell(value: TCsvValue, options: TCsvOptions = {}): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'string') text = neutraliseFormula(value);
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else text = neutraliseFormula(JSON.stringify(value));
  return options.quoteAll || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly TCsvValue[], options: TCsvOptions = {}): string {
  return cells.map((c) => csvCell(c, options)).join(',');
}

/** A whole file for spreadsheets: a UTF-8 BOM unless told otherwise, CRLF line ends, a final line end. */
export function csvDocument(rows: readonly (readonly TCsvValue[])[], options: TCsvOptions = {}): string {
  return `${options.bom === false ? '' : '\uFEFF'}${rows.map((r) => csvLine(r, options)).join('\r\n')}\r\n`;
}
