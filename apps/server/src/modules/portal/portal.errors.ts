import type { TFieldError } from '@pavilion/domain';
import { AppError } from '../../platform/errors.ts';

export const portalErrors = {
  eventNotFound: () => new AppError(404, 'EVENT_NOT_FOUND', 'No such event'),
  notAvailable: () => new AppError(404, 'TAB_NOT_AVAILABLE', 'This tab is not available for this event'),
  loginRequired: () => new AppError(401, 'TAB_LOGIN_REQUIRED', 'Sign in to the event to see this tab'),
  notParticipant: () => new AppError(403, 'TAB_NOT_PARTICIPANT', 'This tab is only for participants of this event'),
  ticketRestricted: () => new AppError(403, 'TAB_TICKET_RESTRICTED', 'This tab is only for holders of certain tickets'),
  bannerNotFound: () => new AppError(404, 'BANNER_NOT_FOUND', 'No such banner'),
  reorderDenied: () => new AppError(403, 'ACCESS_DENIED', 'Your role does not include AP-30 (Attendee App Menu: Reorder)'),
  invalid: (errors: TFieldError[]) => new AppError(400, 'VALIDATION_FAILED', 'Some fields are not valid', errors),
};
