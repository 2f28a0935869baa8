import { z } from 'zod';

/** Rows an import may hold (the header not counted). */
export const COMPANY_IMPORT_MAX_ROWS = 2000;
export const COMPANY_IMPORT_MAX_CHARS = 900_000;

/** The columns an import file may have, by their header (case, spaces and underscores ignored); `name` is required. */
export const COMPANY_IMPORT_COLUMNS = ['name', 'category', 'countryCode', 'website', 'contactEmail', 'profileHtml'] as const;
export type TCompanyImportColumn = (typeof COMPANY_IMPORT_COLUMNS)[number];
const HEADER_ALIASES: Readonly<Record<string, TCompanyImportColumn>> = {
  name: 'name',
  company: 'name',
  companyname: 'name',
  category: 'category',
  country: 'countryCode',
  countrycode: 'countryCode',
  website: 'website',
  web: 'website',
  url: 'website',
  email: 'contactEmail',
  contactemail: 'contactEmail',
  profile: 'profileHtml',
  description: 'profileHtml',
  profilehtml: 'profileHtml',
};

/** RFC 4180 CSV: quoted fields with doubled quotes and line breaks, CRLF or LF, a leading BOM dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (isQuoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') isQuoted = false;
      else field += c;
    } else if (c === '"' && field === '') isQuoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines (a trailing newline, an empty line between rows) are not rows.
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** The column each header cell names, or null for a column the import ignores. */
export function importColumnsOf(header: readonly string[]): (TCompanyImportColumn | null)[] {
  return header.map((h) => HEADER_ALIASES[h.toLowerCase().replace(/[\s_-]+/g, '')] ?? null);
}

/** An XLSX file's size limit (the workbook as uploaded, before its base64). */
export const COMPANY_IMPORT_MAX_XLSX_BYTES = 2 * 1024 * 1024;
/** What a workbook may unpack to: a larger one (a zip bomb, a sheet of formatting) is refused before it is read. */
export const COMPANY_IMPORT_MAX_XLSX_UNPACKED_BYTES = 40 * 1024 * 1024;

/**
 * The file, as CSV text or as an XLSX workbook in base64 (its first sheet is read, the first row being the header):
 * exactly one of the two.
 */
export const ZCompanyImportRequest = z
  .strictObject({
    csv: z.string().min(1).max(COMPANY_IMPORT_MAX_CHARS).optional(),
    xlsxBase64: z
      .string()
      .min(1)
      .max(Math.ceil(COMPANY_IMPORT_MAX_XLSX_BYTES / 3) * 4)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64')
      .optional(),
  })
  .refine((b) => (b.csv === undefined) !== (b.xlsxBase64 === undefined), { message: 'fileMissing', path: ['file'] });
export type TCompanyImportRequest = z.infer<typeof ZCompanyImportRequest>;
/**
 * All rows are created, or none: a file with problems answers 400 VALIDATION_FAILED whose errors name each one as
 * `rows.{n}.{column}` (n counts the file's rows, the header being row 1) with its key, so the report is row by row.
 */
export const ZCompanyImportResult = z.object({ created: z.number().int() });
export type TCompanyImportResult = z.infer<typeof ZCompanyImportResult>;

/** The keys an import adds to the company fields' own. */
export const CompanyImportKey = {
  NameColumnMissing: 'nameColumnMissing',
  TooManyRows: 'tooManyRows',
  NoRows: 'noRows',
  DuplicateInFile: 'duplicateInFile',
  NameTaken: 'companyNameTaken',
  /** Not an XLSX workbook (not a zip, no sheet, or a workbook the reader refuses). */
  XlsxInvalid: 'xlsxInvalid',
  /** The workbook unpacks to more than COMPANY_IMPORT_MAX_XLSX_UNPACKED_BYTES. */
  XlsxTooLarge: 'xlsxTooLarge',
} as const;
