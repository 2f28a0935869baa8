import { crc32, deflateRawSync } from 'node:zlib';
import type { TRegistration } from '@pavilion/domain';
import { csvDocument, neutraliseFormula } from '../../platform/csv.ts';

const COLUMNS: [string, (r: TRegistration) => string | number][] = [
  ['Registration No', (r) => r.registrationNo],
  ['First name', (r) => r.firstName],
  ['Last name', (r) => r.lastName],
  ['Email', (r) => r.email],
  ['Country', (r) => r.countryCode ?? ''],
  ['Phone', (r) => r.contactNo ?? ''],
  ['Ticket', (r) => r.ticketName],
  ['Approval', (r) => r.approvalStatus],
  ['Payment', (r) => r.paymentStatus],
  ['Order status', (r) => r.orderStatus],
  ['Category', (r) => r.categoryId ?? ''],
  ['Groups', (r) => r.groups.join('; ')],
  ['Accompanying', (r) => (r.isAccompanying ? 'yes' : 'no')],
  ['Registered at', (r) => r.createdAt],
  ['Answers', (r) => JSON.stringify(r.answers)],
];

/** Spreadsheet formula injection is guarded in platform/csv.ts (re-exported for the export's tests). */
export { neutraliseFormula };

export function registrationsCsv(rows: TRegistration[]): string {
  return csvDocument([COLUMNS.map(([h]) => h), ...rows.map((r) => COLUMNS.map(([, get]) => get(r)))]);
}

// ---------------------------------------------------------------- XLSX
// exceljs could not be installed from this registry (a transitive dependency version is missing), so this writes
// the few parts of an Office Open XML workbook itself: inline strings only, one sheet, deflated zip entries.

function xmlEscape(s: string): string {
  // Characters XML 1.0 forbids are dropped rather than producing a file Excel refuses to open.
  return s
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
function colName(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}
function sheetXml(table: (string | number)[][]): string {
  const rows = table
    .map((row, r) => {
      const cells = row
        .map((v, c) => {
          const ref = `${colName(c)}${r + 1}`;
          // Inline strings are never evaluated as formulas, so no apostrophe prefix is needed here.
          return typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlEscape(v)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
}

function zip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const deflated = deflateRawSync(f.data);
    const crc = crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    centrals.push(central, name);
    offset += local.length + name.length + deflated.length;
  }
  const centralSize = centrals.reduce((a, b) => a + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export async function registrationsXlsx(rows: TRegistration[]): Promise<Buffer> {
  const table: (string | number)[][] = [COLUMNS.map(([h]) => h), ...rows.map((r) => COLUMNS.map(([, get]) => get(r)))];
  const b = (s: string) => Buffer.from(s, 'utf8');
  return zip([
    {
      name: '[Content_Types].xml',
      data: b(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: b(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: b(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Registrations" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: b(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: b(sheetXml(table)) },
  ]);
}
