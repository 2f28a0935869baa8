import type {
  TAccompanyingRequest,
  TApprovalRequest,
  TAssignCategoryRequest,
  TAssignGroupsRequest,
  TAssignQuotaRequest,
  TBulkUpdateResponse,
  TCartLink,
  TCartLinkRequest,
  TCoupon,
  TCouponBulkRequest,
  TCouponBulkResponse,
  TCouponCreateRequest,
  TCouponListQuery,
  TCouponUpdateRequest,
  TDateOption,
  TDateOptionRequest,
  TJourneyEntry,
  TOrder,
  TOrderListQuery,
  TPage,
  TPaymentStatusRequest,
  TPublicCartLink,
  TQuota,
  TQuotaCreateRequest,
  TQuotaUpdateRequest,
  TRegistration,
  TRegistrationPhotoRequest,
  TOwnPhoto,
  TRegistrationExportQuery,
  TRegistrationForm,
  TRegistrationFormRequest,
  TRegistrationListQuery,
  TRegistrationSettings,
  TRegistrationSettingsUpdateRequest,
  TReplaceUserRequest,
  TTicket,
  TTicketCreateRequest,
  TTicketUpdateRequest,
  TUserJourneyEventType,
  TVisitorCategory,
  TVisitorCategoryRequest,
} from '@pavilion/domain';
import { currencyOfTimeZone, DEFAULT_TICKET_CURRENCY, randomCode, ZTicketCreateRequest } from '@pavilion/domain';
import { orderForOnePerson } from './complimentary.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Audit } from '../../platform/audit.ts';
import type { CheckoutService, PaymentsPort } from './checkout.service.ts';
import { registrationErrors } from './registration.errors.ts';
import { toCoupon, toForm, toJourney, toOrder, toQuota, toRegistration, toTicket } from './registration.mappers.ts';
import type { DateOptionRow, OrderRow, RegistrationRepository, RegistrationRow, TicketRow, Tx } from './registration.repository.ts';
import { registrationsCsv, registrationsXlsx } from './registration.export.ts';
import { decodePhoto, type PhotoUrlOf } from './registration-photos.ts';

export type RegistrationDeps = {
  repo: RegistrationRepository;
  checkout: CheckoutService;
  payments: PaymentsPort;
  /** Throws 404 unless the event is the organisation's and within the caller's item scope. */
  /** The event as the caller may see it (404 otherwise); its time zone gives new tickets their default currency. */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<{ timeZone: string }>;
  audit: Audit;
  publicUrl: string;
  now: () => Date;
  /**
   * Replace user's durable event (`registration.replaced`: credentials re-issue the QR so the old holder's stops
   * working): `record` writes it in the change's transaction, `deliver` runs it after the commit (a crash in between
   * leaves it to the outbox job).
   */
  replaced?: { record: (tx: Tx, eventId: string, registrationId: string) => Promise<string>; deliver: (outboxId: string) => Promise<void> };
  /** The signed URL of a registration's photo (registration-photos.ts). */
  photoUrlOf: PhotoUrlOf;
  /** The signed-in user's account email (auth module): whose registrations they may change. */
  userEmail: (caller: AuthUser) => Promise<string>;
};

const d = (s: string | null | undefined) => (s === undefined ? undefined : s === null ? null : new Date(s));

