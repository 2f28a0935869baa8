import { AppError } from '../../platform/errors.ts';

export const shareErrors = {
  /** An unknown ticket. */
  ticketNotFound: () => new AppError(404, 'TICKET_LINK_NOT_FOUND', 'No such ticket'),
  /** Unknown pair, withdrawn registration, or a profile its owner keeps private: one answer for all. */
  linkNotFound: () => new AppError(404, 'SHARE_LINK_NOT_FOUND', 'This link does not lead anywhere (unknown, withdrawn or private)'),
  eventNotFound: () => new AppError(404, 'EVENT_NOT_FOUND', 'No such event'),
};
