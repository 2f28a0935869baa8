import { useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TPublicOrder, TPublicRegistrationQuery } from '@pavilion/domain/registration/registration.schemas';
import { httpStatusOf } from '../../../app/api-client.ts';
import { takeFirstPaintData } from '../../../app/first-paint-data.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { publicRegistrationApi } from '../api/public-registration-api.ts';
import { registrationKeys } from '../api/registration-keys.ts';

const POLL_FOR_MS = 120_000;

/** 404s are answers ("this link is not valid"), not glitches: do not retry them. */
const retryUnless404 = (count: number, error: unknown) => httpStatusOf(error) !== 404 && count < 2;

/**
 * The public registration read of an event: one definition for the page's hook and its route's early start. The
 * plain read (no unlock code) starts from the answer the server wrote into the page, when it did (app/first-paint-data.ts).
 */
export function publicRegistrationInfoQuery(eventId: string, q: TPublicRegistrationQuery = {}) {
  return queryOptions({
    queryKey: registrationKeys.publicInfo(eventId, q),
    queryFn: ({ signal }) => publicRegistrationApi.info(eventId, q, signal),
    retry: retryUnless404,
    staleTime: 30_000,
    initialData: () =>
      eventId && Object.values(q).every((v) => v === undefined) ? takeFirstPaintData('GET /api/eventservices/public/events/:eventId/registration', { eventId }) : undefined,
  });
}

export function usePublicRegistrationInfo(eventId: string | null | undefined, q: TPublicRegistrationQuery = {}) {
  return useQuery({
    ...publicRegistrationInfoQuery(eventId ?? '', q),
    enabled: !!eventId,
    placeholderData: (prev) => prev,
  });
}

export function usePublicCartLink(cartLinkId: string) {
  return useQuery({
    queryKey: registrationKeys.publicCartLink(cartLinkId),
    queryFn: ({ signal }) => publicRegistrationApi.cartLink(cartLinkId, signal),
    enabled: !!cartLinkId,
    retry: retryUnless404,
  });
}

export function usePublicCategories(eventId: string | null | undefined, name?: string) {
  return useQuery({
    queryKey: registrationKeys.publicCategories(eventId ?? '', name),
    queryFn: ({ signal }) => publicRegistrationApi.categories(eventId!, name, signal),
    enabled: !!eventId,
    retry: retryUnless404,
  });
}

export function usePublicDates(categoryId: string) {
  return useQuery({
    queryKey: registrationKeys.publicDates(categoryId),
    queryFn: ({ signal }) => publicRegistrationApi.dates(categoryId, signal),
    enabled: !!categoryId,
    retry: retryUnless404,
  });
}

export function isOrderSettled(order: TPublicOrder | undefined): boolean {
  return !!order && order.status !== 'pending';
}

/**
 * The order of an outcome page. While it is pending (the webhook may land a moment after the redirect) it is read
 * again every 2 s for up to 2 minutes; reading it also runs the server's reconciliation for that order.
 */
/** The order's credit notes (refunds of its invoice), once something of it was refunded. */
export function usePublicCreditNotes(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: registrationKeys.publicCreditNotes(orderId),
    queryFn: ({ signal }) => publicRegistrationApi.creditNotes(orderId, signal),
    enabled: !!orderId && enabled,
    retry: retryUnless404,
  });
}

export function usePublicOrder(orderId: string, { isPolling = true } = {}) {
  const [startedAt] = useState(() => Date.now());
  return useQuery({
    queryKey: registrationKeys.publicOrder(orderId),
    queryFn: ({ signal }) => publicRegistrationApi.order(orderId, signal),
    enabled: !!orderId,
    retry: retryUnless404,
    refetchInterval: (query) => {
      if (!isPolling) return false;
      const order = query.state.data;
      if (!order || order.status !== 'pending' || order.paymentStatus === 'failed') return false;
      return Date.now() - startedAt > POLL_FOR_MS ? false : 2000;
    },
  });
}

export function usePaymentSession(sessionId: string) {
  return useQuery({
    queryKey: registrationKeys.paymentSession(sessionId),
    queryFn: ({ signal }) => publicRegistrationApi.paymentSession(sessionId, signal),
    enabled: !!sessionId,
    retry: retryUnless404,
    refetchInterval: (query) => (query.state.data?.status === 'created' ? 2000 : false),
  });
}

export function useVerifyRedirect(sessionId: string) {
  return useMutation({
    mutationFn: (body: Parameters<typeof publicRegistrationApi.verifyRedirect>[1]) => publicRegistrationApi.verifyRedirect(sessionId, body),
  });
}

/**
 * Access codes for hidden tickets: fetch the list with the code, tell the buyer whether it unlocked anything,
 * then switch the page's query to it. Returns the code in use and the unlock function.
 */
export function useUnlockCode(eventId: string, baseQuery: TPublicRegistrationQuery, currentCount: number) {
  const qc = useQueryClient();
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const unlock = async (next: string) => {
    if (!next) return;
    const q = { ...baseQuery, unlockCode: next };
    try {
      const info = await qc.fetchQuery({ queryKey: registrationKeys.publicInfo(eventId, q), queryFn: ({ signal }) => publicRegistrationApi.info(eventId, q, signal) });
      const hasMore = info.tickets.length > currentCount;
      toast(hasMore ? t('registration.public.codeUnlocked') : t('registration.public.codeNotFound'), hasMore ? 'success' : 'info');
      if (hasMore) setCode(next);
    } catch (error) {
      toast(errorMessage(error, t), 'error');
    }
  };
  return { code, unlock };
}