export function createRegistrationService(deps: RegistrationDeps) {
  const { repo } = deps;
  const guard = deps.assertEvent;

  async function ticketsOut(eventId: string, rows: TicketRow[]): Promise<TTicket[]> {
    const now = deps.now();
    const [links, { perTicket }, { sold, held }] = await Promise.all([repo.ticketQuotaLinks(eventId), deps.checkout.availability(eventId, now), deps.checkout.seatCounts(eventId, now)]);
    return rows.map((t) =>
      toTicket(t, { quotaIds: links.filter((l) => l.ticketId === t.id).map((l) => l.quotaId), sold: sold.get(t.id) ?? 0, held: held.get(t.id) ?? 0, available: perTicket.get(t.id) ?? null }),
    );
  }
  async function ticketOut(eventId: string, row: TicketRow): Promise<TTicket> {
    return (await ticketsOut(eventId, [row]))[0]!;
  }
  async function assertTickets(eventId: string, ids: string[], field: string): Promise<void> {
    const unique = [...new Set(ids)];
    const found = await repo.ticketsByIds(eventId, unique);
    if (found.length !== unique.length) {
      const known = new Set(found.map((t) => t.id));
      throw registrationErrors.fields(ids.map((id, i) => (known.has(id) ? null : { field: `${field}.${i}`, key: 'unknownTicket' })).filter((x) => x !== null));
    }
  }
  async function quotasOut(eventId: string): Promise<TQuota[]> {
    const [rows, links, usage] = await Promise.all([repo.listQuotas(eventId), repo.ticketQuotaLinks(eventId), repo.quotaUsage(eventId, deps.now())]);
    return rows.map((q) => {
      const u = usage.find((x) => x.quotaId === q.id);
      return toQuota(q, { ticketIds: links.filter((l) => l.quotaId === q.id).map((l) => l.ticketId), used: u?.ordered ?? 0, reserved: u?.carted ?? 0 });
    });
  }
  async function journey(order: Pick<OrderRow, 'organisationId' | 'eventId'>, regIds: string[], type: TUserJourneyEventType, detail: Record<string, unknown>, actor: string | null) {
    await repo.insertJourney(regIds.map((registrationId) => ({ id: newId(), organisationId: order.organisationId, eventId: order.eventId, registrationId, type, actorUserId: actor, detail })));
  }
  async function registrationsOut(eventId: string, ids: string[]): Promise<TRegistration[]> {
    const regs = await repo.registrationsByIds(eventId, ids);
    const out: TRegistration[] = [];
    for (const r of regs) out.push(toRegistration(r, (await repo.findOrder(r.orderId))!, deps.photoUrlOf));
    return out;
  }
  async function assertRegistrations(eventId: string, ids: string[]) {
    const found = await repo.registrationsByIds(eventId, [...new Set(ids)]);
    if (found.length !== new Set(ids).size) {
      const known = new Set(found.map((r) => r.id));
      throw registrationErrors.fields(ids.map((id, i) => (known.has(id) ? null : { field: `registrationIds.${i}`, key: 'unknownRegistration' })).filter((x) => x !== null));
    }
    return found;
  }
  async function orderIn(eventId: string, orderId: string): Promise<OrderRow> {
    const o = await repo.findOrderInEvent(eventId, orderId);
    if (!o) throw errors.notFound('Order');
    return o;
  }
  function dateOptionOut(r: DateOptionRow, perTicket: Map<string, number | null>): TDateOption {
    return { id: r.id, eventId: r.eventId, categoryId: r.categoryId, date: r.date, label: r.label, ticketId: r.ticketId, available: r.ticketId ? (perTicket.get(r.ticketId) ?? null) : null };
  }
  const cartLinkOut = (r: { id: string; eventId: string; name: string; items: { ticketId: string; quantity: number }[]; couponCode: string | null; isActive: boolean; createdAt: Date }): TCartLink => ({
    id: r.id,
    eventId: r.eventId,
    name: r.name,
    items: r.items,
    couponCode: r.couponCode,
    isActive: r.isActive,
    createdAt: r.createdAt.toISOString(),
  });
  const categoryOut = (r: { id: string; eventId: string; name: string; slug: string; description: string; ticketId: string | null; createdAt: Date }): TVisitorCategory => ({
    id: r.id,
    eventId: r.eventId,
    name: r.name,
    slug: r.slug,
    description: r.description,
    ticketId: r.ticketId,
    createdAt: r.createdAt.toISOString(),
  });

  /** Stores the checked photo with its UPDATE journey entry, and audits it; answers the photo's time (its version). */
  async function storePhoto(reg: RegistrationRow, input: TRegistrationPhotoRequest, actorUserId: string, by: 'organiser' | 'attendee'): Promise<Date> {
    const bytes = decodePhoto(input);
    const at = deps.now();
    await repo.transaction(async (tx) => {
      await tx.setPhoto({ registrationId: reg.id, organisationId: reg.organisationId, eventId: reg.eventId, contentType: input.contentType, bytes, at });
      await tx.insertJourney([{ id: newId(), organisationId: reg.organisationId, eventId: reg.eventId, registrationId: reg.id, type: 'UPDATE', actorUserId, detail: { photo: 'set', bytes: bytes.length, by } }]);
    });
    await deps.audit.record({ organisationId: reg.organisationId, actorUserId, action: 'registration.photo.set', target: reg.id, meta: { bytes: bytes.length, contentType: input.contentType, by } });
    return at;
  }
  async function dropPhoto(reg: RegistrationRow, actorUserId: string, by: 'organiser' | 'attendee'): Promise<void> {
    if (!reg.photoUpdatedAt) return;
    await repo.transaction(async (tx) => {
      await tx.removePhoto(reg.id, deps.now());
      await tx.insertJourney([{ id: newId(), organisationId: reg.organisationId, eventId: reg.eventId, registrationId: reg.id, type: 'UPDATE', actorUserId, detail: { photo: 'removed', by } }]);
    });
    await deps.audit.record({ organisationId: reg.organisationId, actorUserId, action: 'registration.photo.removed', target: reg.id, meta: { by } });
  }
  /** A registration made with the caller's account email; anyone else's answers 404, as an unknown id does. */
  async function ownRegistration(caller: AuthUser, registrationId: string): Promise<RegistrationRow> {
    const reg = await repo.findRegistrationById(registrationId);
    if (!reg || reg.email.toLowerCase() !== (await deps.userEmail(caller)).toLowerCase()) throw errors.notFound('Registration');
    return reg;
  }

  return {
    /**
     * Badge desk (register-badge-print): registers a walk-in on the organiser's behalf through checkout's order
     * transaction (quotas hold), approved at once; a paid ticket must be paid at the desk, and its offline payment is
     * captured and confirmed in that same transaction, so the registration is admissible when its badge prints and
     * is never left half-written.
     */
    async createWalkIn(
      caller: AuthUser,
      organisationId: string,
      eventId: string,
      input: { firstName: string; lastName: string; email: string; contactNo?: string; ticketId: string; categoryId?: string; isPaidAtDesk: boolean },
    ): Promise<{ registrationId: string; registrationNo: string; orderId: string }> {
      await guard(caller, organisationId, eventId);
      const ticket = await repo.findTicket(eventId, input.ticketId);
      if (!ticket || ticket.isDeleted) throw registrationErrors.fields([{ field: 'ticketId', key: 'unknownTicket' }]);
      if (input.categoryId) {
        const c = await repo.findCategory(input.categoryId);
        if (!c || c.eventId !== eventId) throw registrationErrors.fields([{ field: 'categoryId', key: 'unknownCategory' }]);
      }
      if (!ticket.isFree && ticket.price > 0 && !input.isPaidAtDesk) throw registrationErrors.fields([{ field: 'isPaidAtDesk', key: 'paymentRequired' }]);
      const person = { firstName: input.firstName, lastName: input.lastName, email: input.email, ...(input.contactNo ? { contactNo: input.contactNo } : {}) };
      const created = await orderForOnePerson(deps.checkout, eventId, ticket, person, input.categoryId, caller.userId);
      const order = (await repo.findOrder(created.order.id))!;
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'registration.walk_in', target: created.order.attendees[0]!.id, meta: { eventId } });
      return { registrationId: created.order.attendees[0]!.id, registrationNo: order.registrationNo, orderId: order.id };
    },
    // ------------------------------------------------------------ settings
    async getSettings(caller: AuthUser, organisationId: string, eventId: string): Promise<TRegistrationSettings> {
      await guard(caller, organisationId, eventId);
      const s = await repo.settings(eventId);
      return { approvalMode: (s?.approvalMode ?? 'auto') as 'auto', cartMinutes: s?.cartMinutes ?? 15, paymentMinutes: s?.paymentMinutes ?? 30, registrationPrefix: s?.registrationPrefix ?? 'REG-' };
    },
    async updateSettings(caller: AuthUser, organisationId: string, eventId: string, input: TRegistrationSettingsUpdateRequest): Promise<TRegistrationSettings> {
      await guard(caller, organisationId, eventId);
      await repo.upsertSettings(eventId, organisationId, input);
      return this.getSettings(caller, organisationId, eventId);
    },

    // ------------------------------------------------------------ tickets
    async listTickets(caller: AuthUser, organisationId: string, eventId: string): Promise<TTicket[]> {
      await guard(caller, organisationId, eventId);
      return ticketsOut(eventId, await repo.listTickets(eventId));
    },
    async getTicket(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<TTicket> {
      await guard(caller, organisationId, eventId);
      const t = await repo.findTicket(eventId, id);
      if (!t) throw errors.notFound('Ticket');
      return ticketOut(eventId, t);
    },
    async createTicket(caller: AuthUser, organisationId: string, eventId: string, input: TTicketCreateRequest): Promise<TTicket> {
      const event = await guard(caller, organisationId, eventId);
      const currency = input.currency ?? currencyOfTimeZone(event.timeZone) ?? DEFAULT_TICKET_CURRENCY;
      const id = newId();
      const t = await repo.transaction(async (tx) => {
        const row = await tx.insertTicket({ id, organisationId, eventId, ...input, currency, salesStart: d(input.salesStart), salesEnd: d(input.salesEnd) });
        if (input.capacity !== null) {
          const q = await tx.insertQuota({ id: newId(), organisationId, eventId, name: `${input.name} (ticket)`, capacity: input.capacity, ticketId: id });
          await tx.setTicketQuotas(eventId, id, [q.id]);
        }
        return row;
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'ticket.created', target: id });
      return ticketOut(eventId, t);
    },
    async updateTicket(caller: AuthUser, organisationId: string, eventId: string, id: string, patch: TTicketUpdateRequest): Promise<TTicket> {
      await guard(caller, organisationId, eventId);
      const cur = await repo.findTicket(eventId, id);
      if (!cur) throw errors.notFound('Ticket');
      // The merged ticket must still be valid (a PATCH may change only one side of a rule).
      const merged = ZTicketCreateRequest.safeParse({
        name: patch.name ?? cur.name,
        currency: patch.currency ?? cur.currency,
        isFree: patch.isFree ?? cur.isFree,
        price: patch.price ?? cur.price,
        minPerOrder: patch.minPerOrder ?? cur.minPerOrder,
        maxPerOrder: patch.maxPerOrder ?? cur.maxPerOrder,
        visibility: patch.visibility ?? cur.visibility,
        unlockCode: patch.unlockCode !== undefined ? patch.unlockCode : cur.unlockCode,
        salesStart: patch.salesStart !== undefined ? patch.salesStart : (cur.salesStart?.toISOString() ?? null),
        salesEnd: patch.salesEnd !== undefined ? patch.salesEnd : (cur.salesEnd?.toISOString() ?? null),
      });
      if (!merged.success) throw registrationErrors.fields(merged.error.issues.map((i) => ({ field: i.path.join('.'), key: i.code === 'custom' ? i.message : i.code })));
      const row = await repo.transaction(async (tx) => {
        const { salesStart, salesEnd, ...rest } = patch;
        const r = await tx.updateTicket(eventId, id, { ...rest, ...(salesStart !== undefined ? { salesStart: d(salesStart) } : {}), ...(salesEnd !== undefined ? { salesEnd: d(salesEnd) } : {}) });
        if (patch.capacity !== undefined) {
          const own = await tx.ownQuota(id);
          if (patch.capacity === null && own) await tx.deleteQuota(eventId, own.id);
          else if (patch.capacity !== null && own) await tx.updateQuota(eventId, own.id, { capacity: patch.capacity });
          else if (patch.capacity !== null) {
            const q = await tx.insertQuota({ id: newId(), organisationId, eventId, name: `${r!.name} (ticket)`, capacity: patch.capacity, ticketId: id });
            const links = (await tx.linksForTickets([id])).map((l) => l.quotaId);
            await tx.setTicketQuotas(eventId, id, [...links, q.id]);
          }
        }
        return r!;
      });
      return ticketOut(eventId, row);
    },
    async deleteTicket(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ id: string }> {
      await guard(caller, organisationId, eventId);
      if (!(await repo.findTicket(eventId, id))) throw errors.notFound('Ticket');
      if (await repo.ticketHasOrders(id)) throw registrationErrors.ticketHasOrders();
      await repo.updateTicket(eventId, id, { isDeleted: true });
      return { id };
    },
    async setTicketQuotas(caller: AuthUser, organisationId: string, eventId: string, id: string, quotaIds: string[]): Promise<TTicket> {
      await guard(caller, organisationId, eventId);
      const t = await repo.findTicket(eventId, id);
      if (!t) throw errors.notFound('Ticket');
      const unique = [...new Set(quotaIds)];
      const found = await repo.quotasByIds(eventId, unique);
      if (found.length !== unique.length) throw registrationErrors.fields([{ field: 'quotaIds', key: 'unknownQuota' }]);
      const own = await repo.ownQuota(id);
      await repo.setTicketQuotas(eventId, id, [...new Set([...unique, ...(own ? [own.id] : [])])]);
      return ticketOut(eventId, t);
    },

    // ------------------------------------------------------------ quotas
    async listQuotas(caller: AuthUser, organisationId: string, eventId: string): Promise<TQuota[]> {
      await guard(caller, organisationId, eventId);
      return quotasOut(eventId);
    },
    async createQuota(caller: AuthUser, organisationId: string, eventId: string, input: TQuotaCreateRequest): Promise<TQuota> {
      await guard(caller, organisationId, eventId);
      await assertTickets(eventId, input.ticketIds, 'ticketIds');
      const q = await repo.insertQuota({ id: newId(), organisationId, eventId, name: input.name, capacity: input.capacity });
      await repo.setQuotaTickets(eventId, q.id, [...new Set(input.ticketIds)]);
      return (await quotasOut(eventId)).find((x) => x.id === q.id)!;
    },
    async updateQuota(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TQuotaUpdateRequest): Promise<TQuota> {
      await guard(caller, organisationId, eventId);
      const q = await repo.findQuota(eventId, id);
      if (!q) throw errors.notFound('Quota');
      if (q.ticketId && input.ticketIds) throw registrationErrors.quotaInUse();
      if (input.ticketIds) await assertTickets(eventId, input.ticketIds, 'ticketIds');
      await repo.updateQuota(eventId, id, { ...(input.name ? { name: input.name } : {}), ...(input.capacity !== undefined ? { capacity: input.capacity } : {}) });
      if (q.ticketId && input.capacity !== undefined) await repo.updateTicket(eventId, q.ticketId, { capacity: input.capacity });
      if (input.ticketIds) await repo.setQuotaTickets(eventId, id, [...new Set(input.ticketIds)]);
      return (await quotasOut(eventId)).find((x) => x.id === id)!;
    },
    async deleteQuota(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ id: string }> {
      await guard(caller, organisationId, eventId);
      const q = await repo.findQuota(eventId, id);
      if (!q) throw errors.notFound('Quota');
      if (q.ticketId) throw registrationErrors.quotaInUse();
      await repo.deleteQuota(eventId, id);
      return { id };
    },

    // ------------------------------------------------------------ forms
    async listForms(caller: AuthUser, organisationId: string, eventId: string): Promise<TRegistrationForm[]> {
      await guard(caller, organisationId, eventId);
      return (await repo.listForms(eventId)).map(toForm);
    },
    async createForm(caller: AuthUser, organisationId: string, eventId: string, input: TRegistrationFormRequest): Promise<TRegistrationForm> {
      await guard(caller, organisationId, eventId);
      await assertTickets(eventId, input.ticketIds, 'ticketIds');
      return toForm(await repo.insertForm({ id: newId(), organisationId, eventId, name: input.name, ticketIds: [...new Set(input.ticketIds)], fields: input.fields }));
    },
    async updateForm(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TRegistrationFormRequest): Promise<TRegistrationForm> {
      await guard(caller, organisationId, eventId);
      await assertTickets(eventId, input.ticketIds, 'ticketIds');
      const r = await repo.updateForm(eventId, id, { name: input.name, ticketIds: [...new Set(input.ticketIds)], fields: input.fields });
      if (!r) throw errors.notFound('Form');
      return toForm(r);
    },
    async deleteForm(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ id: string }> {
      await guard(caller, organisationId, eventId);
      if (!(await repo.deleteForm(eventId, id))) throw errors.notFound('Form');
      return { id };
    },

    // ------------------------------------------------------------ coupons
    async listCoupons(caller: AuthUser, organisationId: string, eventId: string, q: TCouponListQuery): Promise<TPage<TCoupon>> {
      await guard(caller, organisationId, eventId);
      const { rows, total } = await repo.listCoupons(eventId, { ...q, search: q.search?.toUpperCase() });
      const used = await repo.redemptionCounts(eventId, deps.now());
      return { items: rows.map((r) => toCoupon(r, used.get(r.id) ?? 0)), total, page: q.page, pageSize: q.pageSize };
    },
    async createCoupon(caller: AuthUser, organisationId: string, eventId: string, input: TCouponCreateRequest): Promise<TCoupon> {
      await guard(caller, organisationId, eventId);
      await assertTickets(eventId, input.ticketIds, 'ticketIds');
      const [row] = await repo.insertCoupons([{ id: newId(), organisationId, eventId, ...input, ticketIds: [...new Set(input.ticketIds)], validFrom: d(input.validFrom), validTo: d(input.validTo) }]);
      if (!row) throw registrationErrors.couponCodeTaken();
      return toCoupon(row, 0);
    },
    async updateCoupon(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TCouponUpdateRequest): Promise<TCoupon> {
      await guard(caller, organisationId, eventId);
      if (input.ticketIds) await assertTickets(eventId, input.ticketIds, 'ticketIds');
      const { validFrom, validTo, ...rest } = input;
      const r = await repo.updateCoupon(eventId, id, { ...rest, ...(validFrom !== undefined ? { validFrom: d(validFrom) } : {}), ...(validTo !== undefined ? { validTo: d(validTo) } : {}) });
      if (!r) throw errors.notFound('Coupon');
      return toCoupon(r, (await repo.redemptionCounts(eventId, deps.now())).get(id) ?? 0);
    },
    async deleteCoupon(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ id: string }> {
      await guard(caller, organisationId, eventId);
      if (!(await repo.deleteCoupon(eventId, id))) throw errors.notFound('Coupon');
      return { id };
    },
    async bulkCoupons(caller: AuthUser, organisationId: string, eventId: string, input: TCouponBulkRequest): Promise<TCouponBulkResponse> {
      await guard(caller, organisationId, eventId);
      await assertTickets(eventId, input.ticketIds, 'ticketIds');
      const { prefix, count, length, ...fields } = input;
      const codes = new Set<string>();
      while (codes.size < count) codes.add(`${prefix}${randomCode(length).toUpperCase()}`);
      const rows = await repo.insertCoupons(
        [...codes].map((code) => ({ id: newId(), organisationId, eventId, ...fields, code, ticketIds: [...new Set(fields.ticketIds)], validFrom: d(fields.validFrom), validTo: d(fields.validTo) })),
      );
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'coupons.bulk_created', target: eventId, meta: { count: rows.length } });
      return { count: rows.length, codes: rows.map((r) => r.code) };
    },

    // ------------------------------------------------------------ categories, date options, cart links
    async listCategories(caller: AuthUser, organisationId: string, eventId: string): Promise<TVisitorCategory[]> {
      await guard(caller, organisationId, eventId);
      return (await repo.listCategories(eventId)).map(categoryOut);
    },
    async createCategory(caller: AuthUser, organisationId: string, eventId: string, input: TVisitorCategoryRequest): Promise<TVisitorCategory> {
      await guard(caller, organisationId, eventId);
      if (input.ticketId) await assertTickets(eventId, [input.ticketId], 'ticketId');
      const r = await repo.insertCategory({ id: newId(), organisationId, eventId, ...input });
      if (!r) throw registrationErrors.slugTaken();
      return categoryOut(r);
    },
    async updateCategory(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TVisitorCategoryRequest): Promise<TVisitorCategory> {
      await guard(caller, organisationId, eventId);
      if (input.ticketId) await assertTickets(eventId, [input.ticketId], 'ticketId');
      const clash = (await repo.listCategories(eventId, input.slug)).find((c) => c.id !== id);
      if (clash) throw registrationErrors.slugTaken();
      const r = await repo.updateCategory(eventId, id, input);
      if (!r) throw errors.notFound('Category');
      return categoryOut(r);
    },
    async deleteCategory(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ id: string }> {
      await guard(caller, organisationId, eventId);
      if (!(await repo.deleteCategory(eventId, id))) throw errors.notFound('Category');
      return { id };
    },
    async listDateOptions(caller: AuthUser, organisationId: string, eventId: string): Promise<TDateOption[]> {
      await guard(caller, organisationId, eventId);
      const { perTicket } = await deps.checkout.availability(eventId, deps.now());
      return (await repo.listDateOptions(eventId)).map((r) => dateOptionOut(r, perTicket));
    },
    async createDateOption(caller: AuthUser, organisationId: string, eventId: string, input: TDateOptionRequest): Promise<TDateOption> {
      await guard(caller, organisationId, eventId);
      const cat = await repo.findCategory(input.categoryId);
      if (!cat || cat.eventId !== eventId) throw registrationErrors.fields([{ field: 'categoryId', key: 'unknownCategory' }]);
      if (input.ticketId) await assertTickets(eventId, [input.ticketId], 'ticketId');
      const r = await repo.insertDateOption({ id: newId(), organisationId, eventId, ...input });
      return dateOptionOut(r, (await deps.checkout.availability(eventId, deps.now())).perTicket);
    },
    async deleteDateOption(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ id: string }> {
      await guard(caller, organisationId, eventId);
      if (!(await repo.deleteDateOption(eventId, id))) throw errors.notFound('Date option');
      return { id };
    },
    async listCartLinks(caller: AuthUser, organisationId: string, eventId: string): Promise<TCartLink[]> {
      await guard(caller, organisationId, eventId);
      return (await repo.listCartLinks(eventId)).map(cartLinkOut);
    },
    async createCartLink(caller: AuthUser, organisationId: string, eventId: string, input: TCartLinkRequest): Promise<TCartLink> {
      await guard(caller, organisationId, eventId);
      await assertTickets(eventId, input.items.map((i) => i.ticketId), 'items');
      return cartLinkOut(await repo.insertCartLink({ id: newId(), organisationId, eventId, ...input }));
    },
    async updateCartLink(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TCartLinkRequest): Promise<TCartLink> {
      await guard(caller, organisationId, eventId);
      await assertTickets(eventId, input.items.map((i) => i.ticketId), 'items');
      const r = await repo.updateCartLink(eventId, id, input);
      if (!r) throw errors.notFound('Cart link');
      return cartLinkOut(r);
    },
    async deleteCartLink(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<{ id: string }> {
      await guard(caller, organisationId, eventId);
      if (!(await repo.deleteCartLink(eventId, id))) throw errors.notFound('Cart link');
      return { id };
    },

    // ------------------------------------------------------------ public lookups
    async publicCartLink(id: string): Promise<TPublicCartLink> {
      const r = await repo.findCartLink(id);
      if (!r || !r.isActive) throw errors.notFound('Cart link');
      return { id: r.id, eventId: r.eventId, items: r.items, couponCode: r.couponCode };
    },
    async publicCategories(eventId: string, slug?: string): Promise<TVisitorCategory[]> {
      return (await repo.listCategories(eventId, slug)).map(categoryOut);
    },
    async publicDates(categoryId: string): Promise<TDateOption[]> {
      const cat = await repo.findCategory(categoryId);
      if (!cat) throw errors.notFound('Category');
      const { perTicket } = await deps.checkout.availability(cat.eventId, deps.now());
      return (await repo.listDateOptions(cat.eventId, categoryId)).map((r) => dateOptionOut(r, perTicket));
    },

    // ------------------------------------------------------------ registrations
    async listRegistrations(caller: AuthUser, organisationId: string, eventId: string, q: TRegistrationListQuery): Promise<TPage<TRegistration>> {
      await guard(caller, organisationId, eventId);
      const { rows, total } = await repo.listRegistrations(eventId, q);
      return { items: rows.map(({ r, o }) => toRegistration(r, o, deps.photoUrlOf)), total, page: q.page, pageSize: q.pageSize };
    },
    async getRegistration(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<TRegistration> {
      await guard(caller, organisationId, eventId);
      const [r] = await registrationsOut(eventId, [id]);
      if (!r) throw errors.notFound('Registration');
      return r;
    },
    async exportRegistrations(caller: AuthUser, organisationId: string, eventId: string, q: TRegistrationExportQuery): Promise<{ body: Buffer; contentType: string; filename: string }> {
      await guard(caller, organisationId, eventId);
      const { rows } = await repo.listRegistrations(eventId, q);
      const items = rows.map(({ r, o }) => toRegistration(r, o, deps.photoUrlOf));
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'registrations.exported', target: eventId, meta: { format: q.format, rows: items.length } });
      return q.format === 'xlsx'
        ? { body: await registrationsXlsx(items), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename: `registrations-${eventId}.xlsx` }
        : { body: Buffer.from(registrationsCsv(items), 'utf8'), contentType: 'text/csv; charset=utf-8', filename: `registrations-${eventId}.csv` };
    },
    async setApproval(caller: AuthUser, organisationId: string, eventId: string, input: TApprovalRequest): Promise<TBulkUpdateResponse> {
      await guard(caller, organisationId, eventId);
      const regs = await assertRegistrations(eventId, input.registrationIds);
      const changed = regs.filter((r) => r.approvalStatus !== input.status);
      await repo.updateRegistrations(eventId, changed.map((r) => r.id), { approvalStatus: input.status });
      await journey({ organisationId, eventId }, changed.map((r) => r.id), input.status === 'approved' ? 'APPRV' : 'DISAPPRV', { status: input.status, ...(input.reason ? { reason: input.reason } : {}) }, caller.userId);
      return { updated: changed.length };
    },
    async assignQuota(caller: AuthUser, organisationId: string, eventId: string, input: TAssignQuotaRequest): Promise<TBulkUpdateResponse> {
      await guard(caller, organisationId, eventId);
      if (input.quotaId && !(await repo.findQuota(eventId, input.quotaId))) throw registrationErrors.fields([{ field: 'quotaId', key: 'unknownQuota' }]);
      await assertRegistrations(eventId, input.registrationIds);
      const rows = await repo.updateRegistrations(eventId, input.registrationIds, { quotaId: input.quotaId });
      await journey({ organisationId, eventId }, rows.map((r) => r.id), 'UPDATE', { quotaId: input.quotaId }, caller.userId);
      return { updated: rows.length };
    },
    async assignCategory(caller: AuthUser, organisationId: string, eventId: string, input: TAssignCategoryRequest): Promise<TBulkUpdateResponse> {
      await guard(caller, organisationId, eventId);
      if (input.categoryId) {
        const c = await repo.findCategory(input.categoryId);
        if (!c || c.eventId !== eventId) throw registrationErrors.fields([{ field: 'categoryId', key: 'unknownCategory' }]);
      }
      await assertRegistrations(eventId, input.registrationIds);
      const rows = await repo.updateRegistrations(eventId, input.registrationIds, { categoryId: input.categoryId });
      await journey({ organisationId, eventId }, rows.map((r) => r.id), 'UPDATE', { categoryId: input.categoryId }, caller.userId);
      return { updated: rows.length };
    },
    async assignGroups(caller: AuthUser, organisationId: string, eventId: string, input: TAssignGroupsRequest): Promise<TBulkUpdateResponse> {
      await guard(caller, organisationId, eventId);
      await assertRegistrations(eventId, input.registrationIds);
      const rows = await repo.updateRegistrations(eventId, input.registrationIds, { groups: [...new Set(input.groups)] });
      await journey({ organisationId, eventId }, rows.map((r) => r.id), 'UPDATE', { groups: input.groups }, caller.userId);
      return { updated: rows.length };
    },
    async replaceUser(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TReplaceUserRequest): Promise<TRegistration> {
      await guard(caller, organisationId, eventId);
      const cur = await repo.findRegistration(eventId, id);
      if (!cur) throw errors.notFound('Registration');
      const outboxId = await repo.transaction(async (txRepo, tx) => {
        await txRepo.updateRegistrations(eventId, [id], {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email.toLowerCase(),
          countryCode: input.countryCode ?? null,
          contactNo: input.contactNo ?? null,
        });
        return deps.replaced ? deps.replaced.record(tx, eventId, id) : null;
      });
      await journey(cur, [id], 'UPDATE', { replaced: { from: cur.email, to: input.email.toLowerCase() } }, caller.userId);
      if (outboxId) await deps.replaced!.deliver(outboxId);
      return (await registrationsOut(eventId, [id]))[0]!;
    },
    async addAccompanying(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TAccompanyingRequest): Promise<TRegistration[]> {
      await guard(caller, organisationId, eventId);
      const parent = await repo.findRegistration(eventId, id);
      if (!parent) throw errors.notFound('Registration');
      const rows = await repo.insertRegistrations(
        input.persons.map((p) => ({
          id: newId(),
          organisationId,
          eventId,
          orderId: parent.orderId,
          ticketId: parent.ticketId,
          firstName: p.firstName,
          lastName: p.lastName,
          email: (p.email ?? parent.email).toLowerCase(),
          answers: {},
          approvalStatus: parent.approvalStatus,
          isAccompanying: true,
          parentRegistrationId: parent.id,
          sourceChannel: parent.sourceChannel,
        })),
      );
      await journey(parent, rows.map((r) => r.id), 'REG', { accompanying: true, parentRegistrationId: parent.id }, caller.userId);
      return registrationsOut(eventId, rows.map((r) => r.id));
    },
    async setPaymentStatus(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TPaymentStatusRequest): Promise<TRegistration> {
      await guard(caller, organisationId, eventId);
      const reg = await repo.findRegistration(eventId, id);
      if (!reg) throw errors.notFound('Registration');
      const order = (await repo.findOrder(reg.orderId))!;
      if (order.status !== 'pending') throw registrationErrors.paymentStatusInvalid();
      if (input.paymentStatus === 'paid') await deps.payments.markPaidManually(order, caller.userId);
      else if (!(await deps.checkout.markPaymentFailed(order.id, { actorUserId: caller.userId, registrationIds: [reg.id], note: input.note }))) {
        throw registrationErrors.paymentStatusInvalid();
      }
      return (await registrationsOut(eventId, [id]))[0]!;
    },
    /** Sets (or replaces) the attendee's photo: checked image bytes, one UPDATE journey entry, audited. */
    async setPhoto(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TRegistrationPhotoRequest): Promise<TRegistration> {
      await guard(caller, organisationId, eventId);
      const reg = await repo.findRegistration(eventId, id);
      if (!reg) throw errors.notFound('Registration');
      await storePhoto(reg, input, caller.userId, 'organiser');
      return (await registrationsOut(eventId, [id]))[0]!;
    },
    async removePhoto(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<TRegistration> {
      await guard(caller, organisationId, eventId);
      const reg = await repo.findRegistration(eventId, id);
      if (!reg) throw errors.notFound('Registration');
      await dropPhoto(reg, caller.userId, 'organiser');
      return (await registrationsOut(eventId, [id]))[0]!;
    },
    /** The attendee sets their own photo (eb): only on a registration made with their account's email. */
    async setOwnPhoto(caller: AuthUser, registrationId: string, input: TRegistrationPhotoRequest): Promise<TOwnPhoto> {
      const reg = await ownRegistration(caller, registrationId);
      const at = await storePhoto(reg, input, caller.userId, 'attendee');
      return { registrationId, photoUrl: deps.photoUrlOf(registrationId, at) };
    },
    async removeOwnPhoto(caller: AuthUser, registrationId: string): Promise<TOwnPhoto> {
      await dropPhoto(await ownRegistration(caller, registrationId), caller.userId, 'attendee');
      return { registrationId, photoUrl: null };
    },
    /** A photo by its signed URL's parts; null when the signature, the version or the photo does not match. */
    async photoBySignedUrl(registrationId: string, version: string, sig: string, verify: (id: string, v: string, sig: string) => boolean): Promise<{ contentType: string; bytes: Buffer } | null> {
      if (!verify(registrationId, version, sig)) return null;
      const photo = await repo.findPhoto(registrationId);
      if (!photo || String(photo.updatedAt.getTime()) !== version) return null;
      return { contentType: photo.contentType, bytes: photo.bytes };
    },

    async journeyOf(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<TJourneyEntry[]> {
      await guard(caller, organisationId, eventId);
      if (!(await repo.findRegistration(eventId, id))) throw errors.notFound('Registration');
      return (await repo.journey(eventId, id)).map(toJourney);
    },

    // ------------------------------------------------------------ orders
    async listOrders(caller: AuthUser, organisationId: string, eventId: string, q: TOrderListQuery): Promise<TPage<TOrder>> {
      await guard(caller, organisationId, eventId);
      const { rows, total } = await repo.listOrders(eventId, q);
      const items: TOrder[] = [];
      for (const o of rows) items.push(toOrder(o, await repo.registrationsOfOrder(o.id)));
      return { items, total, page: q.page, pageSize: q.pageSize };
    },
    async getOrder(caller: AuthUser, organisationId: string, eventId: string, orderId: string): Promise<TOrder> {
      await guard(caller, organisationId, eventId);
      const o = await orderIn(eventId, orderId);
      return toOrder(o, await repo.registrationsOfOrder(o.id));
    },
    async markPaid(caller: AuthUser, organisationId: string, eventId: string, orderId: string): Promise<TOrder> {
      await guard(caller, organisationId, eventId);
      const o = await orderIn(eventId, orderId);
      if (o.status !== 'pending') throw registrationErrors.orderNotPayable();
      await deps.payments.markPaidManually(o, caller.userId);
      return this.getOrder(caller, organisationId, eventId, orderId);
    },
    async cancelOrder(caller: AuthUser, organisationId: string, eventId: string, orderId: string): Promise<TOrder> {
      await guard(caller, organisationId, eventId);
      await orderIn(eventId, orderId);
      const now = deps.now();
      const done = await repo.transaction(async (tx) => {
        const o = await tx.transitionOrder(orderId, ['pending'], { status: 'cancelled' });
        if (!o) return false;
        await tx.releaseHolds({ orderId }, now);
        await tx.releaseRedemption(orderId, now);
        return true;
      });
      if (!done) throw registrationErrors.orderNotCancellable();
      deps.checkout.countsChanged(eventId, 'seats_released');
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'order.cancelled', target: orderId });
      return this.getOrder(caller, organisationId, eventId, orderId);
    },
    async orderInEvent(caller: AuthUser, organisationId: string, eventId: string, orderId: string): Promise<OrderRow> {
      await guard(caller, organisationId, eventId);
      return orderIn(eventId, orderId);
    },
    /** The QR png of one attendee of a paid order (public: two unguessable ids). */
    async attendeeOf(orderId: string, registrationId: string) {
      const o = await repo.findOrder(orderId);
      if (!o || o.status !== 'paid') return null;
      const r = (await repo.registrationsOfOrder(orderId)).find((x) => x.id === registrationId);
      return r ? { order: o, reg: r } : null;
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
