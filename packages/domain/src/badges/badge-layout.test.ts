import { describe, expect, it } from 'vitest';
import { badgePages, badgeText, bandColor, sheetSlot } from './badge-layout.ts';
import { ZBadgeTemplateRequest, type TBadgeAttendeeData, type TBadgeBandElement, type TBadgeTextElement } from './badges.schemas.ts';

const data: TBadgeAttendeeData = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  contactNo: null,
  registrationNo: 'REG-000007',
  ticketId: 't1',
  ticketName: 'Day pass',
  categoryId: 'c1',
  categoryName: 'Speaker',
  answers: { companyName: 'Analytical Engines', diet: ['vegan', 'nut-free'] },
};
const text = (extra: Partial<TBadgeTextElement>): TBadgeTextElement => ({ id: 'a', type: 'text', source: 'fullName', text: '', fontSize: 12, fontWeight: 'normal', align: 'center', color: '#000000', x: 0, y: 0, width: 10, height: 10, ...extra });

describe('badgeText', () => {
  it.each([
    ['fullName', 'Ada Lovelace'],
    ['firstName', 'Ada'],
    ['registrationNo', 'REG-000007'],
    ['company', 'Analytical Engines'],
    ['categoryName', 'Speaker'],
    ['ticketName', 'Day pass'],
  ] as const)('resolves %s', (source, expected) => {
    expect(badgeText(text({ source }), data)).toBe(expected);
  });
  it('reads a form answer, lists joined', () => {
    expect(badgeText(text({ source: 'answer', answerKey: 'diet' }), data)).toBe('vegan, nut-free');
  });
  it('falls back to the element text when the field is empty, and a per-print override wins', () => {
    expect(badgeText(text({ source: 'answer', answerKey: 'missing', text: 'Guest' }), data)).toBe('Guest');
    expect(badgeText(text({ source: 'fullName' }), data, { a: 'Countess of Lovelace' })).toBe('Countess of Lovelace');
  });
});

describe('bandColor', () => {
  const band: TBadgeBandElement = { id: 'b', type: 'band', color: '#111111', useCategoryColor: true, x: 0, y: 0, width: 10, height: 10 };
  it('prefers the template colour, then the event colour, then its own', () => {
    expect(bandColor(band, 'c1', { c1: '#aa0000' }, { c1: '#00aa00' })).toBe('#aa0000');
    expect(bandColor(band, 'c1', {}, { c1: '#00aa00' })).toBe('#00aa00');
    expect(bandColor(band, null, { c1: '#aa0000' }, {})).toBe('#111111');
    expect(bandColor({ ...band, useCategoryColor: false }, 'c1', { c1: '#aa0000' }, {})).toBe('#111111');
  });
});

describe('sheet layout', () => {
  it('puts four badges on an A4 sheet, left to right then top to bottom', () => {
    expect([0, 1, 2, 3, 4].map((i) => sheetSlot('A4_2x2', i))).toEqual([
      { page: 0, x: 0, yFromTop: 0, isFirstOnPage: true },
      { page: 0, x: 105, yFromTop: 0, isFirstOnPage: false },
      { page: 0, x: 0, yFromTop: 148.5, isFirstOnPage: false },
      { page: 0, x: 105, yFromTop: 148.5, isFirstOnPage: false },
      { page: 1, x: 0, yFromTop: 0, isFirstOnPage: true },
    ]);
    expect(badgePages('A4_2x2', 10)).toBe(3);
    expect(badgePages('CR80', 10)).toBe(10);
  });
});

describe('ZBadgeTemplateRequest', () => {
  it('accepts an element touching the page edge of a CR80 card and refuses one past it', () => {
    const ok = ZBadgeTemplateRequest.safeParse({ name: 'Card', pageSize: 'CR80', elements: [{ id: 'q', type: 'qr', x: 3.98, y: 35.6, width: 50, height: 50 }] });
    expect(ok.success).toBe(true);
    const bad = ZBadgeTemplateRequest.safeParse({ name: 'Card', pageSize: 'CR80', elements: [{ id: 'q', type: 'qr', x: 4.2, y: 0, width: 50, height: 50 }] });
    expect(bad.success).toBe(false);
  });
});
