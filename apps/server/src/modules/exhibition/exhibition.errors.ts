import { AppError } from '../../platform/errors.ts';

export const exhibitionErrors = {
  companyNotFound: () => new AppError(404, 'NOT_FOUND', 'Company not found'),
  boothNotFound: () => new AppError(404, 'NOT_FOUND', 'Booth not found'),
  productNotFound: () => new AppError(404, 'NOT_FOUND', 'Product not found'),
  productHasOpenOrders: (n: number) =>
    new AppError(409, 'EXHIBITION_PRODUCT_HAS_OPEN_ORDERS', `This product has ${n} open order${n === 1 ? '' : 's'} (pending or approved): reject or fulfil ${n === 1 ? 'it' : 'them'} first, then delete the product`),
  videoNotFound: () => new AppError(404, 'NOT_FOUND', 'Video not found'),
  documentNotFound: () => new AppError(404, 'NOT_FOUND', 'Document not found'),
  notCompanyMember: () => new AppError(403, 'EXHIBITION_NOT_COMPANY_MEMBER', 'Only the admin or the staff of an exhibiting company of this event can see its report: sign in with the account the organiser invited'),
  companyNameTaken: (name: string) => new AppError(409, 'EXHIBITION_COMPANY_NAME_TAKEN', `This event already has a company named “${name}”`),
  boothNumberTaken: (hall: string, number: string) => new AppError(409, 'EXHIBITION_BOOTH_NUMBER_TAKEN', `${hall} already has a booth numbered ${number}`),
  boothOverlap: (hall: string, number: string) => new AppError(409, 'EXHIBITION_BOOTH_OVERLAP', `This place overlaps booth ${number} in ${hall}`),
  staffTaken: (email: string, company: string) => new AppError(409, 'EXHIBITION_STAFF_TAKEN', `${email} already staffs ${company} at this event`),
  staffQuotaExceeded: (company: string, quota: number, asked: number) =>
    new AppError(409, 'EXHIBITION_STAFF_QUOTA_EXCEEDED', `${company} has ${quota} staff badge${quota === 1 ? '' : 's'} for the booths it holds: ${asked} staff ${asked === 1 ? 'is' : 'are'} too many`),
  companyHoldsBooths: (numbers: string[]) =>
    new AppError(409, 'EXHIBITION_COMPANY_HOLDS_BOOTHS', `This company holds booth${numbers.length > 1 ? 's' : ''} ${numbers.join(', ')}: free ${numbers.length > 1 ? 'them' : 'it'} first`),
  // Service forms (issue 15).
  submissionNotFound: () => new AppError(404, 'NOT_FOUND', 'Submission not found'),
  attachmentNotFound: () => new AppError(404, 'NOT_FOUND', 'This submission has no attachment'),
  notCompanyAdmin: () => new AppError(403, 'EXHIBITION_NOT_COMPANY_ADMIN', 'Only the admin of an exhibiting company of this event can use its stand area: open the invitation link from your mail'),
  adminTeamAccount: () => new AppError(409, 'EXHIBITION_ADMIN_TEAM_ACCOUNT', 'This email belongs to an organiser team account: invite the company with another address'),
  boothWithoutCompany: (booth: string) => new AppError(409, 'EXHIBITION_BOOTH_WITHOUT_COMPANY', `Booth ${booth} is not held by a company: assign it to one first`),
  noCompanyAdmin: (company: string) => new AppError(409, 'EXHIBITION_NO_COMPANY_ADMIN', `${company} has no admin yet: invite one from Companies first`),
  adminTaken: (company: string) => new AppError(409, 'EXHIBITION_ADMIN_TAKEN', `This person is already the admin of ${company} at this event`),
  formNotActive: (form: string) => new AppError(409, 'EXHIBITION_FORM_NOT_ACTIVE', `${form} is not open for this event`),
  formStallType: (form: string, formStall: string, booth: string, boothStall: string) =>
    new AppError(409, 'EXHIBITION_FORM_STALL_TYPE', `${form} is for ${formStall} stalls; booth ${booth} is a ${boothStall} stall`),
  deadlinePassed: (form: string, deadline: string, timeZone: string) =>
    new AppError(409, 'EXHIBITION_FORM_DEADLINE_PASSED', `The deadline for ${form} was ${deadline.replace('T', ' ')} (${timeZone}): it takes no more changes`),
  submissionStale: () => new AppError(409, 'EXHIBITION_SUBMISSION_STALE', 'Someone else saved this form after you opened it: reload it to see their changes, then save again'),
  notServiceProvider: () => new AppError(403, 'EXHIBITION_NOT_SERVICE_PROVIDER', 'This board is for the service providers of this event’s organiser: sign in with your service provider account'),
  submissionStatus: (action: string, status: string, allowed: string[]) =>
    new AppError(409, 'EXHIBITION_SUBMISSION_STATUS', `A ${status} submission cannot be ${PAST[action] ?? action}; allowed: ${allowed.length ? allowed.join(', ') : 'nothing more'}`),
};

const PAST: Record<string, string> = { save: 'saved', submit: 'submitted', approve: 'approved', reject: 'rejected', fulfil: 'marked fulfilled' };
