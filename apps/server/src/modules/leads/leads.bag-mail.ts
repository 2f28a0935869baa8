import { BRIEF_BAG_LINK_DAYS, eventEndsAt, type TBagItem, type TBriefBagMail, type TBriefBagSendResult } from '@pavilion/domain';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { errors } from '../../platform/errors.ts';
import type { MailMessage, MailResult } from '../../platform/mail.ts';
import { leadsErrors } from './leads.errors.ts';
import type { BagMailRepository, BagMailRow } from './leads.bag-mail.repository.ts';
import type { BagFile, LeadsCaller } from './leads.service.ts';

type EventFacts = { id: string; organisationId: string; name: string; endDate: string; timeZone: string };

export type BagMailDeps = {
  repo: BagMailRepository;
  now: () => Date;
  findEvent: (eventId: string) => Promise<EventFacts | null>;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  /** The signed-in participant of the event (leads' own check: 403 LEADS_NOT_PARTICIPANT otherwise). */
  participantOf: (caller: LeadsCaller, eventId: string) => Promise<{ eventUserId: string; email: string; name: string }>;
  bag: (eventId: string, eventUserId: string) => Promise<{ items: TBagItem[] }>;
  files: (eventId: string, eventUserId: string) => Promise<BagFile[]>;
  send: (message: MailMessage) => Promise<MailResult>;
  seal: (plain: string) => string;
  open: (sealed: string) => string;
  publicUrl: string;
  log: { error(obj: unknown, msg?: string): void };
};

const DAY_MS = 86_400_000;
/** How long a sender holds a claimed row: a crash after the send and before the mark lets it go again after this. */
const LEASE_MS = 10 * 60_000;
const BATCH = 50;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const stateOf = (row: BagMailRow | null): TBriefBagMail => ({ isOptedIn: row?.isOptedIn ?? false, sentAt: row?.sentAt?.toISOString() ?? null });

/** The mail: the documents by company, and one link to the whole bag. */
/** A document's line: its title, the product it belongs to when it is a product's, and the file's name. */
const lineOf = (d: TBagItem) => `${d.title} (${d.productName === null ? '' : `${d.productName}, `}${d.fileName})`;

function bagMessage(event: EventFacts, row: BagMailRow, items: TBagItem[], link: string, expiresAt: Date): MailMessage {
  const byCompany = new Map<string, TBagItem[]>();
  for (const d of items) byCompany.set(d.companyName, [...(byCompany.get(d.companyName) ?? []), d]);
  const groups = [...byCompany.entries()].sort(([a], [b]) => a.localeCompare(b));
  const until = expiresAt.toISOString().slice(0, 10);
  const text = [
    `Hello ${row.name},`,
    '',
    `Here is the brief bag you collected at ${event.name}:`,
    '',
    ...groups.flatMap(([company, docs]) => [company, ...docs.map((d) => `  - ${lineOf(d)}`), '']),
    `Download all ${items.length} documents as one ZIP (no sign-in needed, until ${until}):`,
    link,
    '',
  ].join('\n');
  const html = [
    `<p>Hello ${escape(row.name)},</p>`,
    `<p>Here is the brief bag you collected at ${escape(event.name)}:</p>`,
    ...groups.map(([company, docs]) => `<p><strong>${escape(company)}</strong></p><ul>${docs.map((d) => `<li>${escape(lineOf(d))}</li>`).join('')}</ul>`),
    `<p><a href="${escape(link)}">Download all ${items.length} documents as one ZIP</a> (no sign-in needed, until ${until}).</p>`,
  ].join('');
  // One Message-ID per participation: a repeat after a crash folds into the same thread in mail clients.
  const host = new URL(link).hostname || 'pavilion';
  return { to: row.email, subject: `Your brief bag: ${event.name}`, text, html, organisationId: event.organisationId, eventId: event.id, messageId: `<brief-bag.${row.eventUserId}@${host}>` };
}

/**
 * Brief bag by mail (issue 18). The sweep (a job, leads' index.ts) finds the events with owed mails, and for each that
 * has ended (eventEndsAt, in its time zone) claims the owed rows, mails each non-empty bag and marks it sent. The
 * order is claim → send → mark: a crash between the send and the mark leaves the row claimed until its lease runs
 * out, and the next sweep sends it again (at most one repeat per crash); a failed send gives the claim back and is
 * retried by later sweeps, up to BAG_MAIL_MAX_ATTEMPTS.
 */
