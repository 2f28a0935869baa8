import { unzipSync } from 'fflate';
import { COMPANY_IMPORT_MAX_XLSX_UNPACKED_BYTES, CompanyImportKey } from '@pavilion/domain/exhibition/company-import';
import { errors } from '../../platform/errors.ts';

const FIELD = 'xlsxBase64';
const invalid = () => errors.validation([{ field: FIELD, key: CompanyImportKey.XlsxInvalid }], 'The file is not an XLSX workbook');

/**
 * The first sheet of an XLSX workbook as rows of text (each cell as Excel shows it; blank rows dropped), at most
 * `maxRows` of them read (the caller reports a longer file). An uploaded workbook is untrusted: it must be a zip whose
 * entries unpack to at most COMPANY_IMPORT_MAX_XLSX_UNPACKED_BYTES (read from the zip's own directory, nothing
 * inflated for it), and SheetJS (@e965/xlsx, loaded on the first import) reads values only: no formulas, styles,
 * macros or HTML.
 */
export async function xlsxRows(bytes: Uint8Array, maxRows: number): Promise<string[][]> {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) throw invalid();
  let unpacked = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        unpacked += file.originalSize;
        return false;
      },
    });
  } catch {
    throw invalid();
  }
  if (unpacked > COMPANY_IMPORT_MAX_XLSX_UNPACKED_BYTES) throw errors.validation([{ field: FIELD, key: CompanyImportKey.XlsxTooLarge }], 'The workbook is too large to import');
  const XLSX = await import('@e965/xlsx');
  let rows: unknown[][];
  try {
    const book = XLSX.read(bytes, { type: 'array', sheetRows: maxRows, cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false, dense: true });
    const sheet = book.SheetNames[0] === undefined ? undefined : book.Sheets[book.SheetNames[0]];
    if (!sheet) throw new Error('no sheet');
    rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false });
  } catch {
    throw invalid();
  }
  return rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell)))).filter((row) => row.some((cell) => cell.trim() !== ''));
}
