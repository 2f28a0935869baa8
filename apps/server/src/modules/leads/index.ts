import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule, type AppEvents } from '../../platform/app-module.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import type { EventOutbox } from '../../platform/event-outbox.ts';
import { newId } from '../../platform/ids.ts';
import type { JobRunner } from '../../platform/job-runner.ts';
import { createMailWorker } from '../../platform/mail-worker.ts';
import type { MailMessage, MailResult } from '../../platform/mail.ts';
import { createBagMailRepository } from './leads.bag-mail.repository.ts';
import { createBagMailService, type BagMailDeps } from './leads.bag-mail.ts';
import type { InquiryAnswered } from './leads.inquiry-mail.ts';
import { createLeadsRepository } from './leads.repository.ts';
import { registerLeadsRoutes } from './leads.routes.ts';
import { createWebhookWorker } from './leads.webhooks.ts';
import { createLeadsService, type LeadsDeps } from './leads.service.ts';

export type { LeadsService } from './leads.service.ts';
export { createLeadsPort, type LeadsPort } from './leads.port.ts';
export type { InquiryAnswered } from './leads.inquiry-mail.ts';

/**
 * The leads module's durable events: an answer to an inquiry writes `leads.inquiry.answered` to the event outbox in
 * its own transaction, and the module's subscriber mails the asker (once per answer).
 */
export type LeadsEvents = { 'leads.inquiry.answered': InquiryAnswered };

/** The pg-boss queue of the brief-bag mail job (scheduled every 5 minutes; one worker takes each run). */
export const BRIEF_BAG_MAIL_QUEUE = 'brief-bag-mail';
const BAG_MAIL_SWEEP_MS = 5 * 60_000;

