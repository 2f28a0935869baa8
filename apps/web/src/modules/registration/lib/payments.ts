import type { TOrder, TPaymentProvider } from '@pavilion/domain/registration/registration.schemas';
import type {
  TInvoiceSettings,
  TInvoiceSettingsUpdateRequest,
  TPaymentSettings,
  TPaymentSettingsUpdateRequest,
  TRefund,
  TRefundRequest,
} from '@pavilion/domain/registration/payments.schemas';
import { refundAmountProblem, refundableAmount } from '@pavilion/domain/registration/refunds';
import { toMinor } from './money.ts';

/**
 * Form values of the payment settings, shaped like the request so zod and server field paths
 * (`stripe.publishableKey`) land on the right input. Secret fields start empty: empty means "keep what is set".
 */
export type TPaymentSettingsValues = {
  enabledProviders: TPaymentProvider[];
  offline: { instructions: string };
  stripe: { publishableKey: string; secretKey: string; webhookSecret: string };
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; checkoutUrl: string };
};

export function paymentSettingsValues(s?: TPaymentSettings): TPaymentSettingsValues {
  return {
    enabledProviders: s?.enabledProviders ?? [],
    offline: { instructions: s?.offline.instructions ?? '' },
    stripe: { publishableKey: s?.stripe.publishableKey ?? '', secretKey: '', webhookSecret: '' },
    razorpay: { keyId: s?.razorpay.keyId ?? '', keySecret: '', webhookSecret: '', checkoutUrl: s?.razorpay.checkoutUrl ?? '' },
  };
}

/** A secret goes out only when typed (write-only on the server); public values go out as typed, or null when blank. */
export function paymentSettingsRequest(v: TPaymentSettingsValues): TPaymentSettingsUpdateRequest {
  const orNull = (x: string) => (x.trim() ? x.trim() : null);
  const ifTyped = <K extends string>(key: K, x: string) => (x.trim() ? ({ [key]: x.trim() } as Record<K, string>) : {});
  return {
    enabledProviders: v.enabledProviders,
    offline: { instructions: v.offline.instructions.trim() },
    stripe: {
      publishableKey: orNull(v.stripe.publishableKey),
      ...ifTyped('secretKey', v.stripe.secretKey),
      ...ifTyped('webhookSecret', v.stripe.webhookSecret),
    },
    razorpay: {
      keyId: orNull(v.razorpay.keyId),
      checkoutUrl: orNull(v.razorpay.checkoutUrl),
      ...ifTyped('keySecret', v.razorpay.keySecret),
      ...ifTyped('webhookSecret', v.razorpay.webhookSecret),
    },
  };
}

export const invoiceSettingsValues = (s?: TInvoiceSettings): TInvoiceSettings => ({
  legalName: s?.legalName ?? '',
  address: s?.address ?? '',
  taxId: s?.taxId ?? '',
  email: s?.email ?? '',
  invoicePrefix: s?.invoicePrefix ?? '',
  creditNotePrefix: s?.creditNotePrefix ?? 'CN-',
});

export const invoiceSettingsRequest = (v: TInvoiceSettings): TInvoiceSettingsUpdateRequest => ({
  legalName: v.legalName.trim(),
  address: v.address.trim(),
  taxId: v.taxId.trim(),
  email: v.email.trim(),
  invoicePrefix: v.invoicePrefix.trim().toUpperCase(),
  creditNotePrefix: v.creditNotePrefix.trim().toUpperCase(),
});

// ---------------------------------------------------------------- refunds

/**
 * What can still be refunded of an order, in minor units (the domain's rule, shared with company invoices): less what
 * is pending with the provider (reserved until it settles), when the order's refunds are known.
 */
export function refundableMinor(order: Pick<TOrder, 'total' | 'refundedAmount'>, refunds: readonly Pick<TRefund, 'amount' | 'status'>[] = []): number {
  const pending = refunds.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amount, 0);
  return Math.max(0, refundableAmount(order) - pending);
}

/** A refund is offered for confirmed, paid (or part-refunded) orders with money left to return. */
export function canRefund(order: Pick<TOrder, 'status' | 'paymentStatus' | 'total' | 'refundedAmount'>, refunds: readonly Pick<TRefund, 'amount' | 'status'>[] = []): boolean {
  return order.status === 'paid' && (order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded') && refundableMinor(order, refunds) > 0;
}

export type TRefundValues = { mode: 'full' | 'partial'; amount: string | number; reason: string };

/**
 * The refund request of the form: a full refund omits the amount (the server refunds what remains); a partial one
 * converts the typed major amount to minor units. `error` is a validation key for the amount field.
 */
export function refundRequest(v: TRefundValues, currency: string, remainingMinor: number): { request: TRefundRequest; error: null } | { request: null; error: string } {
  const reason = v.reason.trim();
  if (v.mode === 'full') return { request: { reason }, error: null };
  if (String(v.amount).trim() === '') return { request: null, error: 'required' };
  const minor = toMinor(v.amount, currency);
  const error = minor === null ? 'invalid' : refundAmountProblem(minor, remainingMinor);
  if (minor === null || error) return { request: null, error: error ?? 'invalid' };
  return { request: { amount: minor, reason }, error: null };
}
