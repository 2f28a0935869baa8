import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/**
 * Event mode (SPEC §2.5 eventMode values). The spec gives only the numbers; virtual-only portal entries (Lobby,
 * Auditorium, Virtual Room, E-Poster …) "suit only modes 1 and 3", so 1 is virtual, 3 hybrid and 2 in person.
 */
const eventModeEnum = /*#__PURE__*/ defineEnum({ Virtual: [1, 'Virtual'], InPerson: [2, 'In person'], Hybrid: [3, 'Hybrid'] });
export const EventMode = eventModeEnum.values;
export type TEventMode = TEnumValue<typeof eventModeEnum>;
export const EVENT_MODE_LABELS = eventModeEnum.labels;

/** SPEC §3.10 Event type. */
const eventTypeEnum = /*#__PURE__*/ defineEnum({ Entertainment: [1, 'Entertainment'], NonEntertainment: [2, 'Non-Entertainment'] });
export const EventType = eventTypeEnum.values;
export type TEventType = TEnumValue<typeof eventTypeEnum>;
export const EVENT_TYPE_LABELS = eventTypeEnum.labels;

/** SPEC §3.10 Login identifier. */
const loginIdentifierEnum = /*#__PURE__*/ defineEnum({
  None: [1, 'None'],
  EmailOrMobile: [2, 'Email/Mobile'],
  Mobile: [3, 'Mobile'],
  Email: [4, 'Email'],
});
export const LoginIdentifier = loginIdentifierEnum.values;
export type TLoginIdentifier = TEnumValue<typeof loginIdentifierEnum>;
export const LOGIN_IDENTIFIER_LABELS = loginIdentifierEnum.labels;

/** SPEC §3.10 Registration identifier. */
const registrationIdentifierEnum = /*#__PURE__*/ defineEnum({
  RegNo: [1, 'Reg. No'],
  RegNoAndInvitationCode: [2, 'Reg. No. + Invitation Code'],
});
export const RegistrationIdentifier = registrationIdentifierEnum.values;
export type TRegistrationIdentifier = TEnumValue<typeof registrationIdentifierEnum>;
export const REGISTRATION_IDENTIFIER_LABELS = registrationIdentifierEnum.labels;
