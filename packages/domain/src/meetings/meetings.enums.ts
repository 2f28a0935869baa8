import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/** SPEC §3.10 Meeting place. */
const meetingPlaceEnum = /*#__PURE__*/ defineEnum({ Booth: [1, 'Booth'], NetworkingLounge: [2, 'Networking Lounge'] });
export const MeetingPlace = meetingPlaceEnum.values;
export type TMeetingPlace = TEnumValue<typeof meetingPlaceEnum>;
export const MEETING_PLACE_LABELS = meetingPlaceEnum.labels;

/** SPEC §3.10 Meeting mode. */
const meetingModeEnum = /*#__PURE__*/ defineEnum({ Physical: [1, 'Physical'], Virtual: [2, 'Virtual'] });
export const MeetingMode = meetingModeEnum.values;
export type TMeetingMode = TEnumValue<typeof meetingModeEnum>;
export const MEETING_MODE_LABELS = meetingModeEnum.labels;

/** SPEC §3.10 Meeting type (labels upper-case as in the spec). */
const meetingTypeEnum = /*#__PURE__*/ defineEnum({ General: [1, 'GENERAL'], Meeting: [2, 'MEETING'], Networking: [3, 'NETWORKING'] });
export const MeetingType = meetingTypeEnum.values;
export type TMeetingType = TEnumValue<typeof meetingTypeEnum>;
export const MEETING_TYPE_LABELS = meetingTypeEnum.labels;
