import { AppError } from '../../platform/errors.ts';

export const certificateErrors = {
  templateNotFound: () => new AppError(404, 'CERTIFICATE_TEMPLATE_NOT_FOUND', 'No such certificate template in this event'),
  certificateNotFound: () => new AppError(404, 'CERTIFICATE_NOT_FOUND', 'No such certificate'),
  ruleNotFound: () => new AppError(404, 'CERTIFICATE_RULE_NOT_FOUND', 'No such attendance rule in this event'),
  mailBatchNotFound: () => new AppError(404, 'CERTIFICATE_MAIL_BATCH_NOT_FOUND', 'No such certificate mail batch in this event'),
  eventNotFound: () => new AppError(404, 'EVENT_NOT_FOUND', 'No such event'),
  attendanceUnavailable: () => new AppError(409, 'ATTENDANCE_UNAVAILABLE', 'Check-in attendance is not available on this server yet'),
};
