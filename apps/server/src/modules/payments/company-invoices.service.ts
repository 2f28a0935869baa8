import type { TCompanyInvoice, TCompanyInvoiceQuery, TInvoicePaymentStart, TMarkInvoicePaidInput, TOfflinePaymentMethod } from '@pavilion/domain';
import { ONLINE_INVOICE_PROVIDERS } from '@pavilion/domain';
import { AppError, errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { CompanyInvoiceLineRow, CompanyInvoiceRow, PaymentsRepository } from './payments.repository.ts';
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
  log?: { error(obj: unknown, msg?: string): void };
};

export const companyInvoiceErrors = {
  notFound: () => errors.notFound('Invoice'),
  paid: (number: string) => new AppError(409, 'COMPANY_INVOICE_PAID', `Invoice ${number} is already paid`),
  empty: (number: string) => new AppError(409, 'COMPANY_INVOICE_EMPTY', `Invoice ${number} has nothing to pay`),
  providerNotEnabled: (provider: string) => new AppError(400, 'PROVIDER_NOT_ENABLED', `${provider} payments are not enabled by the organiser`, [{ field: 'provider', key: 'providerNotEnabled' }]),
};

/** Where the company admin comes back after the hosted payment page: their stand area, on this invoice. */
export const invoiceReturnPath = (eventId: string, invoiceId: string, outcome: 'paid' | 'failed') =>
  `/attendium/stand?eventId=${encodeURIComponent(eventId)}&invoice=${encodeURIComponent(invoiceId)}&payment=${outcome}`;

