import { createHash } from 'node:crypto';
import { ZPublicRegistrationInfo, type TPublicRegistrationInfo, type TPublicRegistrationQuery } from '@pavilion/domain';
import { errors } from '../../platform/errors.ts';
import { formFor, isOnSale } from './pricing.ts';
import { toForm } from './registration.mappers.ts';
import type { FormRow, RegistrationRepository, TicketRow } from './registration.repository.ts';

/** The public registration read as sent: the JSON body, its ETag, and whether a shared cache (a CDN) may keep it. */
export type PublicDocument = { body: string; etag: string; shared: boolean };

type EventFacts = { id: string; organisationId: string; name: string; startDate: string; endDate: string; timeZone: string; venue: string };

/** What only a write to the event's versioned rows changes (migration 0011), read again when the version moves. */
type Versioned = {
  version: string;
  event: EventFacts | null;
  approvalMode: 'auto' | 'manual';
  cartMinutes: number;
  providers: string[];
  tickets: TicketRow[];
  forms: FormRow[];
  capacity: Map<string, number>;
  links: { ticketId: string; quotaId: string }[];
  unlockCodes: Set<string>;
  /** Sales starts and ends (ms): between two of them, every ticket's isOnSale stays the same. */
  boundaries: number[];
};

const MAX_EVENTS = 2000;
/** Documents kept per event: one per seat-usage stamp, sales period, unlock code and currency asked. */
const MAX_DOCUMENTS = 32;

/**
 * The public registration read (`GET /public/events/{id}/registration`), cached per event in this process and correct
 * across processes: every request runs one prepared statement that returns the event's version (bumped by triggers on
 * any write to the event, its settings, tickets, quotas, links, forms or payment settings) and each quota's live
 * seats. The versioned part is read again only when the version moved; the document (body and ETag) is rebuilt only
 * when the version, the seats, the sales period, the unlock code or the currency differ from a kept one.
 *
 * Requests that arrive while that statement is in flight for the same event share its answer, so the database sees
 * at most one check per event per round trip however many buyers ask; an answer is as fresh as a read that started
 * at most one round trip before the request arrived.
 */
