import { encodeBase64 } from '@pavilion/domain/common/base64';
import { BADGE_SHEETS, type TBadgePageSize } from '@pavilion/domain/badges/badges.enums';
import type { TBadgeAttendeeData, TBadgeElement } from '@pavilion/domain/badges/badges.schemas';

// Pure editing steps of the badge designer (mouse, keyboard and numeric inputs all go through these).

export const MIN_SIDE = 2;
const r1 = (v: number) => Math.round(v * 10) / 10;

export function pageOf(size: TBadgePageSize) {
  return BADGE_SHEETS[size].badge;
}

/** Keeps an element on the page: sizes at least MIN_SIDE and at most the page, position inside, 0.1 mm grid. */
export function clampElement<T extends TBadgeElement>(el: T, size: TBadgePageSize): T {
  const page = pageOf(size);
  const width = r1(Math.min(Math.max(el.width, MIN_SIDE), page.width));
  const height = r1(Math.min(Math.max(el.height, MIN_SIDE), page.height));
  const x = r1(Math.min(Math.max(el.x, 0), Math.floor((page.width - width) * 10) / 10));
  const y = r1(Math.min(Math.max(el.y, 0), Math.floor((page.height - height) * 10) / 10));
  return { ...el, x, y, width, height };
}

export function moveElement<T extends TBadgeElement>(el: T, dx: number, dy: number, size: TBadgePageSize): T {
  return clampElement({ ...el, x: el.x + dx, y: el.y + dy }, size);
}

export function resizeElement<T extends TBadgeElement>(el: T, dw: number, dh: number, size: TBadgePageSize): T {
  const page = pageOf(size);
  // Growing stops at the page edge instead of pushing the element back.
  return clampElement({ ...el, width: Math.min(el.width + dw, page.width - el.x), height: Math.min(el.height + dh, page.height - el.y) }, size);
}

/** Moves every element inside a (smaller) page after the page size changed. */
export function fitToPage(elements: TBadgeElement[], size: TBadgePageSize): TBadgeElement[] {
  return elements.map((e) => clampElement(e, size));
}

export function nextId(elements: TBadgeElement[], prefix: string): string {
  const ids = new Set(elements.map((e) => e.id));
  for (let i = 1; ; i++) if (!ids.has(`${prefix}${i}`)) return `${prefix}${i}`;
}

/** A new element with sensible defaults, centred horizontally. */
export function newElement(type: TBadgeElement['type'], elements: TBadgeElement[], size: TBadgePageSize): TBadgeElement {
  const page = pageOf(size);
  const w = page.width;
  switch (type) {
    case 'text':
      return clampElement({ id: nextId(elements, 'text'), type, source: 'fullName', text: '', fontSize: 18, fontWeight: 'bold', align: 'center', color: '#000000', x: w * 0.05, y: page.height * 0.3, width: w * 0.9, height: 12 }, size);
    case 'qr': {
      const side = Math.min(w * 0.5, page.height * 0.35);
      return clampElement({ id: nextId(elements, 'qr'), type, x: (w - side) / 2, y: page.height * 0.5, width: side, height: side }, size);
    }
    case 'band':
      return clampElement({ id: nextId(elements, 'band'), type, color: '#1c7ed6', useCategoryColor: true, x: 0, y: 0, width: w, height: page.height * 0.12 }, size);
    case 'image':
      return clampElement({ id: nextId(elements, 'image'), type, mimeType: 'image/png', dataBase64: '', x: w * 0.05, y: page.height * 0.02, width: w * 0.3, height: page.height * 0.1 }, size);
  }
}

export const SAMPLE_ATTENDEE: TBadgeAttendeeData = {
  firstName: 'Alex',
  lastName: 'Sample',
  email: 'alex@example.com',
  contactNo: null,
  registrationNo: 'REG-000000',
  ticketId: '',
  ticketName: 'Ticket',
  categoryId: null,
  categoryName: 'Category',
  answers: { company: 'Example Ltd' },
};

/** Reads an uploaded logo: PNG or JPEG by its first bytes (not its name), at most `maxBytes`. */
export async function readImage(file: File, maxBytes: number): Promise<{ mimeType: 'image/png' | 'image/jpeg'; dataBase64: string } | { error: 'fileTooLarge' | 'invalidFileType' }> {
  if (file.size > maxBytes) return { error: 'fileTooLarge' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isPng = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!isPng && !isJpeg) return { error: 'invalidFileType' };
  return { mimeType: isPng ? 'image/png' : 'image/jpeg', dataBase64: encodeBase64(bytes) };
}
