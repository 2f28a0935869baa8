import type { TFieldError } from '@pavilion/domain';
import { AppError } from '../../platform/errors.ts';

/**
 * Registration error codes and their HTTP statuses (the order errors are listed on the createOrder contract,
 * packages/domain/src/registration/registration.routes.ts).
 */
export const registrationErrors = {
  fields: (errs: TFieldError[], message = 'Some fields are not valid') => new AppError(400, 'VALIDATION_FAILED', message, errs),
  soldOut: (errs: TFieldError[]) => new AppError(409, 'SOLD_OUT', 'Not enough seats are left for this selection', errs),
  soldOutAfterFailedPayment: (errs: TFieldError[]) =>
    new AppError(409, 'SOLD_OUT', 'Your seats were released when the payment failed, and they have been sold since; please choose your tickets again', errs),
  tryAgain: () => new AppError(409, 'TRY_AGAIN', 'Many people are buying right now; please try again', undefined, { 'retry-after': '1' }),
  couponUsedUp: () => new AppError(409, 'COUPON_USED_UP', 'This coupon has been used up', [{ field: 'couponCode', key: 'couponUsedUp' }]),
  priceChanged: (total: number) =>
    new AppError(409, 'PRICE_CHANGED', `The total is now ${total}; please review your order`, [{ field: 'expectedTotal', key: 'priceChanged' }]),
  cartExpired: () => new AppError(410, 'CART_EXPIRED', 'Your reservation has expired; please choose your tickets again', [{ field: 'cartId', key: 'cartExpired' }]),
  idempotencyInFlight: () => new AppError(409, 'IDEMPOTENCY_IN_FLIGHT', 'The first request with this Idempotency-Key is still being processed', undefined, { 'retry-after': '1' }),
  idempotencyReused: () => new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request'),
  ticketHasOrders: () => new AppError(409, 'TICKET_HAS_ORDERS', 'This ticket has registrations; hide it instead of deleting it'),
  quotaInUse: () => new AppError(409, 'QUOTA_IN_USE', "A ticket's own quota is changed through the ticket's capacity"),
  couponCodeTaken: () => new AppError(409, 'COUPON_CODE_TAKEN', 'A coupon with this code already exists', [{ field: 'code', key: 'codeTaken' }]),
  slugTaken: () => new AppError(409, 'SLUG_TAKEN', 'A category with this URL name already exists', [{ field: 'slug', key: 'slugTaken' }]),
  orderNotPayable: () => new AppError(409, 'ORDER_NOT_PAYABLE', 'This order cannot be paid (already paid, cancelled or expired)'),
  orderNotCancellable: () => new AppError(409, 'ORDER_NOT_CANCELLABLE', 'Only a pending order can be cancelled; refund a paid order first'),
  photoInvalid: (key: 'fileTooLarge' | 'fileContentMismatch') =>
    new AppError(400, 'PHOTO_INVALID', key === 'fileTooLarge' ? 'The photo must be at most 512 KB' : 'The file is not the image type it claims to be', [{ field: 'dataBase64', key }]),
  paymentStatusInvalid: () => new AppError(409, 'PAYMENT_STATUS_CHANGE_INVALID', 'This payment status change is not allowed'),
};