export function createPublicInfo(deps: {
  repo: RegistrationRepository;
  /** The event's public facts, uncached (null when there is no such event). */
  findEvent: (eventId: string) => Promise<EventFacts | null>;
  enabledProviders: (organisationId: string) => Promise<string[]>;
  now: () => Date;
}) {
  const { repo } = deps;
  const cache = new Map<string, { versioned: Versioned; docs: Map<string, PublicDocument> }>();
  const stamps = new Map<string, Promise<{ version: string; usage: string }>>();
  const loads = new Map<string, Promise<Versioned>>();

  function stampOf(eventId: string, now: Date) {
    let p = stamps.get(eventId);
    if (!p) {
      p = repo.publicStamp(eventId, now);
      stamps.set(eventId, p);
      const done = () => stamps.delete(eventId);
      p.then(done, done);
    }
    return p;
  }

  async function load(eventId: string, version: string): Promise<Versioned> {
    const event = await deps.findEvent(eventId);
    if (!event) return { version, event: null, approvalMode: 'auto', cartMinutes: 0, providers: [], tickets: [], forms: [], capacity: new Map(), links: [], unlockCodes: new Set(), boundaries: [] };
    const [settings, tickets, forms, quotas, links, providers] = await Promise.all([
      repo.settings(eventId),
      repo.listTickets(eventId),
      repo.listForms(eventId),
      repo.listQuotas(eventId),
      repo.ticketQuotaLinks(eventId),
      deps.enabledProviders(event.organisationId),
    ]);
    const boundaries = [...new Set(tickets.flatMap((t) => [t.salesStart, t.salesEnd]).flatMap((d) => (d ? [d.getTime()] : [])))].sort((a, b) => a - b);
    return {
      version,
      event,
      approvalMode: (settings?.approvalMode ?? 'auto') as 'auto' | 'manual',
      cartMinutes: settings?.cartMinutes ?? 15,
      providers,
      tickets,
      forms,
      capacity: new Map(quotas.map((q) => [q.id, q.capacity])),
      links,
      unlockCodes: new Set(tickets.flatMap((t) => (t.unlockCode ? [t.unlockCode] : []))),
      boundaries,
    };
  }

  /** One load per event and version at a time. */
  function versioned(eventId: string, version: string): Promise<Versioned> {
    const key = `${eventId}\n${version}`;
    let p = loads.get(key);
    if (!p) {
      p = load(eventId, version);
      loads.set(key, p);
      const done = () => loads.delete(key);
      p.then(done, done);
    }
    return p;
  }

  function build(v: Versioned, event: EventFacts, usage: string, unlockCode: string, currency: string | undefined, now: Date): PublicDocument {
    const used = new Map<string, number>();
    for (const part of usage ? usage.split(',') : []) {
      const at = part.lastIndexOf(':');
      used.set(part.slice(0, at), Number(part.slice(at + 1)));
    }
    const perTicket = new Map<string, number>();
    for (const l of v.links) {
      const left = Math.max(0, (v.capacity.get(l.quotaId) ?? 0) - (used.get(l.quotaId) ?? 0));
      const cur = perTicket.get(l.ticketId);
      perTicket.set(l.ticketId, cur === undefined ? left : Math.min(cur, left));
    }
    const visible = v.tickets.filter((t) => (t.visibility === 'public' || (unlockCode !== '' && unlockCode === t.unlockCode)) && (!currency || t.currency === currency));
    const data: TPublicRegistrationInfo = ZPublicRegistrationInfo.parse({
      eventId: event.id,
      eventName: event.name,
      startDate: event.startDate,
      endDate: event.endDate,
      timeZone: event.timeZone,
      venue: event.venue,
      approvalMode: v.approvalMode,
      cartMinutes: v.cartMinutes,
      paymentProviders: v.providers,
      tickets: visible.map((t) => {
        const available = perTicket.get(t.id) ?? null;
        return {
          id: t.id,
          name: t.name,
          description: t.description,
          isFree: t.isFree,
          currency: t.currency,
          price: t.price,
          taxRateBp: t.taxRateBp,
          minPerOrder: t.minPerOrder,
          maxPerOrder: t.maxPerOrder,
          salesStart: t.salesStart?.toISOString() ?? null,
          salesEnd: t.salesEnd?.toISOString() ?? null,
          isOnSale: isOnSale(t, now),
          isSoldOut: available !== null && available < t.minPerOrder,
          available,
          formId: formFor(v.forms, t.id)?.id ?? null,
        };
      }),
      forms: v.forms.map(toForm),
      currencies: [...new Set(v.tickets.map((t) => t.currency))].sort(),
    });
    const body = JSON.stringify({ status: 'OK', data });
    // Hidden tickets shown for an unlock code stay out of shared caches.
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, shared: unlockCode === '' };
  }

  return {
    async read(eventId: string, q: TPublicRegistrationQuery): Promise<PublicDocument> {
      const now = deps.now();
      const stamp = await stampOf(eventId, now);
      let entry = cache.get(eventId);
      if (!entry || entry.versioned.version !== stamp.version) {
        const fresh = await versioned(eventId, stamp.version);
        entry = cache.get(eventId);
        // Another request may have kept a newer version meanwhile; versions only grow.
        if (!entry || BigInt(entry.versioned.version) < BigInt(fresh.version)) {
          if (!entry && cache.size >= MAX_EVENTS) cache.delete(cache.keys().next().value!);
          entry = { versioned: fresh, docs: new Map() };
          cache.set(eventId, entry);
        }
      }
      const v = entry.versioned;
      if (!v.event) throw errors.notFound('Event');
      // An unknown code shows what no code shows, so random codes cannot fill the cache.
      const unlockCode = q.unlockCode && v.unlockCodes.has(q.unlockCode) ? q.unlockCode : '';
      const t = now.getTime();
      const period = v.boundaries.filter((b) => b <= t).length;
      const key = `${stamp.usage}|${period}|${unlockCode}|${q.currency ?? ''}`;
      let doc = entry.docs.get(key);
      if (!doc) {
        doc = build(v, v.event, stamp.usage, unlockCode, q.currency, now);
        if (entry.docs.size >= MAX_DOCUMENTS) entry.docs.clear();
        entry.docs.set(key, doc);
      }
      return doc;
    },
  };
}

export type PublicInfo = ReturnType<typeof createPublicInfo>;
