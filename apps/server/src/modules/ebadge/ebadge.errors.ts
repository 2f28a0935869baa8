import { AppError } from '../../platform/errors.ts';

export const ebadgeErrors = {
  notFound: () => new AppError(404, 'EBADGE_NOT_FOUND', 'No such e-badge'),
  eventNotFound: () => new AppError(404, 'EVENT_NOT_FOUND', 'No such event'),
  notReady: () => new AppError(409, 'EBADGE_NOT_READY', 'This e-badge has no QR code yet: the registration is not approved and paid'),
  walletNotConfigured: (wallet: 'apple' | 'google') => new AppError(404, 'WALLET_NOT_CONFIGURED', `The organiser has not set up ${wallet === 'apple' ? 'Apple' : 'Google'} Wallet passes`),
  duplicatePlatform: () => new AppError(400, 'VALIDATION_FAILED', 'Each platform can have one share option only', [{ field: 'shareOptions', key: 'duplicatePlatform' }]),
  invalidKey: (field: string) => new AppError(400, 'VALIDATION_FAILED', 'The key or certificate could not be read', [{ field, key: 'invalidKey' }]),
};
