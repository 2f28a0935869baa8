import { AppError } from '../../platform/errors.ts';

export const epostersErrors = {
  notFound: () => new AppError(404, 'EPOSTER_NOT_FOUND', 'This e-poster does not exist'),
  notParticipant: () => new AppError(403, 'EPOSTER_NOT_PARTICIPANT', 'Sign in to this event as its participant to see its e-posters'),
  linkExpired: () => new AppError(403, 'EPOSTER_LINK_EXPIRED', 'This link to the poster has expired: open the poster again'),
};
