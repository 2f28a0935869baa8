import { AppError } from '../../platform/errors.ts';

export const sponsorErrors = {
  tierNotFound: () => new AppError(404, 'NOT_FOUND', 'Sponsorship tier not found'),
  sponsorNotFound: () => new AppError(404, 'NOT_FOUND', 'Sponsor not found'),
  tierNameTaken: (name: string) => new AppError(409, 'SPONSOR_TIER_NAME_TAKEN', `This event already has a tier named “${name}”`),
  tierNotEmpty: (count: number) =>
    new AppError(409, 'SPONSOR_TIER_NOT_EMPTY', count > 0 ? `This tier has ${count} sponsor${count > 1 ? 's' : ''}: move or delete ${count > 1 ? 'them' : 'it'} first` : 'This tier has sponsors: move or delete them first'),
  tooMany: (what: string, max: number) => new AppError(409, 'SPONSOR_LIMIT', `An event may have at most ${max} ${what}`),
  contactTeamAccount: () => new AppError(409, 'SPONSOR_CONTACT_TEAM_ACCOUNT', 'This email belongs to an organiser team account: invite another address'),
  contactTaken: (sponsor: string) => new AppError(409, 'SPONSOR_CONTACT_TAKEN', `This account is already the contact of ${sponsor} at this event`),
  contactsFull: (max: number) => new AppError(409, 'SPONSOR_CONTACTS_FULL', `A sponsor has at most ${max} contacts: revoke one first`),
  contactNotFound: () => new AppError(404, 'NOT_FOUND', 'Contact not found'),
  notParticipant: () => new AppError(403, 'SPONSOR_NOT_PARTICIPANT', 'Sign in to this event first'),
  notContact: () => new AppError(403, 'SPONSOR_NOT_CONTACT', 'Only a sponsor’s contact may open or change its sponsorship'),
  notAccepted: () => new AppError(409, 'SPONSOR_INVITATION_NOT_ACCEPTED', 'Accept the sponsorship invitation first'),
  noWebsite: () => new AppError(404, 'NOT_FOUND', 'This sponsor has no website'),
};
