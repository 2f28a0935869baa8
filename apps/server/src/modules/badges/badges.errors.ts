import type { TFieldError } from '@pavilion/domain';
import { AppError } from '../../platform/errors.ts';

/** Badge error codes and their HTTP statuses. Another tenant's ids answer 404 (never 403), like every module. */
export const badgeErrors = {
  fields: (errs: TFieldError[]) => new AppError(400, 'VALIDATION_FAILED', 'Some fields are not valid', errs),
  templateNotFound: () => new AppError(404, 'NOT_FOUND', 'Badge template not found'),
  registrationNotFound: () => new AppError(404, 'NOT_FOUND', 'Registration not found'),
  jobNotFound: () => new AppError(404, 'NOT_FOUND', 'Print job not found'),
  noTemplate: () => new AppError(409, 'NO_BADGE_TEMPLATE', 'This event has no badge template for this attendee; design one first'),
  nothingToPrint: () => new AppError(400, 'VALIDATION_FAILED', 'No registration matches this selection', [{ field: 'registrationIds', key: 'nothingToPrint' }]),
  tooMany: (max: number) => new AppError(400, 'VALIDATION_FAILED', `At most ${max} badges per job`, [{ field: 'registrationIds', key: 'too_big' }]),
  jobNotDone: () => new AppError(409, 'JOB_NOT_DONE', 'This print job has not finished'),
  partNotFound: () => new AppError(404, 'NOT_FOUND', 'This print job has no such part'),
};
