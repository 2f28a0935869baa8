import type { TAreaKind, TScanResult } from '@pavilion/domain';
import { isAdmissible, type AdmissionState } from '../registration/index.ts';

/** The parts of an area the decision needs (a row or a cached copy). */
export type AreaRules = {
  ticketIds: string[];
  categoryIds: string[];
  timeWindows: { start: string; end: string }[];
  tracksExit: boolean;
  allowsReentry: boolean;
  autoCheckoutAt: Date | null;
  autoCheckoutAfterMinutes: number | null;
};

/** Ticket and category rules: empty lists mean everyone. */
export function allowedByTicket(area: Pick<AreaRules, 'ticketIds' | 'categoryIds'>, reg: { ticketId: string; categoryId: string | null }): boolean {
  if (area.ticketIds.length > 0 && !area.ticketIds.includes(reg.ticketId)) return false;
  if (area.categoryIds.length > 0 && (!reg.categoryId || !area.categoryIds.includes(reg.categoryId))) return false;
  return true;
}

export function insideWindow(area: Pick<AreaRules, 'timeWindows'>, at: Date): boolean {
  if (area.timeWindows.length === 0) return true;
  const t = at.getTime();
  return area.timeWindows.some((w) => Date.parse(w.start) <= t && t < Date.parse(w.end));
}

/** The area's rules before presence: wrong_area / outside_window, or null to go on. */
export function ruleRefusal(area: AreaRules, reg: { ticketId: string; categoryId: string | null }, direction: 'in' | 'out', at: Date): TScanResult | null {
  if (!allowedByTicket(area, reg)) return 'wrong_area';
  if (direction === 'out') return area.tracksExit ? null : 'wrong_area';
  return insideWindow(area, at) ? null : 'outside_window';
}

/** Registration admissibility (registration's rule), told as a scan result: approval first, then payment. */
export function admissionRefusal(reg: AdmissionState): TScanResult | null {
  if (isAdmissible(reg)) return null;
  return reg.approvalStatus !== 'approved' ? 'not_approved' : 'not_paid';
}

/** When a presence that began at `enteredAt` ends by itself (automatic check-out), or null. */
export function autoExpiry(area: Pick<AreaRules, 'autoCheckoutAt' | 'autoCheckoutAfterMinutes'>, enteredAt: Date): Date | null {
  const candidates: number[] = [];
  if (area.autoCheckoutAt) candidates.push(area.autoCheckoutAt.getTime());
  if (area.autoCheckoutAfterMinutes) candidates.push(enteredAt.getTime() + area.autoCheckoutAfterMinutes * 60_000);
  return candidates.length ? new Date(Math.min(...candidates)) : null;
}

export type PresenceState = { inside: boolean; hasLeft: boolean; enteredAt: Date | null; leftAt: Date | null; entries: number };

/**
 * One step of the presence state machine, shared by the offline replay: applies automatic check-out that fell before
 * `at`, then the scan. Returns the decision and the new state (unchanged when refused).
 */
export function step(area: AreaRules, state: PresenceState, direction: 'in' | 'out', at: Date): { result: TScanResult; state: PresenceState } {
  let s = state;
  if (s.inside && s.enteredAt) {
    const exp = autoExpiry(area, s.enteredAt);
    if (exp && exp <= at) s = { ...s, inside: false, hasLeft: true, leftAt: exp };
  }
  if (direction === 'in') {
    if (s.inside) return { result: 'already_inside', state: s };
    if (s.hasLeft && !area.allowsReentry) return { result: 'no_reentry', state: s };
    return { result: 'admitted', state: { ...s, inside: true, enteredAt: at, entries: s.entries + 1 } };
  }
  if (!s.inside) return { result: 'not_inside', state: s };
  return { result: 'exited', state: { ...s, inside: false, hasLeft: true, leftAt: at } };
}

export type AttendanceFigures = { entries: number; exits: number; minutes: number; firstEntryAt: Date | null; lastExitAt: Date | null; inside: boolean };

/**
 * Minutes in an area from its accepted entries and exits (oldest first): each stay ends at the next exit, the next
 * entry, its automatic check-out, or now.
 */
export function attendanceOf(area: AreaRules & { kind?: TAreaKind }, events: { direction: string; scannedAt: Date }[], now: Date): AttendanceFigures {
  let ms = 0;
  let open: Date | null = null;
  let entries = 0;
  let exits = 0;
  let firstEntryAt: Date | null = null;
  let lastExitAt: Date | null = null;
  const close = (at: Date) => {
    if (!open) return;
    const exp = autoExpiry(area, open);
    const end = exp && exp < at ? exp : at;
    ms += Math.max(0, end.getTime() - open.getTime());
    open = null;
  };
  for (const e of events) {
    if (e.direction === 'in') {
      close(e.scannedAt);
      open = e.scannedAt;
      entries++;
      firstEntryAt ??= e.scannedAt;
    } else {
      close(e.scannedAt);
      exits++;
      lastExitAt = e.scannedAt;
    }
  }
  let inside = false;
  if (open) {
    const exp = autoExpiry(area, open);
    inside = !exp || exp > now;
    close(now);
  }
  return { entries, exits, minutes: Math.floor(ms / 60_000), firstEntryAt, lastExitAt, inside };
}