/** Leads (issue 18): lead retrieval by exhibitor staff, visiting cards, the brief bag (and its mail after the event), the Onsite Leads report. */
export function createLeadsModule(
  db: Db,
  deps: Omit<LeadsDeps, 'repo' | 'wakeWebhooks' | 'deliver'> & {
    /** The secret box's open for stored secrets (webhook secrets). */
    open: (sealed: string) => string;
    /** The secret box's open for a ticket a caller hands in: refuses a value that was never sealed. */
    openSealed: (sealed: string) => string;
    log: FastifyBaseLogger;
    /** The meetings module's port: a meeting's type and its two sides' accounts. */
    meetingParties: (eventId: string, meetingId: string) => Promise<{ type: number; sides: { eventUserId: string; userId: string | null }[] } | null>;
    /** Auth's port: the accounts' emails (staff are known by theirs). */
    emailsOf: (userIds: string[]) => Promise<Map<string, string>>;
    /** events' service: these participations of the event, with their accounts (a video call's two sides). */
    participants: (eventId: string, eventUserIds: string[]) => Promise<{ eventUserId: string; userId: string }[]>;
    /** Brief bag by mail: the event's end and name (events' service), the mailer and the links' base. */
    findEvent: BagMailDeps['findEvent'];
    send: (message: MailMessage) => Promise<MailResult>;
    publicUrl: string;
    /** pg-boss (Postgres outside tests): the brief-bag mail job is scheduled there; without it, it runs in the process. */
    jobs?: JobRunner;
    /** Runs the in-process brief-bag mail job on a timer (off in tests, which run a pass with `bagMail.drainNow()`). */
    sweepBagMails: boolean;
    /** The event outbox: an inquiry's answer mail is owed in the answer's transaction. */
    outbox?: Pick<EventOutbox<AppEvents>, 'write' | 'deliver'>;
  },
) {
  const { outbox } = deps;
  const repo = createLeadsRepository(
    db,
    outbox ? (tx, row) => outbox.write(tx, 'leads.inquiry.answered', { eventId: row.eventId, inquiryId: row.id, answerId: newId(), answer: row.answer ?? '', answeredBy: row.answeredByName ?? '' }) : undefined,
  );
  const webhooks = createWebhookWorker({ repo, open: deps.open, now: deps.now, log: deps.log });
  const service = createLeadsService({ repo, ...deps, wakeWebhooks: webhooks.wake, deliver: outbox ? (id) => outbox.deliver(id) : undefined });
  const bagMails = createBagMailService({
    repo: createBagMailRepository(db),
    now: deps.now,
    findEvent: deps.findEvent,
    assertEvent: deps.assertEvent,
    participantOf: service.participantOf,
    bag: service.bagOfParticipant,
    files: service.filesOfBag,
    send: deps.send,
    seal: deps.seal,
    open: deps.openSealed,
    publicUrl: deps.publicUrl,
    log: deps.log,
  });
  // The brief-bag mail job, as meetings' reminders: a pass mails the owed bags of every event that has ended.
  const bagMail = createMailWorker({ drain: () => bagMails.sweep(), pollMs: BAG_MAIL_SWEEP_MS, log: deps.log });
  return {
    service,
    bagMails,
    /** The brief-bag mail job (tests run a pass with `drainNow()`). */
    bagMail,
    webhooks,
    /** A meeting booked or a call answered with a company's staff counts at the company (report actions 7, 8, 9: leads.service meetingBooked, callAnswered). */
    subscribe(bus: Subscriber<AppEvents>) {
      bus.subscribe('leads.inquiry.answered', async (notice) => {
        await service.mailAnswer(notice);
      });
      bus.subscribe('meeting.notice', async (notice) => {
        if (notice.kind !== 'requested' && notice.kind !== 'scheduled') return;
        const parties = await deps.meetingParties(notice.eventId, notice.meetingId);
        if (!parties) return;
        const emails = await deps.emailsOf(parties.sides.flatMap((s) => (s.userId ? [s.userId] : [])));
        await service.meetingBooked({ eventId: notice.eventId, meetingId: notice.meetingId, type: parties.type, sides: parties.sides.map((s) => ({ eventUserId: s.eventUserId, email: s.userId ? (emails.get(s.userId) ?? null) : null })) });
      });
      // An answered 1:1 video call with a company's staff is a general call at the company (report action 7).
      bus.subscribe('video.call.answered', async (call) => {
        const ids = [call.callerEventUserId, call.calleeEventUserId];
        const users = new Map((await deps.participants(call.eventId, ids)).map((p) => [p.eventUserId, p.userId]));
        const emails = await deps.emailsOf([...users.values()]);
        await service.callAnswered({ eventId: call.eventId, callId: call.callId, sides: ids.map((id) => ({ eventUserId: id, email: emails.get(users.get(id) ?? '') ?? null })) });
      });
    },
    plugin: async (app: FastifyInstance) => {
      registerLeadsRoutes(app, service, bagMails);
      app.addHook('preClose', () => bagMail.stop());
      if (deps.jobs) {
        const boss = await deps.jobs.boss();
        await boss.createQueue(BRIEF_BAG_MAIL_QUEUE);
        await boss.schedule(BRIEF_BAG_MAIL_QUEUE, '*/5 * * * *');
        await boss.work(BRIEF_BAG_MAIL_QUEUE, () => bagMail.drainNow());
      } else if (deps.sweepBagMails) bagMail.start();
      // Deliveries a previous run left owed go out once the app is up; the worker stops with the app.
      app.addHook('onReady', async () => webhooks.wake());
      app.addHook('onClose', async () => webhooks.stop());
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    leads: ReturnType<typeof createLeadsModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The leads module in the app's module list (after exhibition, whose staff and companies it reads through a port). */
export const leadsModule = defineModule({
  name: 'leads',
  needs: ['events', 'portal', 'exhibition', 'credentials', 'meetings'],
  create: (p, { events, portal, exhibition, credentials, meetings }) =>
    createLeadsModule(p.db, {
      now: p.now,
      assertEvent: events.assertEvent,
      assertTabVisible: (eventId, tabName, caller) => portal.assertTabVisible(eventId, tabName, caller),
      exhibition: exhibition.port,
      credentials: credentials.service,
      registrations: p.ports.registration,
      contactOf: (userId) => p.ports.auth.contactOf(userId),
      seal: (plain) => p.secrets.seal(plain),
      open: (sealed) => p.secrets.open(sealed),
      openSealed: (sealed) => p.secrets.openSealed(sealed),
      isProduction: p.isProduction,
      log: p.log,
      meetingParties: (eventId, meetingId) => meetings.service.parties(eventId, meetingId),
      emailsOf: (userIds) => p.ports.auth.emailsOf(userIds),
      participants: (eventId, ids) => events.service.participants(eventId, ids),
      findEvent: (eventId) => events.service.findOwner(eventId),
      send: (m) => p.mailer.send(m),
      publicUrl: p.publicUrl,
      jobs: p.jobs,
      sweepBagMails: p.config.NODE_ENV !== 'test',
      outbox: p.outbox,
    }),
});
