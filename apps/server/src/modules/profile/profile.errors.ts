import { AppError } from '../../platform/errors.ts';

export const profileErrors = {
  /** Unknown, or another person's registration: the same answer, so ids cannot be probed. */
  notFound: () => new AppError(404, 'PROFILE_NOT_FOUND', 'No such registration of yours'),
};
