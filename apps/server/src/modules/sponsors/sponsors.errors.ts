import { AppError } from '../../platform/errors.ts';

export const sponsorErrors = {
  tierNotFound: () => new AppError(404, 'NOT_FOUND', 'Sponsorship tier not found'),
  sponsorNotFound: () => new AppError(404, 'NOT_FOUND', 'Sponsor not found'),
  tierNameTaken: (name: string) => new AppError(409, 'SPONSOR_TIER_NAME_TAKEN', `This event already has a tier named “${name}”`),
  tierNotEmpty: (count: number) =>
    new AppError(409, 'SPONSOR_TIER_NOT_EMPTY', count > 0 ? `This tier has ${count} sponsor${count > 1 ? 's' : ''}: move or delete ${count > 1 ? 'them' : 'it'} first` : 'This tier has sponsors: move or delete them first'),
  tooMany: (what: string, max: number) => new AppError(409, 'SPONSOR_LIMIT', `An event may have at most ${max} ${what}`),
};
