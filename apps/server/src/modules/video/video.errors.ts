import { DANGEROUS_REQUEST_CODE, DANGEROUS_REQUEST_MESSAGE } from '@pavilion/domain';
import { AppError } from '../../platform/errors.ts';

export const videoErrors = {
  notParticipant: () => new AppError(403, 'VIDEO_NOT_PARTICIPANT', 'Sign in to the event first'),
  /** The callee is not a participant of the caller's event and organisation (or is the caller). */
  badCallee: () => new AppError(400, 'CALL_BAD_CALLEE', 'That person is not a participant of this event'),
  channelBusy: () => new AppError(409, 'CALL_CHANNEL_BUSY', 'A call is already running on this channel'),
  calleeBusy: () => new AppError(409, 'CALL_BUSY', 'That person is in another call'),
  /** No live call on the channel of which the sender is a party (another event's, someone else's, or over). */
  notInCall: () => new AppError(403, 'CALL_NOT_A_PARTY', 'You are not in this call'),
  notRinging: () => new AppError(409, 'CALL_NOT_RINGING', 'This call is no longer ringing'),
  tableNotFound: () => new AppError(404, 'TABLE_NOT_FOUND', 'No such table'),
  tableFull: () => new AppError(409, 'TABLE_FULL', 'This table is full'),
  tableClosed: () => new AppError(409, 'TABLE_CLOSED', 'This table is closed now'),
  tableBarred: () => new AppError(403, 'TABLE_BARRED', 'The organiser removed you from this table; you can sit here again once they allow it'),
  seatNotFound: () => new AppError(404, 'TABLE_SEAT_NOT_FOUND', 'That person is not seated at this table'),
  barNotFound: () => new AppError(404, 'TABLE_BAR_NOT_FOUND', 'That person is not barred from this table'),
  notSeated: () => new AppError(403, 'VIDEO_NOT_SEATED', 'Take a seat at the table first'),
  sfuNotConfigured: () => new AppError(409, 'SFU_NOT_CONFIGURED', 'Video for more than four people needs a media server, which is not configured'),
  /** The media server did not answer or refused the server's own request (down, or its secrets differ from ours). */
  sfuUnavailable: () => new AppError(503, 'SFU_UNAVAILABLE', 'The media server is not reachable now; try again in a moment'),
  seatsBelowTaken: (taken: number) => new AppError(409, 'TABLE_SEATS_TAKEN', `${taken} people sit at this table now; seats cannot be fewer`),
  dangerous: () => new AppError(400, DANGEROUS_REQUEST_CODE, DANGEROUS_REQUEST_MESSAGE),
};
