import { MAIL_OUTBOX_DISABLED } from '@pavilion/domain';
import { AppError } from '../../platform/errors.ts';

export const mailOutboxErrors = {
  disabled: () => new AppError(404, MAIL_OUTBOX_DISABLED, 'The mail outbox is available in development or with MAIL_OUTBOX_UI=1'),
  messageNotFound: () => new AppError(404, 'MAIL_NOT_FOUND', 'No such message in your organisation'),
  attachmentNotFound: () => new AppError(404, 'MAIL_ATTACHMENT_NOT_FOUND', 'No such attachment in this message'),
  regionTeam: () => new AppError(403, 'FORBIDDEN', 'The mail outbox shows organisation-wide mail; a region team cannot open it'),
};
