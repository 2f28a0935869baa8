import type { TArea } from '@pavilion/domain/checkin/checkin.schemas';

/** Short badges that say what an area's rules do. */
export function ruleSummary(area: TArea, t: (k: string, o?: Record<string, unknown>) => string): string[] {
  const out: string[] = [];
  out.push(area.timeWindows.length ? t('checkin.org.ruleSummary.windows', { count: area.timeWindows.length }) : t('checkin.org.ruleSummary.open'));
  if (area.ticketIds.length) out.push(t('checkin.org.ruleSummary.tickets', { count: area.ticketIds.length }));
  if (area.categoryIds.length) out.push(t('checkin.org.ruleSummary.categories', { count: area.categoryIds.length }));
  if (!area.tracksExit) out.push(t('checkin.org.ruleSummary.noExit'));
  if (!area.allowsReentry) out.push(t('checkin.org.ruleSummary.noReentry'));
  if (area.autoCheckoutAt || area.autoCheckoutAfterMinutes) out.push(t('checkin.org.ruleSummary.autoOut'));
  return out;
}

/** The big-screen page of an area (`footfall-ct/{areaId}`), with its secret display key. */
export function footfallPath(area: Pick<TArea, 'id' | 'displayKey'>): string {
  return `/footfall-ct/${encodeURIComponent(area.id)}?key=${encodeURIComponent(area.displayKey)}`;
}
