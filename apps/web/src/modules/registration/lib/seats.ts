import type { TFunction } from 'i18next';

/**
 * "2 sold · 1 held / 3": sold (confirmed) apart from held (awaiting payment), over the capacity when there is one.
 * `key` names the "{{sold}} sold · {{held}} held" string of the calling section (registration or dashboard bundle).
 */
export function formatSeats(t: TFunction, s: { sold: number; held: number; capacity: number | null }, key = 'registration.org.seatsCount'): string {
  const counts = t(key, { sold: s.sold, held: s.held });
  return s.capacity === null ? counts : `${counts} / ${s.capacity}`;
}
