import { z } from 'zod';
import { ZReportWindow } from '../analytics/overview.schemas.ts';

/**
 * Session attendance (issue 16): a room's door is a check-in area; a scan there during a session (from
 * SESSION_ATTENDANCE_GRACE_MINUTES before its start to its end) counts the attendee at that session, once.
 */
export const SESSION_ATTENDANCE_GRACE_MINUTES = 10;

/** One session in the host report tab "Schedule Sessions" (SPEC §2.6, analytics type Schedule 11). */
export const ZScheduleSessionRow = z.object({
  sessionId: z.string(),
  title: z.string(),
  roomName: z.string().nullable(),
  trackName: z.string().nullable(),
  /** Wall-clock start in the event's time zone ("YYYY-MM-DDTHH:mm") and the instant. */
  start: z.string(),
  startsAt: z.string(),
  /** People counted at the session's door (each once). */
  attended: z.number().int(),
  /** Seats booked (not the waitlist). */
  booked: z.number().int(),
  capacity: z.number().int().nullable(),
  /** Whether the session's room has a check-in area: without one nobody can be counted. */
  isTracked: z.boolean(),
});
export type TScheduleSessionRow = z.infer<typeof ZScheduleSessionRow>;

/** The Schedule Sessions report: the sessions that start in the SPEC §9 range, in programme order. */
export const ZScheduleSessionsReport = ZReportWindow.extend({
  totals: z.object({ sessions: z.number().int(), attended: z.number().int(), attendees: z.number().int(), booked: z.number().int() }),
  sessions: z.array(ZScheduleSessionRow),
});
export type TScheduleSessionsReport = z.infer<typeof ZScheduleSessionsReport>;
