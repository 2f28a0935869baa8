import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { lit } from './registration.repository.ts';

// lockCheckAndHold sends its statements in one round trip without parameters: every value goes through lit().
describe('lit (SQL literals of the one-round-trip seat statement)', () => {
  const pg = new PGlite();
  afterAll(() => pg.close());

  it.each([
    ['plain id', 'k3J9_x-2'],
    ['quotes', "O'Brien'); DROP TABLE orders; --"],
    ['backslashes', 'a\\b\\\\c\\\''],
    ['unicode', 'Zoë – 東京'],
    ['empty', ''],
  ])('round-trips %s exactly through the database', async (_label, value) => {
    const res = await pg.query<{ v: string }>(`SELECT ${lit(value)}::text AS v`);
    expect(res.rows[0]!.v).toBe(value);
  });

  it('renders numbers, dates and null, and refuses what cannot be a literal', async () => {
    expect(lit(42)).toBe('42');
    expect(lit(null)).toBe('NULL');
    const when = new Date('2027-03-01T10:00:00.000Z');
    const res = await pg.query<{ t: Date }>(`SELECT ${lit(when)}::timestamptz AS t`);
    expect(res.rows[0]!.t.toISOString()).toBe(when.toISOString());
    expect(() => lit(1.5)).toThrow();
    expect(() => lit(Number.NaN)).toThrow();
    expect(() => lit('a\0b')).toThrow();
  });
});
