import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Paper, Radio, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type {
  TCart,
  TOrderCreateRequest,
  TOrderCreateResponse,
  TPriceQuote,
  TPublicRegistrationInfo,
  TRegistrationForm,
} from '@pavilion/domain/registration/registration.schemas';
import { isApiError } from '../../../../app/api-client.ts';
import { errorMessage, translateErrorKey } from '../../../../app/form-errors.ts';
import { newIdempotencyKey, publicRegistrationApi } from '../../api/public-registration-api.ts';
import { registrationKeys } from '../../api/registration-keys.ts';
import { useLeaveConfirmation } from '../../hooks/use-leave-confirmation.ts';
import { cartCurrency, estimateTotal, lineItems, seatCount, seatsOf, type TLineItem, type TQuantities } from '../../lib/cart.ts';
import {
  emptyPerson,
  formForTicket,
  hasDetailsErrors,
  personPayload,
  routeServerError,
  syncAttendees,
  validateDetails,
  type TAttendeeDraft,
  type TDetailsErrors,
  type TPersonDraft,
  type TPersonErrors,
  type TPhoneRule,
} from '../../lib/checkout.ts';
import { formPages, pruneAnswers } from '../../lib/form-engine.ts';
import { formatMoney } from '../../lib/money.ts';
import { CheckoutSteps, type TStepKey } from './checkout-steps.tsx';
import { FormFieldsRenderer } from './form-fields-renderer.tsx';
import { LeaveConfirmPrompt } from './leave-confirm-prompt.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PersonFields } from './person-fields.tsx';
import { PublicRegistrationLayout, PublicSection } from './public-registration-layout.tsx';
import { ReservationCountdown } from './reservation-countdown.tsx';
import { TicketPicker } from './ticket-picker.tsx';

export type TCheckoutVariant = 'cart' | 'group' | 'international' | 'visitor' | 'date';

export type TPhoneSupport = {
  rule: TPhoneRule;
  isRequired: boolean;
  render: (p: { value: TPersonDraft; errors: TPersonErrors; onChange: (patch: Partial<TPersonDraft>) => void }) => ReactNode;
};

export type TCheckoutProps = {
  info: TPublicRegistrationInfo;
  variant: TCheckoutVariant;
  kicker: string;
  initialQuantities?: TQuantities;
  cartLinkId?: string;
  presetCoupon?: string | null;
  /** visitor / date flows: one seat of this ticket, no tickets step. */
  fixedTicketId?: string;
  visitorCategoryId?: string;
  dateOptionId?: string;
  unlockCode?: string;
  onUnlock?: (code: string) => void;
  /** Above the ticket list (international: the currency choice). */
  ticketsIntro?: ReactNode;
  /** Replaces the ticket list (group registration: one ticket, a number of attendees). */
  renderTickets?: (p: { quantities: TQuantities; onChange: (q: TQuantities) => void }) => ReactNode;
  /** Above the details (visitor category or chosen date). */
  detailsIntro?: ReactNode;
  phone?: TPhoneSupport;
};

const STEP_FORM_ID = 'checkout-step-form';
const SOURCE_REGISTRATION_LINKS = 1;

