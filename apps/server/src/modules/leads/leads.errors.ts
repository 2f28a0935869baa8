import { AppError } from '../../platform/errors.ts';

export const leadsErrors = {
  notParticipant: () => new AppError(403, 'LEADS_NOT_PARTICIPANT', 'Sign in to this event as its participant first'),
  notStaff: () => new AppError(403, 'LEADS_NOT_STAFF', 'Your account is not listed as staff of an exhibiting company of this event'),
  credentialInvalid: () => new AppError(400, 'LEADS_CREDENTIAL_INVALID', 'This is not a badge of this event (the code could not be verified)'),
  otherEvent: () => new AppError(400, 'LEADS_OTHER_EVENT', 'This badge belongs to another event'),
  credentialRevoked: () => new AppError(409, 'LEADS_CREDENTIAL_REVOKED', 'This badge has been revoked or replaced: ask the visitor for their current badge'),
  registrationNotFound: () => new AppError(404, 'LEADS_REGISTRATION_NOT_FOUND', 'No registration of this event has that number'),
  groupNumber: (n: number) => new AppError(409, 'LEADS_GROUP_REGISTRATION_NO', `This number covers ${n} badges of a group order: scan the visitor's badge instead`),
  leadNotFound: () => new AppError(404, 'NOT_FOUND', 'Lead not found'),
  companyNotFound: () => new AppError(404, 'NOT_FOUND', 'Company not found'),
  documentNotFound: () => new AppError(404, 'NOT_FOUND', 'Document not found'),
  tooManyDocuments: (n: number) => new AppError(409, 'LEADS_TOO_MANY_DOCUMENTS', `A booth holds at most ${n} documents: remove one first`),
  inquiryNotFound: () => new AppError(404, 'NOT_FOUND', 'Inquiry not found'),
  inquiryStep: (status: string) => new AppError(409, 'LEADS_INQUIRY_STATUS', `This inquiry is ${status}: that change is not possible`),
  eventNotEnded: (endsAt: Date) => new AppError(409, 'LEADS_EVENT_NOT_ENDED', `Brief bags are mailed after the event has ended (${endsAt.toISOString()})`),
  bagLinkInvalid: () => new AppError(404, 'NOT_FOUND', 'This brief bag link is not valid'),
  bagLinkExpired: () => new AppError(410, 'LEADS_BAG_LINK_EXPIRED', 'This brief bag link has expired'),
  noRegistration: () => new AppError(403, 'LEADS_NO_REGISTRATION', 'You need a registration for this event (made with your account email) to drop your card'),
};