export function createBagMailService(deps: BagMailDeps) {
  const { repo } = deps;

  function linkFor(eventId: string, eventUserId: string, expiresAt: Date): string {
    const ticket = deps.seal(JSON.stringify({ k: 'brief-bag', e: eventId, u: eventUserId, x: expiresAt.getTime() }));
    return `${deps.publicUrl}/api/eventservices/events/${encodeURIComponent(eventId)}/brief-bag/mailed.zip?ticket=${encodeURIComponent(ticket)}`;
  }

  async function sendOne(event: EventFacts, row: BagMailRow): Promise<'sent' | 'empty' | 'failed'> {
    const { items } = await deps.bag(event.id, row.eventUserId);
    const now = deps.now();
    if (items.length === 0) {
      await repo.markSent(row.eventUserId, now, 0);
      return 'empty';
    }
    const expiresAt = new Date(now.getTime() + BRIEF_BAG_LINK_DAYS * DAY_MS);
    let result: MailResult;
    try {
      result = await deps.send(bagMessage(event, row, items, linkFor(event.id, row.eventUserId, expiresAt), expiresAt));
    } catch (err) {
      result = { id: '', status: 'failed', error: err instanceof Error ? err.message : String(err) };
    }
    if (result.status === 'failed') {
      await repo.release(row.eventUserId, result.error ?? 'send failed');
      return 'failed';
    }
    await repo.markSent(row.eventUserId, deps.now(), items.length);
    return 'sent';
  }

  /** Every owed mail of one ended event, batch by batch. */
  async function sendForEvent(event: EventFacts): Promise<TBriefBagSendResult> {
    const out: TBriefBagSendResult = { sent: 0, empty: 0, failed: 0 };
    for (;;) {
      const now = deps.now();
      const claimed = await repo.claim(event.id, now, new Date(now.getTime() + LEASE_MS), BATCH);
      if (claimed.length === 0) return out;
      let isProgress = false;
      for (const row of claimed) {
        const outcome = await sendOne(event, row);
        out[outcome]++;
        if (outcome !== 'failed') isProgress = true;
      }
      // A batch of failures only (the mail server is down): leave them to a later sweep rather than spin on them now.
      if (!isProgress) return out;
    }
  }

  return {
    async state(caller: LeadsCaller, eventId: string): Promise<TBriefBagMail> {
      const who = await deps.participantOf(caller, eventId);
      return stateOf(await repo.of(eventId, who.eventUserId));
    },

    async setOptIn(caller: LeadsCaller, eventId: string, isOptedIn: boolean): Promise<TBriefBagMail> {
      const who = await deps.participantOf(caller, eventId);
      const event = await deps.findEvent(eventId);
      if (!event) throw errors.notFound('Event');
      const row = await repo.set({ eventUserId: who.eventUserId, organisationId: event.organisationId, eventId, email: who.email, name: who.name, isOptedIn, at: deps.now() });
      return stateOf(row);
    },

    /** One pass of the job: the owed mails of every event that has ended. Answers how many mails went out. */
    async sweep(): Promise<number> {
      let sent = 0;
      for (const eventId of await repo.owedEvents()) {
        const event = await deps.findEvent(eventId);
        if (!event || deps.now() < eventEndsAt(event.endDate, event.timeZone)) continue;
        try {
          sent += (await sendForEvent(event)).sent;
        } catch (err) {
          deps.log.error({ err, eventId }, 'brief bag mail pass failed for an event');
        }
      }
      return sent;
    },

    /** The organiser's "Send brief bags now": only once the event has ended. */
    async sendNow(caller: AuthUser, organisationId: string, eventId: string): Promise<TBriefBagSendResult> {
      await deps.assertEvent(caller, organisationId, eventId);
      const event = await deps.findEvent(eventId);
      if (!event) throw errors.notFound('Event');
      const endsAt = eventEndsAt(event.endDate, event.timeZone);
      if (deps.now() < endsAt) throw leadsErrors.eventNotEnded(endsAt);
      return sendForEvent(event);
    },

    /** The mailed link's ZIP: the participation's bag as it is now. A forged or foreign ticket 404, an expired one 410. */
    async mailedFiles(eventId: string, ticket: string): Promise<BagFile[]> {
      let claims: { k?: unknown; e?: unknown; u?: unknown; x?: unknown };
      try {
        claims = JSON.parse(deps.open(ticket)) as typeof claims;
      } catch {
        throw leadsErrors.bagLinkInvalid();
      }
      if (claims.k !== 'brief-bag' || claims.e !== eventId || typeof claims.u !== 'string' || typeof claims.x !== 'number') throw leadsErrors.bagLinkInvalid();
      if (claims.x < deps.now().getTime()) throw leadsErrors.bagLinkExpired();
      return deps.files(eventId, claims.u);
    },
  };
}
export type BagMailService = ReturnType<typeof createBagMailService>;
