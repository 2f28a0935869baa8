import { defineStatusMachine } from '../status/status-machine.ts';
import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/** SPEC §4 meeting or request status (first labelling). */
const meetingStatusEnum = /*#__PURE__*/ defineEnum({
  Pending: [0, 'Pending'],
  Approved: [1, 'Approved'],
  Rejected: [2, 'Rejected'],
  Completed: [3, 'Completed'],
  Cancelled: [4, 'Cancelled'],
});
export const MeetingStatus = meetingStatusEnum.values;
export type TMeetingStatus = TEnumValue<typeof meetingStatusEnum>;
export const MEETING_STATUS_LABELS = meetingStatusEnum.labels;

/**
 * SPEC §4 second labelling of the same field, used for invitation responses: 3 means Maybe/Tentative (not
 * Completed) and 5 Scheduled exists only here.
 */
const meetingResponseStatusEnum = /*#__PURE__*/ defineEnum({
  Pending: [0, 'Pending'],
  Approved: [1, 'Approved'],
  Rejected: [2, 'Rejected'],
  Tentative: [3, 'Maybe/Tentative'],
  Cancelled: [4, 'Cancelled'],
  Scheduled: [5, 'Scheduled'],
});
export const MeetingResponseStatus = meetingResponseStatusEnum.values;
export type TMeetingResponseStatus = TEnumValue<typeof meetingResponseStatusEnum>;
export const MEETING_RESPONSE_STATUS_LABELS = meetingResponseStatusEnum.labels;

/** SPEC §4 status colours. */
export const STATUS_COLOURS = ['amber', 'blue', 'red', 'green', 'grey'] as const;
export type TStatusColour = (typeof STATUS_COLOURS)[number];
export const MEETING_STATUS_COLOURS: Record<TMeetingStatus, TStatusColour> = {
  0: 'amber',
  1: 'blue',
  2: 'red',
  3: 'green',
  4: 'grey',
};
/**
 * The spec colours only pending/approved/rejected/completed/cancelled. Tentative is still awaiting a firm answer
 * (amber, like pending); Scheduled is a confirmed slot (blue, like approved).
 */
export const MEETING_RESPONSE_STATUS_COLOURS: Record<TMeetingResponseStatus, TStatusColour> = {
  0: 'amber',
  1: 'blue',
  2: 'red',
  3: 'amber',
  4: 'grey',
  5: 'blue',
};

/**
 * Requests: a pending request is approved, rejected or withdrawn (cancelled); an approved meeting is held
 * (completed) or called off (cancelled). Rejected, completed and cancelled are final: a cancelled meeting cannot be
 * approved again, a new request is made instead.
 */
export const MEETING_STATUS_MACHINE = defineStatusMachine<TMeetingStatus>('MeetingStatus', {
  0: [1, 2, 4],
  1: [3, 4],
  2: [],
  3: [],
  4: [],
});
export const canTransitionMeetingStatus = MEETING_STATUS_MACHINE.canTransition;
export const assertMeetingStatusTransition = MEETING_STATUS_MACHINE.assertTransition;

/**
 * Invitation responses: an invitee may answer and change their answer (approve, decline, maybe) until the meeting
 * is scheduled; a scheduled meeting can only be cancelled; rejected and cancelled are final.
 */
export const MEETING_RESPONSE_STATUS_MACHINE = defineStatusMachine<TMeetingResponseStatus>('MeetingResponseStatus', {
  0: [1, 2, 3, 4, 5],
  1: [2, 3, 4, 5],
  2: [],
  3: [1, 2, 4, 5],
  4: [],
  5: [4],
});
export const canTransitionMeetingResponseStatus = MEETING_RESPONSE_STATUS_MACHINE.canTransition;
export const assertMeetingResponseStatusTransition = MEETING_RESPONSE_STATUS_MACHINE.assertTransition;
