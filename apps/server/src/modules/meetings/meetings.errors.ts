import { AppError } from '../../platform/errors.ts';

export const meetingsErrors = {
  notFound: (what = 'Meeting') => new AppError(404, 'NOT_FOUND', `${what} not found`),
  notParticipant: () => new AppError(403, 'MEETINGS_NOT_PARTICIPANT', 'Sign in to this event as its participant to use matchmaking and meetings'),
  notOpen: () => new AppError(409, 'MEETINGS_NOT_OPEN', 'The organiser has not set meeting hours for this event yet'),
  self: () => new AppError(400, 'VALIDATION_FAILED', 'You cannot meet yourself', [{ field: 'inviteeEventUserId', key: 'self' }]),
  unknownParticipant: (field: string) => new AppError(400, 'VALIDATION_FAILED', 'Not a participant of this event', [{ field, key: 'unknownParticipant' }]),
  unknownSlot: () => new AppError(400, 'VALIDATION_FAILED', 'Not a slot of the meeting hours', [{ field: 'slot', key: 'unknownSlot' }]),
  personBusy: (name: string, slot: string) => new AppError(409, 'MEETING_PERSON_BUSY', `${name} already has a meeting at ${slot.replace('T', ' ')}`),
  noTable: (tables: number, slot: string) =>
    new AppError(409, 'MEETING_NO_TABLE', tables === 0 ? 'The networking lounge has no tables' : `All ${tables} lounge tables are taken at ${slot.replace('T', ' ')}`),
  boothTaken: (booth: string, slot: string) => new AppError(409, 'MEETING_BOOTH_TAKEN', `The booth ${booth} already has a meeting at ${slot.replace('T', ' ')}`),
  invalidTransition: (statusLabel: string, action: string, allowed: string[]) =>
    new AppError(
      409,
      'MEETING_INVALID_TRANSITION',
      `This meeting is ${statusLabel}: you cannot ${action} it. ${allowed.length ? `Allowed: ${allowed.join(', ')}.` : 'No action is allowed any more.'}`,
      allowed.map((a) => ({ field: 'action', key: a })),
    ),
  sameSlot: () => new AppError(400, 'VALIDATION_FAILED', 'The meeting is already at this time', [{ field: 'slot', key: 'sameSlot' }]),
  boothNotUsed: () => new AppError(400, 'VALIDATION_FAILED', 'This meeting is not at a booth', [{ field: 'booth', key: 'boothNotUsed' }]),
  proposalOpen: (who: string, slot: string, allowed: string[]) =>
    new AppError(
      409,
      'MEETING_PROPOSAL_OPEN',
      `${who} already proposed a new time (${slot.replace('T', ' ')}) that waits for an answer: one proposal at a time.${allowed.length ? ` Allowed: ${allowed.join(', ')}.` : ''}`,
      allowed.map((a) => ({ field: 'answer', key: a })),
    ),
  invalidAnswer: (statusLabel: string, answer: string, allowed: string[]) =>
    new AppError(
      409,
      'MEETING_INVALID_TRANSITION',
      `This new time is ${statusLabel}: you cannot ${answer} it. ${allowed.length ? `Allowed: ${allowed.join(', ')}.` : 'No answer is allowed any more.'}`,
      allowed.map((a) => ({ field: 'answer', key: a })),
    ),
  changedMeanwhile: () => new AppError(409, 'MEETING_CHANGED', 'The meeting was changed meanwhile: reload it and try again'),
};