function toView(row: CompanyInvoiceRow, lines: CompanyInvoiceLineRow[]): TCompanyInvoice {
  return {
    id: row.id,
    number: row.number,
    company: { id: row.companyId, name: row.companyName },
    currency: row.currency,
    status: row.status as TCompanyInvoice['status'],
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    lines: lines.map((l) => ({ id: l.id, submissionId: l.submissionId, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, tax: l.tax, total: l.total })),
    createdAt: row.createdAt.toISOString(),
    paid:
      row.status === 'paid' && row.paidAt
        ? {
            via: row.paidVia === 'offline' ? 'offline' : 'online',
            provider: row.paidProvider,
            method: (row.paidMethod as TOfflinePaymentMethod | null) ?? null,
            reference: row.paidReference,
            byName: row.paidByName,
            at: row.paidAt.toISOString(),
          }
        : null,
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
    const lines = await repo.companyInvoiceLines(rows.map((r) => r.id));
    return rows.map((r) => toView(r, lines.filter((l) => l.invoiceId === r.id)));
  }

  async function scoped(organisationId: string, eventId: string, invoiceId: string, companyId?: string): Promise<CompanyInvoiceRow> {
    const row = await repo.companyInvoice(organisationId, eventId, invoiceId);
    if (!row || (companyId !== undefined && row.companyId !== companyId)) throw companyInvoiceErrors.notFound();
    return row;
  }

  return {
    /**
     * Subscriber of `service-order.approved`: the order's lines go onto the company's open invoice (opened, with the
     * next number of the organisation's series, when there is none). Idempotent (delivery is at least once): the
     * counter row is locked first, so invoicing is one at a time per organisation, and a submission already on an
     * invoice changes nothing.
     */
    async onServiceOrderApproved(e: ServiceOrderApproved): Promise<void> {
      const lines = e.lines.filter((l) => l.total > 0);
      if (lines.length === 0) return;
      await repo.transaction(async (tx) => {
        await tx.lockInvoiceCounter(e.organisationId);
        if (await tx.submissionInvoiced(e.submissionId)) return;
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
            createdAt: deps.now(),
          });
        }
        const at = deps.now();
        await tx.insertCompanyInvoiceLines(
          lines.map((l, i) => ({ id: newId(), invoiceId: invoice.id, submissionId: e.submissionId, position: i, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, tax: 0, total: l.total, createdAt: at })),
        );
        await tx.recomputeCompanyInvoice(invoice.id);
      });
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
      if (current.status === 'paid') throw companyInvoiceErrors.paid(current.number);
      if (!(await deps.enabledProviders(organisationId)).includes(providerName)) throw companyInvoiceErrors.providerNotEnabled(providerName);
      const settings = await repo.settings(organisationId);
      const sessionId = newId();
      const payment = await repo.transaction(async (tx) => {
        const inv = await tx.companyInvoice(organisationId, eventId, invoiceId, true);
        if (!inv) throw companyInvoiceErrors.notFound();
        if (inv.status === 'paid') throw companyInvoiceErrors.paid(inv.number);
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
        if (inv.status === 'paid') throw companyInvoiceErrors.paid(inv.number);
        const at = deps.now();
        const paid = (await tx.transitionCompanyInvoice(inv.id, ['open', 'pending'], {
          status: 'paid',
          paidVia: 'offline',
          paidProvider: 'offline',
          paidMethod: input.method,
          paidReference: input.reference,
          paidByUserId: actor.userId,
          paidByName: actor.name,
          paidAt: at,
        }))!;
        // The money, as a captured offline payment: the event's transactions list it with the rest.
        const payment = await tx.insertPayment({ id: newId(), organisationId, eventId, orderId: inv.id, companyInvoiceId: inv.id, provider: 'offline', sessionId: newId(), amount: inv.total, currency: inv.currency, status: 'captured', capturedAt: at });
        await tx.recordEvent({ provider: 'offline', providerEventId: `manual:${inv.id}`, kind: 'captured', paymentId: payment.id, outcome: 'captured', payload: { actorUserId: actor.userId, method: input.method, reference: input.reference } });
        return paid;
      });
      return (await views([row]))[0]!;
    },

    async pdf(organisationId: string, eventId: string, invoiceId: string, companyId?: string): Promise<{ fileName: string; bytes: Buffer }> {
      const row = await scoped(organisationId, eventId, invoiceId, companyId);
      const [view] = await views([row]);
      const s = await deps.invoiceSettings(organisationId);
      const status = view!.paid ? `Paid ${view!.paid.at.slice(0, 10)} (${view!.paid.via === 'offline' ? `offline: ${view!.paid.method ?? ''} ${view!.paid.reference ?? ''}`.trim() : `online: ${view!.paid.provider ?? ''}`})` : 'Unpaid';
      const bytes = await renderInvoicePdf({
        number: row.number,
        issuedAt: row.createdAt,
        seller: s,
        buyer: { name: row.companyName, email: row.billingEmail },
        eventName: await deps.findEventName(eventId),
        registrationNo: '',
        reference: `Exhibitor services — ${status}`,
        currency: row.currency,
        lines: view!.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, discount: 0, tax: l.tax, total: l.total })),
        subtotal: row.subtotal,
        discount: 0,
        tax: row.tax,
        total: row.total,
        refunded: 0,
      });
      return { fileName: `invoice-${row.number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`, bytes };
    },

    /**
     * In the transaction that captured an online payment of a company invoice: the invoice is paid (once; an invoice
     * already marked paid offline stays as it is, and the double payment is logged for a refund).
     */
    async capturedInTx(tx: PaymentsRepository, payment: { id: string; companyInvoiceId: string | null; provider: string }): Promise<void> {
      if (!payment.companyInvoiceId) return;
      const paid = await tx.transitionCompanyInvoice(payment.companyInvoiceId, ['open', 'pending'], { status: 'paid', paidVia: 'online', paidProvider: payment.provider, paidAt: deps.now() });
      if (!paid) deps.log?.error({ paymentId: payment.id, invoiceId: payment.companyInvoiceId }, 'a company invoice already paid received another payment: refund it');
    },
  };
}
export type CompanyInvoices = ReturnType<typeof createCompanyInvoices>;
