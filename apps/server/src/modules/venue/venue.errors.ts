import { AppError } from '../../platform/errors.ts';

export const venueErrors = {
  notAttendee: () => new AppError(403, 'VENUE_NOT_ATTENDEE', 'Sign in to this event as its participant to enter its virtual venue'),
  notInEventMode: () => new AppError(403, 'VENUE_NOT_IN_EVENT_MODE', 'This event is held in person: it has no virtual venue'),
  beforeEvent: () => new AppError(403, 'VENUE_BEFORE_EVENT', 'The virtual venue opens when the event starts'),
  hiddenFromMenu: () => new AppError(403, 'VENUE_HIDDEN', 'The organiser does not show this page for this event'),
  pageNotSaved: () => new AppError(409, 'VENUE_PAGE_NOT_SAVED', 'Save this page before publishing it'),
};
