import { BADGE_DEFAULT_BAND_COLOR, BADGE_SHEETS, type TBadgePageSize } from './badges.enums.ts';
import type { TBadgeAttendeeData, TBadgeBandElement, TBadgeTextElement } from './badges.schemas.ts';

// One resolver for the server's PDF and the editor's live preview, so what the organiser sees is what prints.

function answerText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(answerText).filter(Boolean).join(', ');
  if (typeof v === 'object') return '';
  return String(v);
}

/** The company: the registration form's company answer, under the keys forms commonly use. */
export function companyOf(answers: Record<string, unknown>): string {
  for (const k of ['company', 'companyName', 'organisation', 'organization']) {
    const v = answerText(answers[k]).trim();
    if (v) return v;
  }
  return '';
}

/** The text a text element prints for this attendee; a per-print override wins, an empty field falls back to `text`. */
export function badgeText(el: TBadgeTextElement, d: TBadgeAttendeeData, overrides?: Record<string, string>): string {
  const o = overrides?.[el.id];
  if (o !== undefined) return o;
  let v = '';
  switch (el.source) {
    case 'static':
      return el.text;
    case 'fullName':
      v = `${d.firstName} ${d.lastName}`.trim();
      break;
    case 'firstName':
      v = d.firstName;
      break;
    case 'lastName':
      v = d.lastName;
      break;
    case 'email':
      v = d.email;
      break;
    case 'company':
      v = companyOf(d.answers);
      break;
    case 'answer':
      v = el.answerKey ? answerText(d.answers[el.answerKey]) : '';
      break;
    case 'ticketName':
      v = d.ticketName;
      break;
    case 'categoryName':
      v = d.categoryName;
      break;
    case 'registrationNo':
      v = d.registrationNo;
      break;
  }
  return v.trim() || el.text;
}

/** The band colour: the template's colour for the category, then the event's, then the element's own. */
export function bandColor(el: TBadgeBandElement, categoryId: string | null, templateColors: Record<string, string>, eventColors: Record<string, string | null>): string {
  if (el.useCategoryColor && categoryId) {
    const c = templateColors[categoryId] ?? eventColors[categoryId];
    if (c) return c;
  }
  return el.color || BADGE_DEFAULT_BAND_COLOR;
}

/** Where badge number `index` (0-based) of a print lands: its page and the cell's bottom-left offset in mm (PDF origin). */
export function sheetSlot(pageSize: TBadgePageSize, index: number): { page: number; x: number; yFromTop: number; isFirstOnPage: boolean } {
  const { badge, sheet } = BADGE_SHEETS[pageSize];
  const perPage = sheet.cols * sheet.rows;
  const cell = index % perPage;
  return { page: Math.floor(index / perPage), x: (cell % sheet.cols) * badge.width, yFromTop: Math.floor(cell / sheet.cols) * badge.height, isFirstOnPage: cell === 0 };
}

/** Pages a print of `count` badges takes. */
export function badgePages(pageSize: TBadgePageSize, count: number): number {
  const { sheet } = BADGE_SHEETS[pageSize];
  return Math.ceil(count / (sheet.cols * sheet.rows));
}

export function hexToRgb01(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}
