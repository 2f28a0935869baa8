import { AppError } from '../../platform/errors.ts';

export const notificationsErrors = {
  notFound: (what = 'Notification') => new AppError(404, 'NOT_FOUND', `${what} not found`),
  notParticipant: () => new AppError(403, 'NOTIFICATIONS_NOT_PARTICIPANT', 'Sign in to this event as its participant to see your notifications'),
  unknownTickets: () => new AppError(400, 'VALIDATION_FAILED', 'Not a ticket type of this event', [{ field: 'audience.ticketIds', key: 'unknownTicket' }]),
  unknownSession: () => new AppError(400, 'VALIDATION_FAILED', 'Not a session of this event', [{ field: 'audience.sessionId', key: 'unknownSession' }]),
  sessionWithoutBooking: () =>
    new AppError(400, 'VALIDATION_FAILED', 'This session takes no bookings, so it has no known audience: send to everyone or to ticket types instead', [{ field: 'audience.sessionId', key: 'sessionWithoutBooking' }]),
  emptyBody: () => new AppError(400, 'VALIDATION_FAILED', 'The announcement has no text once unsafe markup is removed', [{ field: 'body', key: 'required' }]),
  noRecipients: () => new AppError(409, 'ANNOUNCEMENT_NO_RECIPIENTS', 'Nobody in this audience has entered the event app yet, so nobody would receive it'),
};
