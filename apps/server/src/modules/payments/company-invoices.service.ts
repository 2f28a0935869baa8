import type {
  TCompanyInvoice,
  TCompanyInvoiceQuery,
  TCompanyInvoiceTax,
  TCompanyInvoiceTaxInput,
  TInvoicePaymentStart,
  TMarkInvoicePaidInput,
  TOfflinePaymentMethod,
  TRefundCompanyInvoiceInput,
} from '@pavilion/domain';
import { CompanyInvoiceKey, ONLINE_INVOICE_PROVIDERS, lineTax, refundableAmount } from '@pavilion/domain';
import { AppError, errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { creditNoteFigures, documentFileName, issueCreditNoteNumber, renderCreditNotePdf } from './credit-notes.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { refundAmountWithin, refundThroughProvider } from './payment-refunds.ts';
import type { CompanyInvoiceLineRow, CompanyInvoiceRow, CompanyInvoiceTaxRow, CreditNoteRow, PaymentRow, PaymentsRepository, RefundRow } from './payments.repository.ts';
import type { PaymentProvider } from './providers.ts';

/**
 * An approved priced service-form order, as exhibition states it (durable: written in the approval's transaction).
 * Prices are the server's, in minor units.
 */
export type ServiceOrderApproved = {
  organisationId: string;
  eventId: string;
  companyId: string;
  companyName: string;
  billingEmail: string;
  submissionId: string;
  currency: string;
  lines: { description: string; quantity: number; unitPrice: number; total: number }[];
};

export type CompanyInvoicesDeps = {
  repo: PaymentsRepository;
  now: () => Date;
  enabledProviders: (organisationId: string) => Promise<string[]>;
  providerFor: (name: string, organisationId: string) => Promise<PaymentProvider>;
  invoiceSettings: (organisationId: string) => Promise<{ legalName: string; address: string; taxId: string; email: string }>;
  findEventName: (eventId: string) => Promise<string>;
  publicUrl: string;
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
};

export const companyInvoiceErrors = {
  notFound: () => errors.notFound('Invoice'),
  paid: (number: string) => new AppError(409, 'COMPANY_INVOICE_PAID', `Invoice ${number} is already paid`),
  refunded: (number: string) => new AppError(409, 'COMPANY_INVOICE_REFUNDED', `Invoice ${number} is already refunded`),
  notPaid: (number: string) => new AppError(409, 'COMPANY_INVOICE_NOT_PAID', `Invoice ${number} is not paid: there is nothing to refund`),
  referenceRequired: () => new AppError(400, 'VALIDATION', 'Enter the reference of the offline refund', [{ field: 'reference', key: CompanyInvoiceKey.ReferenceRequired }]),
  noCreditNote: () => errors.notFound('Credit note'),
  empty: (number: string) => new AppError(409, 'COMPANY_INVOICE_EMPTY', `Invoice ${number} has nothing to pay`),
  providerNotEnabled: (provider: string) => new AppError(400, 'PROVIDER_NOT_ENABLED', `${provider} payments are not enabled by the organiser`, [{ field: 'provider', key: 'providerNotEnabled' }]),
};

/** Where the company admin comes back after the hosted payment page: their stand area, on this invoice. */
export const invoiceReturnPath = (eventId: string, invoiceId: string, outcome: 'paid' | 'failed') =>
  `/attendium/stand?eventId=${encodeURIComponent(eventId)}&invoice=${encodeURIComponent(invoiceId)}&payment=${outcome}`;

/** Why a second payment is given back (the refund's reason, shown to the organiser). */
export const OVERPAYMENT_REASON = 'Paid again after the invoice was already paid: given back automatically';

const taxOf = (row: CompanyInvoiceTaxRow | null) => ({ taxRateBp: row?.taxRateBp ?? 0, taxName: row?.taxName ?? '', taxId: row?.taxId ?? '' });
/** "VAT 19%" (the PDF's tax line). */
const taxLabel = (row: Pick<CompanyInvoiceRow, 'taxRateBp' | 'taxName'>) => `${row.taxName || 'Tax'}${row.taxRateBp > 0 ? ` ${row.taxRateBp / 100}%` : ''}`;

/** The organiser's refunds of an invoice (those with a credit note, or asked by someone), not a second payment's return. */
const isOrganiserRefund = (r: RefundRow, credits: CreditNoteRow[]) => r.byUserId !== null || credits.some((c) => c.refundId === r.id);
const PAID_STATES = ['paid', 'partially_refunded', 'refunded'];

function toView(row: CompanyInvoiceRow, lines: CompanyInvoiceLineRow[], credits: CreditNoteRow[], refunds: (RefundRow & { provider: string })[]): TCompanyInvoice {
  const own = refunds.filter((r) => isOrganiserRefund(r, credits));
  const refundedAmount = own.filter((r) => r.status === 'succeeded').reduce((a, r) => a + r.amount, 0);
  const reserved = own.filter((r) => r.status !== 'failed').reduce((a, r) => a + r.amount, 0);
  const isPaid = PAID_STATES.includes(row.status);
  return {
    id: row.id,
    number: row.number,
    company: { id: row.companyId, name: row.companyName },
    currency: row.currency,
    status: row.status as TCompanyInvoice['status'],
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    taxRateBp: row.taxRateBp,
    taxName: row.taxName,
    taxId: row.taxId,
    lines: lines.map((l) => ({ id: l.id, submissionId: l.submissionId, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, net: l.total - l.tax, tax: l.tax, total: l.total })),
    createdAt: row.createdAt.toISOString(),
    paid:
      isPaid && row.paidAt
        ? {
            via: row.paidVia === 'offline' ? 'offline' : 'online',
            provider: row.paidProvider,
            method: (row.paidMethod as TOfflinePaymentMethod | null) ?? null,
            reference: row.paidReference,
            byName: row.paidByName,
            at: row.paidAt.toISOString(),
          }
        : null,
    refundedAmount,
    refundableAmount: isPaid ? refundableAmount({ total: row.total, refundedAmount: reserved }) : 0,
    refunds: own.map((r) => {
      const c = credits.find((x) => x.refundId === r.id);
      const offline = r.provider === 'offline';
      return {
        id: r.id,
        amount: r.amount,
        status: r.status as 'pending' | 'succeeded' | 'failed',
        reason: r.reason,
        via: offline ? 'offline' : 'online',
        provider: r.provider,
        reference: c?.reference ?? (offline ? r.reference : (r.providerRef ?? '')),
        byName: c?.byName ?? r.byName,
        at: r.createdAt.toISOString(),
        creditNote: c ? { id: c.id, number: c.number, subtotal: c.subtotal, tax: c.tax, total: c.total, at: c.createdAt.toISOString() } : null,
      };
    }),
    returnedPayments: refunds
      .filter((r) => !isOrganiserRefund(r, credits))
      .map((r) => ({ provider: r.provider, amount: r.amount, status: r.status as 'succeeded' | 'pending' | 'failed', reference: r.providerRef ?? '', at: r.createdAt.toISOString() })),
  };
}

/**
 * Company invoices (issue 15): payments' own tables, reached by exhibition only through these functions (its port)
 * and its durable `service-order.approved` fact. The rules: one open invoice per company, event and currency; a
 * submission is invoiced once; a payment started freezes the invoice (`pending`); a paid invoice never changes.
 */
export function createCompanyInvoices(deps: CompanyInvoicesDeps) {
  const { repo } = deps;

  async function views(rows: CompanyInvoiceRow[]): Promise<TCompanyInvoice[]> {
    const ids = rows.map((r) => r.id);
    const [lines, credits, refunds] = await Promise.all([repo.companyInvoiceLines(ids), repo.creditNotesOf(ids), repo.refundsOfInvoices(ids)]);
    return rows.map((r) =>
      toView(
        r,
        lines.filter((l) => l.invoiceId === r.id),
        credits.filter((c) => c.invoiceId === r.id),
        refunds.filter((x) => x.orderId === r.id),
      ),
    );
  }
  const view = async (row: CompanyInvoiceRow) => (await views([row]))[0]!;

  async function scoped(organisationId: string, eventId: string, invoiceId: string, companyId?: string): Promise<CompanyInvoiceRow> {
    const row = await repo.companyInvoice(organisationId, eventId, invoiceId);
    if (!row || (companyId !== undefined && row.companyId !== companyId)) throw companyInvoiceErrors.notFound();
    return row;
  }

  async function taxView(eventId: string): Promise<TCompanyInvoiceTax> {
    const t = taxOf(await repo.companyInvoiceTax(eventId));
    return { ratePercent: t.taxRateBp / 100, ...t };
  }

  /** A paid invoice cannot be paid again (also once partly refunded), a refunded one neither. */
  function assertUnpaid(inv: CompanyInvoiceRow) {
    if (inv.status === 'paid' || inv.status === 'partially_refunded') throw companyInvoiceErrors.paid(inv.number);
    if (inv.status === 'refunded') throw companyInvoiceErrors.refunded(inv.number);
  }

  /** Re-taxes an open invoice's lines at this rate (per line, half up) and writes its totals; in the caller's transaction. */
  async function retax(tx: PaymentsRepository, invoiceId: string, tax: ReturnType<typeof taxOf>) {
    await tx.updateCompanyInvoice(invoiceId, tax);
    for (const l of await tx.companyInvoiceLines([invoiceId])) {
      const net = l.total - l.tax;
      const t = lineTax(net, tax.taxRateBp);
      if (t !== l.tax) await tx.updateCompanyInvoiceLine(l.id, { tax: t, total: net + t });
    }
    await tx.recomputeCompanyInvoice(invoiceId);
  }

  /**
   * The payment that paid an invoice: recorded on it, else (paid before that was recorded) its captured payment. Read
   * without its lock: the caller holds the invoice's, which orders refunds of it (locks go payment → invoice on the
   * capture and refund paths, so taking the payment's here, after the invoice's, could deadlock).
   */
  async function payingPayment(tx: PaymentsRepository, inv: CompanyInvoiceRow): Promise<PaymentRow | null> {
    if (inv.paidPaymentId) return tx.findById(inv.paidPaymentId);
    return (await tx.paymentsOfOrder(inv.id)).find((x) => x.companyInvoiceId === inv.id && x.provider === inv.paidProvider && x.status !== 'failed' && x.status !== 'created') ?? null;
  }

  /**
   * An invoice's PDF, or a credit note's (figures negative): the invoice's lines, or for a part refund one line of
   * what it credits; with the organiser's details (the tax id the invoice carries, else the organisation's).
   */
  async function document(
    row: CompanyInvoiceRow,
    d: { kind: 'invoice' | 'credit-note'; number: string; issuedAt: Date; reference: string; refunded: number; credit?: CreditNoteRow },
  ) {
    const [lines, s, eventName, notes] = await Promise.all([repo.companyInvoiceLines([row.id]), deps.invoiceSettings(row.organisationId), deps.findEventName(row.eventId), d.credit ? [] : repo.creditNotesOf([row.id])]);
    const base = {
      number: d.number,
      issuedAt: d.issuedAt,
      seller: { ...s, taxId: row.taxId || s.taxId },
      buyer: { name: row.companyName, email: row.billingEmail },
      eventName,
      registrationNo: '',
      reference: d.reference,
      taxLabel: taxLabel(row),
      currency: row.currency,
    };
    const invoiceLines = lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, discount: 0, tax: l.tax, total: l.total }));
    const bytes = d.credit
      ? await renderCreditNotePdf({ ...base, invoice: { number: row.number, total: row.total, lines: invoiceLines }, credit: d.credit })
      : await renderInvoicePdf({ ...base, lines: invoiceLines, subtotal: row.subtotal, discount: 0, tax: row.tax, total: row.total, refunded: d.refunded, creditNotes: notes.map((n) => ({ number: n.number, issuedAt: n.createdAt, total: n.total })) });
    return { fileName: documentFileName(d.kind, d.number), bytes };
  }

  /**
   * A succeeded refund of an invoice gets its credit note (once: a replayed notice finds it issued), numbered in the
   * organisation's series with its prefix, its tax in proportion (`creditNoteSplit`); the invoice is then partially
   * refunded, or refunded once its credit notes reach its total. In the caller's transaction, which holds the
   * payment's lock (locks go payment → invoice → counter).
   */
  async function creditRefundInTx(tx: PaymentsRepository, refund: RefundRow, payment: PaymentRow): Promise<void> {
    const inv = await tx.companyInvoiceById(refund.orderId, true);
    if (!inv) return;
    const notes = await tx.creditNotesOf([inv.id]);
    if (notes.some((n) => n.refundId === refund.id)) return;
    const figures = creditNoteFigures(refund.amount, inv, notes);
    const offline = payment.provider === 'offline';
    await tx.insertCreditNote({
      id: newId(),
      organisationId: inv.organisationId,
      eventId: inv.eventId,
      invoiceId: inv.id,
      number: await issueCreditNoteNumber(tx, inv.organisationId),
      ...figures,
      currency: inv.currency,
      reason: refund.reason,
      via: offline ? 'offline' : 'online',
      provider: payment.provider,
      reference: offline ? refund.reference : (refund.providerRef ?? ''),
      paymentId: payment.id,
      refundId: refund.id,
      byUserId: refund.byUserId ?? '',
      byName: refund.byName,
      createdAt: deps.now(),
    });
    const credited = notes.reduce((a, n) => a + n.total, 0) + refund.amount;
    await tx.transitionCompanyInvoice(inv.id, ['paid', 'partially_refunded'], { status: credited >= inv.total ? 'refunded' : 'partially_refunded' });
  }

  return {
    /**
     * Subscriber of `service-order.approved`: the order's lines go onto the company's open invoice (opened, with the
     * next number of the organisation's series, when there is none), taxed at the event's rate. Idempotent (delivery
     * is at least once): the counter row is locked first, so invoicing is one at a time per organisation, and a
     * submission already on an invoice changes nothing; the event's tax row is locked next, so a rate change never
     * crosses a billing.
     */
    async onServiceOrderApproved(e: ServiceOrderApproved): Promise<void> {
      const lines = e.lines.filter((l) => l.total > 0);
      if (lines.length === 0) return;
      await repo.transaction(async (tx) => {
        await tx.lockInvoiceCounter(e.organisationId);
        if (await tx.submissionInvoiced(e.submissionId)) return;
        const tax = taxOf(await tx.lockCompanyInvoiceTax(e.organisationId, e.eventId));
        let invoice = await tx.openCompanyInvoice(e.eventId, e.companyId, e.currency);
        if (!invoice) {
          const { n, prefix } = await tx.nextInvoiceNumber(e.organisationId);
          invoice = await tx.insertCompanyInvoice({
            id: newId(),
            organisationId: e.organisationId,
            eventId: e.eventId,
            companyId: e.companyId,
            companyName: e.companyName,
            billingEmail: e.billingEmail,
            number: `${prefix}${String(n).padStart(6, '0')}`,
            currency: e.currency,
            ...tax,
            createdAt: deps.now(),
          });
        }
        const at = deps.now();
        await tx.insertCompanyInvoiceLines(
          lines.map((l, i) => {
            const t = lineTax(l.total, tax.taxRateBp);
            return { id: newId(), invoiceId: invoice.id, submissionId: e.submissionId, position: i, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, tax: t, total: l.total + t, createdAt: at };
          }),
        );
        await tx.recomputeCompanyInvoice(invoice.id);
      });
    },

    /** The event's company-invoice tax (no tax until the organiser sets one). */
    tax: taxView,

    /** Sets the event's tax; its open invoices are re-taxed at once, frozen, paid and refunded ones keep their figures. */
    async setTax(organisationId: string, eventId: string, input: TCompanyInvoiceTaxInput): Promise<TCompanyInvoiceTax> {
      const next = { taxRateBp: Math.round(input.ratePercent * 100), taxName: input.taxName, taxId: input.taxId };
      await repo.transaction(async (tx) => {
        await tx.lockCompanyInvoiceTax(organisationId, eventId);
        await tx.updateCompanyInvoiceTax(eventId, next);
        for (const inv of await tx.openCompanyInvoicesOfEvent(eventId)) await retax(tx, inv.id, next);
      });
      return taxView(eventId);
    },

    /** An event's company invoices (the organiser's list, or one company's). */
    async list(organisationId: string, eventId: string, q: TCompanyInvoiceQuery): Promise<TCompanyInvoice[]> {
      return views(await repo.companyInvoiceList(organisationId, eventId, q));
    },

    /** The online providers a company may pay with: the organisation's enabled ones. */
    async onlineProviders(organisationId: string): Promise<(typeof ONLINE_INVOICE_PROVIDERS)[number][]> {
      const enabled = await deps.enabledProviders(organisationId);
      return ONLINE_INVOICE_PROVIDERS.filter((p) => enabled.includes(p));
    },

    /**
     * Starts an online payment of the whole invoice on the provider's hosted page. The invoice is frozen first
     * (open → pending, in the transaction that records the payment at its total), so what is paid is what it says.
     */
    async startPayment(organisationId: string, eventId: string, companyId: string, invoiceId: string, providerName: string): Promise<TInvoicePaymentStart> {
      const current = await scoped(organisationId, eventId, invoiceId, companyId);
      assertUnpaid(current);
      if (!(await deps.enabledProviders(organisationId)).includes(providerName)) throw companyInvoiceErrors.providerNotEnabled(providerName);
      const settings = await repo.settings(organisationId);
      const sessionId = newId();
      const payment = await repo.transaction(async (tx) => {
        const inv = await tx.companyInvoice(organisationId, eventId, invoiceId, true);
        if (!inv) throw companyInvoiceErrors.notFound();
        assertUnpaid(inv);
        if (inv.total <= 0) throw companyInvoiceErrors.empty(inv.number);
        if (inv.status === 'open') await tx.transitionCompanyInvoice(inv.id, ['open'], { status: 'pending' });
        return tx.insertPayment({
          id: newId(),
          organisationId,
          eventId,
          orderId: inv.id,
          companyInvoiceId: inv.id,
          provider: providerName,
          sessionId,
          amount: inv.total,
          currency: inv.currency,
          webhookAccountId: settings?.webhookAccountId ?? null,
        });
      });
      const provider = await deps.providerFor(providerName, organisationId);
      const result = await provider.createCheckout({
        sessionId,
        orderId: invoiceId,
        eventId,
        registrationNo: current.number,
        amount: payment.amount,
        currency: payment.currency,
        buyerEmail: current.billingEmail,
        successUrl: `${deps.publicUrl}${invoiceReturnPath(eventId, invoiceId, 'paid')}`,
        failureUrl: `${deps.publicUrl}${invoiceReturnPath(eventId, invoiceId, 'failed')}`,
        returnUrl: `${deps.publicUrl}${invoiceReturnPath(eventId, invoiceId, 'paid')}`,
      });
      await repo.updatePayment(payment.id, { redirectUrl: result.redirectUrl, providerSessionId: result.providerSessionId });
      return { paymentId: payment.id, sessionId, provider: providerName, redirectUrl: result.redirectUrl };
    },

    /** The organiser records an offline payment (bank transfer, cheque, cash) with its reference: who and when. */
    async markPaidOffline(organisationId: string, eventId: string, invoiceId: string, input: TMarkInvoicePaidInput, actor: { userId: string; name: string }): Promise<TCompanyInvoice> {
      await scoped(organisationId, eventId, invoiceId);
      const row = await repo.transaction(async (tx) => {
        const inv = await tx.companyInvoice(organisationId, eventId, invoiceId, true);
        if (!inv) throw companyInvoiceErrors.notFound();
        assertUnpaid(inv);
        const at = deps.now();
        // The money, as a captured offline payment: the event's transactions list it with the rest.
        const payment = await tx.insertPayment({ id: newId(), organisationId, eventId, orderId: inv.id, companyInvoiceId: inv.id, provider: 'offline', sessionId: newId(), amount: inv.total, currency: inv.currency, status: 'captured', capturedAt: at });
        const paid = (await tx.transitionCompanyInvoice(inv.id, ['open', 'pending'], {
          status: 'paid',
          paidVia: 'offline',
          paidProvider: 'offline',
          paidMethod: input.method,
          paidReference: input.reference,
          paidByUserId: actor.userId,
          paidByName: actor.name,
          paidAt: at,
          paidPaymentId: payment.id,
        }))!;
        await tx.recordEvent({ provider: 'offline', providerEventId: `manual:${inv.id}`, kind: 'captured', paymentId: payment.id, outcome: 'captured', payload: { actorUserId: actor.userId, method: input.method, reference: input.reference } });
        return paid;
      });
      return view(row);
    },

    /**
     * The organiser refunds a paid invoice, whole or in part (`amount`, at most what is still refundable: the paid total
     * less every refund not failed), with a reason: through the provider that took the money (the test gateway,
     * Stripe, Razorpay), or, for an offline payment, recorded as given back with its reference. Race-safe: the amount
     * is reserved on the payment under its lock, then the invoice's, so two refunds never exceed what was paid. A
     * succeeded refund issues its credit note at once; a `pending` one when the provider confirms it (`refundSettledInTx`).
     * 409 COMPANY_INVOICE_REFUNDED when nothing is left, _NOT_PAID when unpaid; 400 REFUND_EXCEEDS_PAID.
     */
    async refund(organisationId: string, eventId: string, invoiceId: string, input: TRefundCompanyInvoiceInput, actor: { userId: string; name: string }): Promise<TCompanyInvoice> {
      const current = await scoped(organisationId, eventId, invoiceId);
      const paidStates = ['paid', 'partially_refunded'];
      const checkState = (inv: CompanyInvoiceRow) => {
        if (inv.status === 'refunded') throw companyInvoiceErrors.refunded(inv.number);
        if (!paidStates.includes(inv.status)) throw companyInvoiceErrors.notPaid(inv.number);
      };
      checkState(current);
      await refundThroughProvider(repo, (p) => deps.providerFor(p.provider, organisationId), {
        reserve: async (tx) => {
          // Locks in the capture path's order: the paying payment first, then the invoice.
          const found = await payingPayment(tx, current);
          if (!found) throw companyInvoiceErrors.notPaid(current.number);
          const payment = (await tx.findById(found.id, true))!;
          const inv = await tx.companyInvoice(organisationId, eventId, invoiceId, true);
          if (!inv) throw companyInvoiceErrors.notFound();
          checkState(inv);
          const remaining = refundableAmount({ total: payment.amount, refundedAmount: payment.refundedAmount });
          // Everything is refunded or with the provider already.
          if (remaining === 0) throw companyInvoiceErrors.refunded(inv.number);
          const amount = refundAmountWithin(input.amount, remaining, inv.currency);
          const offline = payment.provider === 'offline';
          if (offline && !input.reference) throw companyInvoiceErrors.referenceRequired();
          const p = (await tx.updatePayment(payment.id, { refundedAmount: payment.refundedAmount + amount }))!;
          const refund = await tx.insertRefund({
            id: newId(),
            organisationId,
            eventId,
            paymentId: p.id,
            orderId: inv.id,
            amount,
            currency: p.currency,
            status: 'pending',
            reason: input.reason,
            byUserId: actor.userId,
            byName: actor.name,
            reference: offline ? input.reference : '',
          });
          return { payment: p, refund };
        },
        finalize: async (tx, _raw, { payment, refund }, r) => {
          if (r.status === 'succeeded') await creditRefundInTx(tx, refund, payment);
        },
      });
      return view(await scoped(organisationId, eventId, invoiceId));
    },

    /**
     * A provider's later answer on a refund it had left `pending` (the payment row locked by the caller): succeeded, a
     * company invoice's refund gets its credit note; failed, its amount is refundable again. Answers whether the refund
     * was this module's (a company invoice's payment).
     */
    async refundSettledInTx(tx: PaymentsRepository, refund: RefundRow, payment: PaymentRow, outcome: 'succeeded' | 'failed'): Promise<boolean> {
      if (!payment.companyInvoiceId) return false;
      if (outcome === 'succeeded') {
        // The organiser's refund (a second payment's return has no credit note).
        if (refund.byUserId !== null) await creditRefundInTx(tx, refund, payment);
        return true;
      }
      const left = Math.max(0, payment.refundedAmount - refund.amount);
      await tx.updatePayment(payment.id, { refundedAmount: left, status: left === 0 ? 'captured' : left >= payment.amount ? 'refunded' : 'partially_refunded' });
      return true;
    },

    async pdf(organisationId: string, eventId: string, invoiceId: string, companyId?: string): Promise<{ fileName: string; bytes: Buffer }> {
      const row = await scoped(organisationId, eventId, invoiceId, companyId);
      const v = await view(row);
      const paidAs = v.paid ? `Paid ${v.paid.at.slice(0, 10)} (${v.paid.via === 'offline' ? `offline: ${v.paid.method ?? ''} ${v.paid.reference ?? ''}`.trim() : `online: ${v.paid.provider ?? ''}`})` : 'Unpaid';
      const notes = v.refunds.flatMap((r) => (r.creditNote ? [r.creditNote.number] : []));
      const status = notes.length > 0 ? `${paidAs}; ${v.status === 'refunded' ? 'refunded' : 'partly refunded'}, credit note${notes.length > 1 ? 's' : ''} ${notes.join(', ')}` : paidAs;
      return document(row, { kind: 'invoice', number: row.number, issuedAt: row.createdAt, reference: `Exhibitor services — ${status}`, refunded: v.refundedAmount });
    },

    /** One of the invoice's credit notes (`creditNoteId`, else the first): what it credits, negative, naming the invoice. */
    async creditNotePdf(organisationId: string, eventId: string, invoiceId: string, companyId?: string, creditNoteId?: string): Promise<{ fileName: string; bytes: Buffer }> {
      const row = await scoped(organisationId, eventId, invoiceId, companyId);
      const notes = await repo.creditNotesOf([row.id]);
      const credit = creditNoteId ? notes.find((c) => c.id === creditNoteId) : notes[0];
      if (!credit) throw companyInvoiceErrors.noCreditNote();
      const how = credit.via === 'offline' ? `refunded offline, reference ${credit.reference}` : `refunded online (${credit.provider})`;
      return document(row, { kind: 'credit-note', number: credit.number, issuedAt: credit.createdAt, reference: `Credit for invoice ${row.number}, ${how}. Reason: ${credit.reason}`, refunded: 0, credit });
    },

    /**
     * In the transaction that captured an online payment of a company invoice: the invoice is paid (once). When it was
     * paid already (marked paid offline while this attempt was open, or refunded meanwhile), the payment is a second
     * one: answers true, and the caller writes the durable `company-invoice.overpaid` that gives it back.
     */
    async capturedInTx(tx: PaymentsRepository, payment: { id: string; companyInvoiceId: string | null; provider: string }): Promise<boolean> {
      if (!payment.companyInvoiceId) return false;
      const paid = await tx.transitionCompanyInvoice(payment.companyInvoiceId, ['open', 'pending'], { status: 'paid', paidVia: 'online', paidProvider: payment.provider, paidAt: deps.now(), paidPaymentId: payment.id });
      return !paid;
    },

    /**
     * Subscriber of `company-invoice.overpaid`: gives the second payment back through its provider and records it
     * (the invoice lists it under returned payments). Idempotent (delivery is at least once): the payment's lock and
     * its refunded sum let one refund through; a replay finds it refunded and does nothing.
     */
    async refundOverpayment(e: { paymentId: string }): Promise<void> {
      const done = await refundThroughProvider(repo, (p) => deps.providerFor(p.provider, p.organisationId), {
        reserve: async (tx) => {
          const p = await tx.findById(e.paymentId, true);
          if (!p?.companyInvoiceId || p.status !== 'captured' || p.refundedAmount > 0) return null;
          const inv = await tx.companyInvoiceById(p.companyInvoiceId);
          if (!inv || inv.paidPaymentId === p.id) return null;
          const reserved = (await tx.updatePayment(p.id, { refundedAmount: p.amount }))!;
          const refund = await tx.insertRefund({ id: newId(), organisationId: p.organisationId, eventId: p.eventId, paymentId: p.id, orderId: inv.id, amount: p.amount, currency: p.currency, status: 'pending', reason: OVERPAYMENT_REASON });
          return { payment: reserved, refund };
        },
        finalize: async () => undefined,
      });
      if (done) deps.log?.info?.({ paymentId: e.paymentId, invoiceId: done.reserved.refund.orderId, amount: done.reserved.refund.amount }, 'a second payment of a paid company invoice was refunded');
    },
  };
}
export type CompanyInvoices = ReturnType<typeof createCompanyInvoices>;
