import { AppError } from '../../platform/errors.ts';

export const venueErrors = {
  notAttendee: () => new AppError(403, 'VENUE_NOT_ATTENDEE', 'Sign in to this event as its participant to enter its virtual venue'),
  notInEventMode: () => new AppError(403, 'VENUE_NOT_IN_EVENT_MODE', 'This event is held in person: it has no virtual venue'),
  beforeEvent: () => new AppError(403, 'VENUE_BEFORE_EVENT', 'The virtual venue opens when the event starts'),
  pageNotSaved: () => new AppError(409, 'VENUE_PAGE_NOT_SAVED', 'Save this page before publishing it'),
  eventNotFound: () => new AppError(404, 'NOT_FOUND', 'Event not found'),
};
