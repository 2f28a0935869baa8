/**
 * Badge design and printing vocabulary (issue #5 "Badge designer", "Printing"). Every length is in millimetres,
 * font sizes in points. Shared by the server's PDF renderer and the web editor's canvas, so both lay out alike.
 */

export const BADGE_PAGE_SIZES = ['A6', '4x6', 'CR80', 'A4_2x2'] as const;
export type TBadgePageSize = (typeof BADGE_PAGE_SIZES)[number];

export type TBadgeSheet = {
  /** One badge. */
  badge: { width: number; height: number };
  /** The printed sheet: one badge per page, or an A4 sheet holding cols × rows badges. */
  sheet: { width: number; height: number; cols: number; rows: number };
  label: string;
};

/**
 * A4_2x2: an A4 portrait sheet cut into four A6-sized cells (105 × 148.5 mm), filled left to right, top to bottom.
 * Badges of one bulk print share sheets, so 10 badges take 3 pages.
 */
export const BADGE_SHEETS: Record<TBadgePageSize, TBadgeSheet> = {
  A6: { badge: { width: 105, height: 148 }, sheet: { width: 105, height: 148, cols: 1, rows: 1 }, label: 'A6 (105 × 148 mm)' },
  '4x6': { badge: { width: 101.6, height: 152.4 }, sheet: { width: 101.6, height: 152.4, cols: 1, rows: 1 }, label: '4 × 6 in (102 × 152 mm)' },
  CR80: { badge: { width: 53.98, height: 85.6 }, sheet: { width: 53.98, height: 85.6, cols: 1, rows: 1 }, label: 'CR80 card (54 × 86 mm)' },
  A4_2x2: { badge: { width: 105, height: 148.5 }, sheet: { width: 210, height: 297, cols: 2, rows: 2 }, label: 'A4 sheet of 4 badges (2 × 2)' },
};

export const BADGE_ELEMENT_TYPES = ['text', 'image', 'qr', 'band'] as const;
export type TBadgeElementType = (typeof BADGE_ELEMENT_TYPES)[number];

/** What a text element shows: fixed text, or a field of the attendee. `answer` reads a registration-form answer. */
export const BADGE_TEXT_SOURCES = [
  'static',
  'fullName',
  'firstName',
  'lastName',
  'email',
  'company',
  'answer',
  'ticketName',
  'categoryName',
  'registrationNo',
] as const;
export type TBadgeTextSource = (typeof BADGE_TEXT_SOURCES)[number];
export const BADGE_TEXT_SOURCE_LABELS: Record<TBadgeTextSource, string> = {
  static: 'Fixed text',
  fullName: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  company: 'Company',
  answer: 'Form answer',
  ticketName: 'Ticket',
  categoryName: 'Category',
  registrationNo: 'Registration number',
};

export const BADGE_TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export type TBadgeTextAlign = (typeof BADGE_TEXT_ALIGNS)[number];
export const BADGE_FONT_WEIGHTS = ['normal', 'bold'] as const;
export type TBadgeFontWeight = (typeof BADGE_FONT_WEIGHTS)[number];

export const BADGE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type TBadgeImageType = (typeof BADGE_IMAGE_TYPES)[number];

/** Limits: a template travels in one JSON body (1 MB), so images are small logos, not photos. */
export const BADGE_LIMITS = {
  elements: 40,
  images: 3,
  imageBytes: 200 * 1024,
  textLength: 200,
  minFontSize: 4,
  maxFontSize: 96,
  /** Smallest element side in mm (a QR below ~12 mm does not scan reliably; the editor warns, the server allows 5). */
  minSide: 2,
  /** Registrations in one bulk print job. */
  jobMax: 20_000,
  /** Badges per PDF file of a job: memory stays bounded by one part (about 80 MB per 1,000 badges in pdf-lib). */
  partSize: 1000,
} as const;

export const BADGE_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TBadgeJobStatus = (typeof BADGE_JOB_STATUSES)[number];

/** The band colour when neither the template nor the event gives the category one. */
export const BADGE_DEFAULT_BAND_COLOR = '#1c7ed6';
