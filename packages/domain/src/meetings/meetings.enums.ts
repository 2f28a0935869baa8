/** SPEC §3.10 Meeting place. */
export const MeetingPlace = { Booth: 1, NetworkingLounge: 2 } as const;
export type TMeetingPlace = (typeof MeetingPlace)[keyof typeof MeetingPlace];
export const MEETING_PLACE_LABELS: Record<TMeetingPlace, string> = { 1: 'Booth', 2: 'Networking Lounge' };

/** SPEC §3.10 Meeting mode. */
export const MeetingMode = { Physical: 1, Virtual: 2 } as const;
export type TMeetingMode = (typeof MeetingMode)[keyof typeof MeetingMode];
export const MEETING_MODE_LABELS: Record<TMeetingMode, string> = { 1: 'Physical', 2: 'Virtual' };

/** SPEC §3.10 Meeting type (labels upper-case as in the spec). */
export const MeetingType = { General: 1, Meeting: 2, Networking: 3 } as const;
export type TMeetingType = (typeof MeetingType)[keyof typeof MeetingType];
export const MEETING_TYPE_LABELS: Record<TMeetingType, string> = { 1: 'GENERAL', 2: 'MEETING', 3: 'NETWORKING' };
