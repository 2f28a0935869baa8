import { AppError } from '../../platform/errors.ts';

export const exhibitionErrors = {
  companyNotFound: () => new AppError(404, 'NOT_FOUND', 'Company not found'),
  boothNotFound: () => new AppError(404, 'NOT_FOUND', 'Booth not found'),
  productNotFound: () => new AppError(404, 'NOT_FOUND', 'Product not found'),
  companyNameTaken: (name: string) => new AppError(409, 'EXHIBITION_COMPANY_NAME_TAKEN', `This event already has a company named “${name}”`),
  boothNumberTaken: (hall: string, number: string) => new AppError(409, 'EXHIBITION_BOOTH_NUMBER_TAKEN', `${hall} already has a booth numbered ${number}`),
  boothOverlap: (hall: string, number: string) => new AppError(409, 'EXHIBITION_BOOTH_OVERLAP', `This place overlaps booth ${number} in ${hall}`),
  staffTaken: (email: string, company: string) => new AppError(409, 'EXHIBITION_STAFF_TAKEN', `${email} already staffs ${company} at this event`),
  companyHoldsBooths: (numbers: string[]) =>
    new AppError(409, 'EXHIBITION_COMPANY_HOLDS_BOOTHS', `This company holds booth${numbers.length > 1 ? 's' : ''} ${numbers.join(', ')}: free ${numbers.length > 1 ? 'them' : 'it'} first`),
};
