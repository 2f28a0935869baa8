import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvLine } from './csv.ts';

describe('csv', () => {
  it('quotes only what needs quoting, doubling inner quotes', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines'])).toBe('plain,"a,b","say ""hi""","two\nlines"');
  });

  it('neutralises formulas in text, never in numbers', () => {
    expect(csvLine(['=SUM(A1)', '+1', '-x', '@cmd', -5, 3.5, true])).toBe("'=SUM(A1),'+1,'-x,'@cmd,-5,3.5,true");
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('writes empties, dates and objects', () => {
    expect(csvLine([null, undefined, new Date('2027-02-16T04:30:00Z'), { a: 1 }])).toBe(',,2027-02-16T04:30:00.000Z,"{""a"":1}"');
  });

  it('quotes every cell when asked (the audit log)', () => {
    expect(csvLine(['a', '', 1], { quoteAll: true })).toBe('"a","","1"');
  });

  it('makes a spreadsheet file: BOM, CRLF, a final line end', () => {
    expect(csvDocument([['h1', 'h2'], ['v', '=x']])).toBe("\uFEFFh1,h2\r\nv,'=x\r\n");
  });
});
