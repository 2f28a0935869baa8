/**
 * Event mode (SPEC §2.5 eventMode values). The spec gives only the numbers; virtual-only portal entries (Lobby,
 * Auditorium, Virtual Room, E-Poster …) "suit only modes 1 and 3", so 1 is virtual, 3 hybrid and 2 in person.
 */
export const EventMode = { Virtual: 1, InPerson: 2, Hybrid: 3 } as const;
export type TEventMode = (typeof EventMode)[keyof typeof EventMode];
export const EVENT_MODE_LABELS: Record<TEventMode, string> = { 1: 'Virtual', 2: 'In person', 3: 'Hybrid' };

/** SPEC §3.10 Event type. */
export const EventType = { Entertainment: 1, NonEntertainment: 2 } as const;
export type TEventType = (typeof EventType)[keyof typeof EventType];
export const EVENT_TYPE_LABELS: Record<TEventType, string> = { 1: 'Entertainment', 2: 'Non-Entertainment' };

/** SPEC §3.10 Login identifier. */
export const LoginIdentifier = { None: 1, EmailOrMobile: 2, Mobile: 3, Email: 4 } as const;
export type TLoginIdentifier = (typeof LoginIdentifier)[keyof typeof LoginIdentifier];
export const LOGIN_IDENTIFIER_LABELS: Record<TLoginIdentifier, string> = {
  1: 'None',
  2: 'Email/Mobile',
  3: 'Mobile',
  4: 'Email',
};

/** SPEC §3.10 Registration identifier. */
export const RegistrationIdentifier = { RegNo: 1, RegNoAndInvitationCode: 2 } as const;
export type TRegistrationIdentifier = (typeof RegistrationIdentifier)[keyof typeof RegistrationIdentifier];
export const REGISTRATION_IDENTIFIER_LABELS: Record<TRegistrationIdentifier, string> = {
  1: 'Reg. No',
  2: 'Reg. No. + Invitation Code',
};