/** Everything a buyer does between "choose tickets" and the payment page, for every public registration flow. */
export function CheckoutFlow(props: TCheckoutProps) {
  const { info, variant, fixedTicketId } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const tickets = info.tickets;
  const steps: TStepKey[] = fixedTicketId ? ['details', 'review'] : ['tickets', 'details', 'review'];
  const firstIsBuyer = variant !== 'group';

  const [stepIndex, setStepIndex] = useState(0);
  const step = steps[stepIndex]!;
  const [quantities, setQuantities] = useState<TQuantities>(() => (fixedTicketId ? { [fixedTicketId]: 1 } : (props.initialQuantities ?? {})));
  const items = useMemo(() => lineItems(quantities, tickets), [quantities, tickets]);
  const [buyer, setBuyer] = useState<TPersonDraft>(emptyPerson);
  const [attendees, setAttendees] = useState<TAttendeeDraft[]>(() => (fixedTicketId ? syncAttendees([], seatsOf(items), firstIsBuyer) : []));
  const [pageIndex, setPageIndex] = useState(0);
  const [detailsErrors, setDetailsErrors] = useState<TDetailsErrors | null>(null);
  const [ticketsError, setTicketsError] = useState<string | null>(null);
  const [cart, setCart] = useState<TCart | null>(null);
  const [isExpired, setExpired] = useState(false);
  const [quote, setQuote] = useState<TPriceQuote | null>(null);
  const [couponInput, setCouponInput] = useState(props.presetCoupon ?? '');
  const [appliedCoupon, setAppliedCoupon] = useState<string | null>(props.presetCoupon ?? null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [provider, setProvider] = useState<string>(() => (info.paymentProviders.includes('test') ? 'test' : (info.paymentProviders[0] ?? '')));
  const [providerError, setProviderError] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [unlockInput, setUnlockInput] = useState(props.unlockCode ?? '');
  const [isUnlockOpen, setUnlockOpen] = useState(!!props.unlockCode);
  const idempotency = useRef<{ body: string; key: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const isDirty =
    (!fixedTicketId && items.length > 0) ||
    Object.values(buyer).some((v) => v.trim() !== '') ||
    attendees.some((a) => a.firstName.trim() !== '' || Object.keys(a.answers).length > 0);
  const leave = useLeaveConfirmation(isDirty);

  const formOf = (ticketId: string): TRegistrationForm | null => formForTicket(info.forms, tickets.find((x) => x.id === ticketId)?.formId);
  const pages = useMemo(() => {
    const all = new Set<number>();
    for (const a of attendees) for (const p of formPages(formOf(a.ticketId)?.fields ?? [])) all.add(p);
    return all.size ? [...all].sort((a, b) => a - b) : [1];
    // formOf reads info.forms and tickets only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attendees, info.forms, tickets]);
  const page = pages[Math.min(pageIndex, pages.length - 1)]!;
  const isFirstPage = pageIndex === 0;
  const currency = quote?.currency ?? cartCurrency(items, tickets) ?? info.currencies[0] ?? 'EUR';
  const total = quote ? quote.total : estimateTotal(items, tickets);
  const isFree = total === 0;

  // Move focus to the new step's heading: screen-reader users hear where they are, keyboard users start there. Not on
  // arrival: the page has just loaded at its top with focus at the document's start, and focusing would force a
  // layout in the middle of the first render on a phone.
  const shownRef = useRef(`${stepIndex}/${pageIndex}`);
  useEffect(() => {
    if (shownRef.current === `${stepIndex}/${pageIndex}`) return;
    shownRef.current = `${stepIndex}/${pageIndex}`;
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, [stepIndex, pageIndex]);

  const cartMutation = useMutation({ mutationFn: (lines: TLineItem[]) => publicRegistrationApi.createCart(info.eventId, { items: lines, unlockCode: props.unlockCode || undefined, cartLinkId: props.cartLinkId }) });
  const quoteMutation = useMutation({ mutationFn: (coupon: string | null) => publicRegistrationApi.quote(info.eventId, { items, couponCode: coupon || undefined, unlockCode: props.unlockCode || undefined }) });
  const orderMutation = useMutation({
    mutationFn: async ({ body, key }: { body: TOrderCreateRequest; key: string }): Promise<TOrderCreateResponse> => {
      try {
        return await publicRegistrationApi.createOrder(info.eventId, body, key);
      } catch (error) {
        // The createOrder contract: TRY_AGAIN means a seat lock timed out; the same request with the same key is safe to repeat.
        if (isApiError(error) && (error.code === 'TRY_AGAIN' || error.code === 'IDEMPOTENCY_IN_FLIGHT')) {
          await new Promise((r) => setTimeout(r, 800));
          return publicRegistrationApi.createOrder(info.eventId, body, key);
        }
        throw error;
      }
    },
  });

  const sameItems = (a: readonly { ticketId: string; quantity: number }[], b: readonly { ticketId: string; quantity: number }[]) =>
    a.length === b.length && a.every((x) => b.some((y) => y.ticketId === x.ticketId && y.quantity === x.quantity));

  async function reserve(): Promise<boolean> {
    setTicketsError(null);
    if (cart && !isExpired && cart.status === 'active' && sameItems(cart.items, items)) return true;
    if (cart && cart.status === 'active') void publicRegistrationApi.releaseCart(cart.id).catch(() => undefined);
    try {
      const next = await cartMutation.mutateAsync(items);
      setCart(next);
      setExpired(false);
      return true;
    } catch (error) {
      const first = isApiError(error) ? error.errors?.[0] : undefined;
      setTicketsError(first ? translateErrorKey(t, first.key) : errorMessage(error, t));
      void qc.invalidateQueries({ queryKey: registrationKeys.public() });
      return false;
    }
  }

  async function runQuote(coupon: string | null) {
    setCouponError(null);
    try {
      const q = await quoteMutation.mutateAsync(coupon);
      setQuote(q);
      setAppliedCoupon(q.couponCode);
    } catch (error) {
      const fieldErr = isApiError(error) ? error.errors?.find((e) => e.field === 'couponCode') : undefined;
      if (coupon && fieldErr) {
        setCouponError(translateErrorKey(t, fieldErr.key));
        setAppliedCoupon(null);
        const q = await quoteMutation.mutateAsync(null).catch(() => null);
        setQuote(q);
      } else {
        setOrderError(errorMessage(error, t));
      }
    }
  }

  function goTo(index: number) {
    setOrderError(null);
    setStepIndex(index);
    if (steps[index] === 'details') setPageIndex(0);
  }

  async function submitTickets() {
    if (items.length === 0) return setTicketsError(t('registration.public.chooseAtLeastOne'));
    if (new Set(items.map((i) => tickets.find((x) => x.id === i.ticketId)?.currency)).size > 1) return setTicketsError(t('registration.public.oneCurrency'));
    if (!(await reserve())) return;
    setAttendees((prev) => syncAttendees(prev, seatsOf(items), firstIsBuyer));
    setDetailsErrors(null);
    goTo(stepIndex + 1);
  }

  function submitDetails() {
    const errors = validateDetails(buyer, attendees, formOf, { page, phone: props.phone?.rule, isBuyerPhoneRequired: props.phone?.isRequired });
    // Identity fields live on the first page only.
    if (!isFirstPage) {
      errors.buyer = {};
      errors.attendees.forEach((a) => (a.person = {}));
    }
    setDetailsErrors(errors);
    if (hasDetailsErrors(errors)) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (pageIndex < pages.length - 1) {
      setPageIndex(pageIndex + 1);
      return;
    }
    setQuote(null);
    goTo(stepIndex + 1);
    void runQuote(appliedCoupon);
  }

  function applyServerErrors(error: unknown): boolean {
    if (!isApiError(error) || !error.errors?.length) return false;
    const next: TDetailsErrors = { buyer: {}, attendees: attendees.map(() => ({ person: {}, answers: {} })) };
    let target: TStepKey | null = null;
    for (const e of error.errors) {
      const r = routeServerError(e.field, e.key);
      if (r.kind === 'buyer') next.buyer[r.field] = r.key;
      else if (r.kind === 'attendee' && next.attendees[r.index]) next.attendees[r.index]!.person[r.field] = r.key;
      else if (r.kind === 'answer' && next.attendees[r.index]) next.attendees[r.index]!.answers[r.answerKey] = r.key;
      else if (r.kind === 'coupon') {
        setCouponError(translateErrorKey(t, r.key));
        setAppliedCoupon(null);
        void runQuote(null);
        continue;
      } else if (r.kind === 'tickets') {
        setTicketsError(translateErrorKey(t, r.key));
        target = fixedTicketId ? target : 'tickets';
        continue;
      } else if (r.kind === 'cart') {
        setExpired(true);
        continue;
      } else if (r.kind === 'price') {
        setOrderError(t('registration.public.priceChanged'));
        void runQuote(appliedCoupon);
        continue;
      } else if (r.kind === 'payment') {
        setProviderError(translateErrorKey(t, r.key));
        continue;
      } else {
        setOrderError(translateErrorKey(t, r.key));
        continue;
      }
      target = target ?? 'details';
    }
    if (hasDetailsErrors(next)) {
      setDetailsErrors(next);
      setPageIndex(0);
    }
    if (target) {
      setStepIndex(steps.indexOf(target));
      if (target === 'tickets') void qc.invalidateQueries({ queryKey: registrationKeys.public() });
    }
    return true;
  }

  async function submitOrder() {
    if (!quote) return;
    setOrderError(null);
    setProviderError(null);
    const needsPayment = quote.total > 0;
    if (needsPayment && !provider) return setProviderError(translateErrorKey(t, 'required'));
    const body = {
      ...(cart && !isExpired ? { cartId: cart.id } : {}),
      items,
      ...(appliedCoupon ? { couponCode: appliedCoupon } : {}),
      ...(props.unlockCode ? { unlockCode: props.unlockCode } : {}),
      expectedTotal: quote.total,
      currency: quote.currency,
      buyer: personPayload(buyer),
      attendees: attendees.map((a) => ({
        ...personPayload(a.isBuyer ? { ...buyer, countryCode: buyer.countryCode, contactNo: buyer.contactNo } : a),
        ticketId: a.ticketId,
        answers: pruneAnswers(formOf(a.ticketId)?.fields ?? [], a.answers),
      })),
      ...(needsPayment ? { paymentProvider: provider as TOrderCreateRequest['paymentProvider'] } : {}),
      sourceChannel: SOURCE_REGISTRATION_LINKS,
      ...(props.visitorCategoryId ? { visitorCategoryId: props.visitorCategoryId } : {}),
      ...(props.dateOptionId ? { dateOptionId: props.dateOptionId } : {}),
      ...(props.cartLinkId ? { cartLinkId: props.cartLinkId } : {}),
    } as TOrderCreateRequest;
    const text = JSON.stringify(body);
    if (idempotency.current?.body !== text) idempotency.current = { body: text, key: newIdempotencyKey() };
    try {
      const res = await orderMutation.mutateAsync({ body, key: idempotency.current.key });
      leave.release();
      const redirect = res.payment?.redirectUrl;
      if (redirect) {
        // Provider pages and the test gateway are server pages: a full navigation, not a router push.
        window.location.assign(redirect);
        return;
      }
      navigate(`/success/${encodeURIComponent(info.eventId)}/${encodeURIComponent(res.order.id)}`, {
        state: { instructions: res.payment?.instructions ?? null },
      });
    } catch (error) {
      if (!applyServerErrors(error)) setOrderError(errorMessage(error, t));
    }
  }

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (step === 'tickets') void submitTickets();
    else if (step === 'details') submitDetails();
    else void submitOrder();
  };

  const isBusy = cartMutation.isPending || orderMutation.isPending || (step === 'review' && quoteMutation.isPending);
  const primaryLabel =
    step !== 'review'
      ? t('registration.public.continue')
      : quote && quote.total > 0
        ? t('registration.public.payNow', { amount: formatMoney(quote.total, quote.currency) })
        : t('registration.public.completeFree');
  const isPrimaryDisabled = (step === 'review' && (!quote || isExpired)) || (step === 'tickets' && items.length === 0);

  const stepTitle =
    step === 'tickets'
      ? variant === 'group'
        ? t('registration.public.groupTitle')
        : t('registration.public.ticketsTitle')
      : step === 'details'
        ? variant === 'group'
          ? t('registration.public.attendeesTitle')
          : t('registration.public.detailsTitle')
        : t('registration.public.reviewTitle');

  const omit = <T extends Record<string, unknown>>(o: T, keys: string[]): T => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k))) as T;
  // An edited field drops its error at once; the rest stay until the next "Continue".
  const patchBuyer = (patch: Partial<TPersonDraft>) => {
    setBuyer((b) => ({ ...b, ...patch }));
    setDetailsErrors((e) => e && { ...e, buyer: omit(e.buyer, Object.keys(patch)) });
  };
  const setAttendee = (i: number, patch: Partial<TAttendeeDraft>) => {
    setAttendees((prev) => prev.map((a, j) => (j === i ? { ...a, ...patch } : a)));
    setDetailsErrors(
      (e) =>
        e && {
          ...e,
          attendees: e.attendees.map((x, j) =>
            j === i ? { person: omit(x.person, Object.keys(patch)), answers: patch.answers ? omit(x.answers, Object.keys(patch.answers).filter((k) => patch.answers![k] !== attendees[i]?.answers[k])) : x.answers } : x,
          ),
        },
    );
  };
  const personErrors = (i: number) => detailsErrors?.attendees[i]?.person ?? {};
  const answerErrors = (i: number) => detailsErrors?.attendees[i]?.answers ?? {};

  const summary = <OrderSummary items={items} tickets={tickets} quote={step === 'review' ? quote : null} isQuoting={quoteMutation.isPending} />;
  const countdown = cart && cart.status === 'active' && !isExpired ? <ReservationCountdown expiresAt={cart.expiresAt} onExpire={() => setExpired(true)} /> : null;

  return (
    <PublicRegistrationLayout
      event={{ name: info.eventName, startDate: info.startDate, endDate: info.endDate, venue: info.venue }}
      kicker={props.kicker}
      headerRight={countdown}
      aside={summary}
      signInHref={`/ei/${encodeURIComponent(info.eventId)}`}
      footer={
        <Group gap={6} justify="center" component="span">
          <IconLock size={14} aria-hidden />
          {t('registration.public.footer')}
        </Group>
      }
      bottomBar={
        <Group justify="space-between" wrap="nowrap" gap="sm" hiddenFrom="md">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {items.length ? t('registration.public.seats', { count: seatCount(items) }) : t('registration.public.summaryEmpty')}
            </Text>
            <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {items.length ? (total === 0 ? t('registration.public.free') : formatMoney(total, currency)) : '—'}
            </Text>
          </Stack>
          <Button type="submit" form={STEP_FORM_ID} size="md" loading={isBusy} disabled={isPrimaryDisabled} style={{ flexShrink: 0 }}>
            {primaryLabel}
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        <CheckoutSteps steps={steps} active={stepIndex} onSelect={goTo} isFree={isFree} />

        {isExpired && step !== 'tickets' && (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={t('registration.public.expiredTitle')} role="alert" styles={{ message: { color: 'var(--mantine-color-gray-9)' } }}>
            <Text size="sm" mb="sm">
              {t('registration.public.expiredBody')}
            </Text>
            <Button size="xs" variant="white" color="dark" loading={cartMutation.isPending} onClick={() =>
                void reserve().then((ok) => {
                  if (ok && step === 'review') void runQuote(appliedCoupon);
                })
              }>
              {t('registration.public.reserveAgain')}
            </Button>
          </Alert>
        )}

        <form id={STEP_FORM_ID} onSubmit={onSubmit} noValidate aria-labelledby="checkout-step-title">
          <Stack gap="md">
            <Group justify="space-between" align="center" gap="xs">
              <Title order={2} fz={{ base: 20, sm: 24 }} id="checkout-step-title" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
                {stepTitle}
              </Title>
              {step === 'details' && pages.length > 1 && (
                <Text size="sm" c="dimmed">
                  {t('registration.public.formPage', { current: pageIndex + 1, total: pages.length })}
                </Text>
              )}
            </Group>

            {step === 'tickets' && (
              <>
                {props.ticketsIntro}
                {ticketsError && <ErrorAlert message={ticketsError} />}
                {props.renderTickets ? (
                  props.renderTickets({ quantities, onChange: setQuantities })
                ) : tickets.length === 0 ? (
                  <Paper withBorder p="lg" ta="center">
                    <Text fw={600}>{t('registration.public.noTickets')}</Text>
                    <Text size="sm" c="dimmed" mt={4}>
                      {t('registration.public.noTicketsBody')}
                    </Text>
                  </Paper>
                ) : (
                  <>
                    <Text size="sm" c="dimmed">
                      {t('registration.public.ticketsHint')}
                    </Text>
                    <TicketPicker tickets={tickets} quantities={quantities} onChange={(q) => (setTicketsError(null), setQuantities(q))} />
                  </>
                )}
                {props.onUnlock && (
                  <div>
                    {!isUnlockOpen ? (
                      <Anchor component="button" type="button" size="sm" onClick={() => setUnlockOpen(true)}>
                        {t('registration.public.haveCode')}
                      </Anchor>
                    ) : (
                      <Group align="flex-end" gap="sm" wrap="nowrap">
                        <TextInput
                          label={t('registration.public.accessCode')}
                          description={t('registration.public.accessCodeHint')}
                          value={unlockInput}
                          maxLength={40}
                          autoCapitalize="characters"
                          onChange={(e) => setUnlockInput(e.currentTarget.value)}
                          onKeyDown={(e) => {
                            if (e.key === 'Enter') {
                              e.preventDefault();
                              props.onUnlock!(unlockInput.trim());
                            }
                          }}
                          style={{ flex: 1 }}
                        />
                        <Button variant="default" onClick={() => props.onUnlock!(unlockInput.trim())} disabled={!unlockInput.trim()}>
                          {t('registration.public.applyCode')}
                        </Button>
                      </Group>
                    )}
                  </div>
                )}
              </>
            )}

            {step === 'details' && (
              <>
                {props.detailsIntro}
                {detailsErrors && hasDetailsErrors(detailsErrors) && <ErrorAlert message={t('registration.public.fixErrors')} />}
                {isFirstPage && (
                  <PublicSection
                    title={variant === 'group' ? t('registration.public.groupBuyerTitle') : t('registration.public.buyerTitle')}
                    description={t('registration.public.buyerHint')}
                  >
                    <PersonFields
                      idPrefix="buyer"
                      isOwn
                      value={buyer}
                      errors={detailsErrors?.buyer ?? {}}
                      onChange={patchBuyer}
                      extra={props.phone?.render({ value: buyer, errors: detailsErrors?.buyer ?? {}, onChange: patchBuyer })}
                    />
                  </PublicSection>
                )}
                {attendees.map((a, i) => {
                  const form = formOf(a.ticketId);
                  const ticketName = tickets.find((x) => x.id === a.ticketId)?.name ?? '';
                  const hasQuestions = (form?.fields ?? []).some((f) => f.page === page);
                  const showPerson = isFirstPage && !(a.isBuyer && attendees.length === 1 && variant !== 'group');
                  if (!showPerson && !hasQuestions && !(isFirstPage && attendees.length > 1)) return null;
                  return (
                    <PublicSection
                      key={`${a.ticketId}-${i}`}
                      title={variant === 'group' ? t('registration.public.attendeeN', { n: i + 1 }) : t('registration.public.attendeeTitle', { n: i + 1, ticket: ticketName })}
                      description={i === 0 && attendees.length > 1 && isFirstPage ? t('registration.public.attendeesHint') : undefined}
                    >
                      <Stack gap="md">
                        {isFirstPage && firstIsBuyer && i === 0 && attendees.length > 1 && (
                          <Checkbox label={t('registration.public.attendeeSameAsBuyer')} checked={a.isBuyer} onChange={(e) => setAttendee(i, { isBuyer: e.currentTarget.checked })} />
                        )}
                        {isFirstPage && !a.isBuyer && (
                          <PersonFields idPrefix={`attendee-${i}`} value={a} errors={personErrors(i)} onChange={(patch) => setAttendee(i, patch)} />
                        )}
                        {form && (
                          <FormFieldsRenderer
                            fields={form.fields}
                            answers={a.answers}
                            errors={answerErrors(i)}
                            page={page}
                            idPrefix={`attendee-${i}-q`}
                            onChange={(key, value) => setAttendee(i, { answers: { ...a.answers, [key]: value } })}
                          />
                        )}
                      </Stack>
                    </PublicSection>
                  );
                })}
              </>
            )}

            {step === 'review' && (
              <>
                {orderError && <ErrorAlert message={orderError} />}
                <PublicSection title={t('registration.public.attendeesList')}>
                  <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {attendees.map((a, i) => {
                      const who = a.isBuyer ? buyer : a;
                      return (
                        <Group component="li" key={i} justify="space-between" wrap="nowrap" gap="sm">
                          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                            {`${who.firstName} ${who.lastName}`.trim()}
                          </Text>
                          <Text size="sm" c="dimmed" ta="right">
                            {tickets.find((x) => x.id === a.ticketId)?.name}
                          </Text>
                        </Group>
                      );
                    })}
                  </Stack>
                  <Group gap="md" mt="sm">
                    {!fixedTicketId && (
                      <Anchor component="button" type="button" size="sm" onClick={() => goTo(0)}>
                        {t('registration.public.editTickets')}
                      </Anchor>
                    )}
                    <Anchor component="button" type="button" size="sm" onClick={() => goTo(steps.indexOf('details'))}>
                      {t('registration.public.editDetails')}
                    </Anchor>
                  </Group>
                </PublicSection>

                <PublicSection title={t('registration.public.couponLabel')}>
                  <Group align="flex-start" gap="sm" wrap="nowrap">
                    <TextInput
                      aria-label={t('registration.public.couponLabel')}
                      value={couponInput}
                      maxLength={40}
                      autoCapitalize="characters"
                      error={couponError}
                      onChange={(e) => setCouponInput(e.currentTarget.value)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') {
                          e.preventDefault();
                          if (couponInput.trim()) void runQuote(couponInput.trim());
                        }
                      }}
                      style={{ flex: 1 }}
                    />
                    {appliedCoupon ? (
                      <Button variant="default" onClick={() => (setCouponInput(''), void runQuote(null))}>
                        {t('registration.public.couponRemove')}
                      </Button>
                    ) : (
                      <Button variant="default" disabled={!couponInput.trim()} loading={quoteMutation.isPending} onClick={() => void runQuote(couponInput.trim())}>
                        {t('registration.public.couponApply')}
                      </Button>
                    )}
                  </Group>
                  {appliedCoupon && (
                    <Text size="sm" c="teal.9" mt={6} role="status">
                      {t('registration.public.couponApplied', { code: appliedCoupon })}
                    </Text>
                  )}
                </PublicSection>

                {quote && quote.total > 0 && info.paymentProviders.length > 0 && (
                  <PublicSection title={t('registration.public.paymentTitle')}>
                    <Radio.Group value={provider} onChange={(v) => (setProvider(v), setProviderError(null))} label={t('registration.public.paymentMethod')} error={providerError}>
                      <Stack gap="xs" mt="xs">
                        {info.paymentProviders.map((p) => (
                          <label key={p} className="reg-option-card">
                            <Radio value={p} label={t(`registration.public.provider.${p}`, { defaultValue: p })} />
                          </label>
                        ))}
                      </Stack>
                    </Radio.Group>
                  </PublicSection>
                )}
                {quote && quote.total === 0 && (
                  <Alert variant="light" color="teal" icon={<IconInfoCircle size={18} aria-hidden />} styles={{ message: { color: 'var(--mantine-color-gray-9)' } }}>
                    {t('registration.public.freeNote')}
                  </Alert>
                )}
                {info.approvalMode === 'manual' && (
                  <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden />} styles={{ message: { color: 'var(--mantine-color-gray-9)' } }}>
                    {t('registration.public.approvalNote')}
                  </Alert>
                )}
              </>
            )}

            <Group justify="space-between" gap="sm" mt="xs">
              {stepIndex > 0 || pageIndex > 0 ? (
                <UnstyledButton
                  type="button"
                  onClick={() => (step === 'details' && pageIndex > 0 ? setPageIndex(pageIndex - 1) : goTo(stepIndex - 1))}
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color: 'var(--mantine-color-brand-7)', fontWeight: 600, padding: '8px 0' }}
                >
                  <IconArrowLeft size={18} aria-hidden />
                  {t('registration.public.back')}
                </UnstyledButton>
              ) : (
                <span />
              )}
              <Button type="submit" size="md" loading={isBusy} disabled={isPrimaryDisabled} visibleFrom="md">
                {primaryLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      <LeaveConfirmPrompt blocker={leave.blocker} onLeave={() => cart && cart.status === 'active' && void publicRegistrationApi.releaseCart(cart.id).catch(() => undefined)} />
    </PublicRegistrationLayout>
  );
}

function ErrorAlert({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
      {message}
    </Alert>
  );
}
