import type { TCouponListQuery, TOrderListQuery, TPublicRegistrationQuery, TRegistrationListQuery } from '@pavilion/domain/registration/registration.schemas';
import type { TTransactionListQuery } from '@pavilion/domain/registration/payments.schemas';

/**
 * The registration module's one query-key factory (organiser and public). Every cache read, update and
 * invalidation goes through it. Kept free of runtime imports so public pages can load it for nothing.
 */
export const registrationKeys = {
  all: ['registration'] as const,
  // Organiser (per event)
  event: (eventId: string) => [...registrationKeys.all, 'event', eventId] as const,
  settings: (eventId: string) => [...registrationKeys.event(eventId), 'settings'] as const,
  tickets: (eventId: string) => [...registrationKeys.event(eventId), 'tickets'] as const,
  quotas: (eventId: string) => [...registrationKeys.event(eventId), 'quotas'] as const,
  forms: (eventId: string) => [...registrationKeys.event(eventId), 'forms'] as const,
  coupons: (eventId: string) => [...registrationKeys.event(eventId), 'coupons'] as const,
  couponList: (eventId: string, q: Partial<TCouponListQuery>) => [...registrationKeys.coupons(eventId), q] as const,
  categories: (eventId: string) => [...registrationKeys.event(eventId), 'categories'] as const,
  dateOptions: (eventId: string) => [...registrationKeys.event(eventId), 'date-options'] as const,
  cartLinks: (eventId: string) => [...registrationKeys.event(eventId), 'cart-links'] as const,
  registrations: (eventId: string) => [...registrationKeys.event(eventId), 'registrations'] as const,
  registrationList: (eventId: string, q: Partial<TRegistrationListQuery>) => [...registrationKeys.registrations(eventId), 'list', q] as const,
  registration: (eventId: string, id: string) => [...registrationKeys.registrations(eventId), 'detail', id] as const,
  journey: (eventId: string, id: string) => [...registrationKeys.registrations(eventId), 'journey', id] as const,
  orders: (eventId: string) => [...registrationKeys.event(eventId), 'orders'] as const,
  orderList: (eventId: string, q: Partial<TOrderListQuery>) => [...registrationKeys.orders(eventId), 'list', q] as const,
  order: (eventId: string, orderId: string) => [...registrationKeys.orders(eventId), 'detail', orderId] as const,
  refunds: (eventId: string, orderId: string) => [...registrationKeys.orders(eventId), 'refunds', orderId] as const,
  transactions: (eventId: string) => [...registrationKeys.event(eventId), 'transactions'] as const,
  transactionList: (eventId: string, q: Partial<TTransactionListQuery>) => [...registrationKeys.transactions(eventId), 'list', q] as const,
  /** What a "countsChanged" message refreshes: tickets (sold, held), quotas, registrations, orders, transactions. */
  liveCounts: (eventId: string) => [
    registrationKeys.tickets(eventId),
    registrationKeys.quotas(eventId),
    registrationKeys.registrations(eventId),
    registrationKeys.orders(eventId),
    registrationKeys.transactions(eventId),
  ],
  // Organiser (per organisation: one payment account and invoice identity for all events)
  organisation: () => [...registrationKeys.all, 'organisation'] as const,
  paymentSettings: () => [...registrationKeys.organisation(), 'payment-settings'] as const,
  invoiceSettings: () => [...registrationKeys.organisation(), 'invoice-settings'] as const,
  // Public
  public: () => [...registrationKeys.all, 'public'] as const,
  publicInfo: (eventId: string, q: TPublicRegistrationQuery) => [...registrationKeys.public(), 'info', eventId, q] as const,
  publicCartLink: (cartLinkId: string) => [...registrationKeys.public(), 'cart-link', cartLinkId] as const,
  publicCategories: (eventId: string, name?: string) => [...registrationKeys.public(), 'categories', eventId, name ?? ''] as const,
  publicDates: (categoryId: string) => [...registrationKeys.public(), 'dates', categoryId] as const,
  publicOrder: (orderId: string) => [...registrationKeys.public(), 'order', orderId] as const,
  publicCreditNotes: (orderId: string) => [...registrationKeys.publicOrder(orderId), 'credit-notes'] as const,
  paymentSession: (sessionId: string) => [...registrationKeys.public(), 'payment-session', sessionId] as const,
};
