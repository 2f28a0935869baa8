import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TCouponListQuery, TOrderListQuery, TRegistrationListQuery } from '@pavilion/domain/registration/registration.schemas';
import type { TTransactionListQuery } from '@pavilion/domain/registration/payments.schemas';
import { organiserPaymentsApi as payApi } from '../api/organiser-payments-api.ts';
import { organiserRegistrationApi as api } from '../api/organiser-registration-api.ts';
import { registrationKeys as keys } from '../api/registration-keys.ts';

export function useRegistrationSettings(eventId: string) {
  return useQuery({ queryKey: keys.settings(eventId), queryFn: ({ signal }) => api.settings(eventId, signal), enabled: !!eventId });
}
// Sold, held and the lists change by other people's hands (buyers, other organisers): these queries refetch when the
// window regains focus (the app's default is off), and on the organiser socket's "countsChanged" (use-live-counts.ts).
export function useTickets(eventId: string) {
  return useQuery({ queryKey: keys.tickets(eventId), queryFn: ({ signal }) => api.tickets(eventId, signal), enabled: !!eventId, refetchOnWindowFocus: true });
}
export function useQuotas(eventId: string) {
  return useQuery({ queryKey: keys.quotas(eventId), queryFn: ({ signal }) => api.quotas(eventId, signal), enabled: !!eventId, refetchOnWindowFocus: true });
}
export function useForms(eventId: string) {
  return useQuery({ queryKey: keys.forms(eventId), queryFn: ({ signal }) => api.forms(eventId, signal), enabled: !!eventId });
}
export function useCoupons(eventId: string, q: Partial<TCouponListQuery>) {
  return useQuery({ queryKey: keys.couponList(eventId, q), queryFn: ({ signal }) => api.coupons(eventId, q, signal), enabled: !!eventId, placeholderData: keepPreviousData });
}
export function useCategories(eventId: string) {
  return useQuery({ queryKey: keys.categories(eventId), queryFn: ({ signal }) => api.categories(eventId, signal), enabled: !!eventId });
}
export function useDateOptions(eventId: string) {
  return useQuery({ queryKey: keys.dateOptions(eventId), queryFn: ({ signal }) => api.dateOptions(eventId, signal), enabled: !!eventId });
}
export function useCartLinks(eventId: string) {
  return useQuery({ queryKey: keys.cartLinks(eventId), queryFn: ({ signal }) => api.cartLinks(eventId, signal), enabled: !!eventId });
}
export function useRegistrations(eventId: string, q: Partial<TRegistrationListQuery>) {
  return useQuery({
    queryKey: keys.registrationList(eventId, q),
    queryFn: ({ signal }) => api.registrations(eventId, q, signal),
    enabled: !!eventId,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}
export function useJourney(eventId: string, registrationId: string | null) {
  return useQuery({
    queryKey: keys.journey(eventId, registrationId ?? ''),
    queryFn: ({ signal }) => api.journey(eventId, registrationId!, signal),
    enabled: !!eventId && !!registrationId,
  });
}
export function useOrders(eventId: string, q: Partial<TOrderListQuery>) {
  return useQuery({ queryKey: keys.orderList(eventId, q), queryFn: ({ signal }) => api.orders(eventId, q, signal), enabled: !!eventId, placeholderData: keepPreviousData, refetchOnWindowFocus: true });
}
export function usePaymentSettings(enabled = true) {
  return useQuery({ queryKey: keys.paymentSettings(), queryFn: ({ signal }) => payApi.paymentSettings(signal), enabled });
}
export function useInvoiceSettings(enabled = true) {
  return useQuery({ queryKey: keys.invoiceSettings(), queryFn: ({ signal }) => payApi.invoiceSettings(signal), enabled });
}
export function useTransactions(eventId: string, q: Partial<TTransactionListQuery>) {
  return useQuery({
    queryKey: keys.transactionList(eventId, q),
    queryFn: ({ signal }) => payApi.transactions(eventId, q, signal),
    enabled: !!eventId,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}
export function useRefunds(eventId: string, orderId: string | null, enabled = true) {
  return useQuery({
    queryKey: keys.refunds(eventId, orderId ?? ''),
    queryFn: ({ signal }) => payApi.refunds(eventId, orderId!, signal),
    enabled: enabled && !!eventId && !!orderId,
  });
}

/**
 * A mutation that refreshes what it changed: every organiser write names the key families it touches (through
 * the one key factory), so lists, counts and availability stay true without a reload.
 */
export function useRegistrationMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>, invalidates: QueryKey[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(invalidates.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

/** Keys a change of seats touches: tickets (sold/held/available), quotas, registrations and orders. */
export const seatKeys = (eventId: string): QueryKey[] => [keys.tickets(eventId), keys.quotas(eventId), keys.registrations(eventId), keys.orders(eventId)];
