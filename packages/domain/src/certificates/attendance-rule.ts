import { z } from 'zod';

/**
 * Attendance rules that issue certificates automatically (AP-294..296). The data comes from the check-in module's
 * `attendanceSummaries(eventId)` (per registration, per area, minutes inside and entries) and, for the sessions rule,
 * the programme's session attendance (the sessions a registration was counted at, at their room's door).
 */
export const ATTENDANCE_AREA_KINDS = ['gate', 'hall', 'session', 'other'] as const;

export type TAttendanceArea = { areaId: string; areaKind: (typeof ATTENDANCE_AREA_KINDS)[number]; minutes: number; entries: number };
/** A programme session a registration was counted at (its room's check-in area), with the session's track. */
export type TAttendedSession = { sessionId: string; trackId: string | null };
export type TAttendanceSummary = { registrationId: string; areas: TAttendanceArea[]; sessions?: TAttendedSession[] };

export const ZAttendanceRule = z.discriminatedUnion('kind', [
  /** Checked in (at least one entry) to at least `minAreas` distinct session areas. */
  z.strictObject({ kind: z.literal('sessionAreas'), minAreas: z.number().int().min(1).max(1000) }),
  /** At least `minMinutes` inside area `areaId`, or summed over every area when `areaId` is null. */
  z.strictObject({ kind: z.literal('minutesInArea'), areaId: z.string().min(1).max(64).nullable(), minMinutes: z.number().int().min(1).max(100_000) }),
  /**
   * Counted at at least `minSessions` distinct programme sessions; only those in `sessionIds` when it is not empty,
   * and only those of track `trackId` when it is set.
   */
  z.strictObject({
    kind: z.literal('sessionsAttended'),
    minSessions: z.number().int().min(1).max(1000),
    sessionIds: z.array(z.string().min(1).max(64)).max(500).default([]),
    trackId: z.string().min(1).max(64).nullable().default(null),
  }),
]);
export type TAttendanceRule = z.infer<typeof ZAttendanceRule>;

/** Whether one attendee's attendance satisfies the rule. */
export function meetsAttendanceRule(rule: TAttendanceRule, summary: TAttendanceSummary): boolean {
  if (rule.kind === 'sessionsAttended') {
    const only = new Set(rule.sessionIds);
    const counted = new Set(
      (summary.sessions ?? []).filter((s) => (only.size === 0 || only.has(s.sessionId)) && (rule.trackId === null || s.trackId === rule.trackId)).map((s) => s.sessionId),
    );
    return counted.size >= rule.minSessions;
  }
  if (rule.kind === 'sessionAreas') {
    const attended = new Set(summary.areas.filter((a) => a.areaKind === 'session' && a.entries > 0).map((a) => a.areaId));
    return attended.size >= rule.minAreas;
  }
  const minutes = summary.areas
    .filter((a) => rule.areaId === null || a.areaId === rule.areaId)
    .reduce((sum, a) => sum + (Number.isFinite(a.minutes) && a.minutes > 0 ? a.minutes : 0), 0);
  return minutes >= rule.minMinutes;
}

/** The registrations that qualify, once each, in input order. */
export function qualifyingRegistrations(rule: TAttendanceRule, summaries: readonly TAttendanceSummary[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of summaries) {
    if (seen.has(s.registrationId) || !meetsAttendanceRule(rule, s)) continue;
    seen.add(s.registrationId);
    out.push(s.registrationId);
  }
  return out;
}

/** A readable sentence for lists ("Checked in to at least 2 session areas"). */
export function describeAttendanceRule(rule: TAttendanceRule, areaName?: (areaId: string) => string | undefined): string {
  if (rule.kind === 'sessionsAttended') {
    const of = rule.sessionIds.length > 0 ? ` of ${rule.sessionIds.length} chosen` : rule.trackId ? ' of one track' : '';
    return `Attended at least ${rule.minSessions} session${rule.minSessions === 1 ? '' : 's'}${of}`;
  }
  if (rule.kind === 'sessionAreas') return `Checked in to at least ${rule.minAreas} session area${rule.minAreas === 1 ? '' : 's'}`;
  const where = rule.areaId === null ? 'any area' : (areaName?.(rule.areaId) ?? `area ${rule.areaId}`);
  return `At least ${rule.minMinutes} minute${rule.minMinutes === 1 ? '' : 's'} inside ${where}`;
}
