import type { FastifyInstance } from 'fastify';
import { defineModule, type AppEvents, type Platform } from '../../platform/app-module.ts';
import type { Db } from '../../platform/db.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import type { EventOutbox } from '../../platform/event-outbox.ts';
import { newId } from '../../platform/ids.ts';
import type { JobRunner } from '../../platform/job-runner.ts';
import { createMailWorker } from '../../platform/mail-worker.ts';
import { meetingMails } from './meetings.mail.ts';
import { createMeetingsRepository, type MeetingNotice, type MeetingsTesting } from './meetings.repository.ts';
import { registerMeetingsRoutes } from './meetings.routes.ts';
import { createMeetingsService, type MeetingsDeps, type MeetingsService } from './meetings.service.ts';

export type { MeetingsService } from './meetings.service.ts';
export type { MeetingNotice } from './meetings.repository.ts';
/** Who a notice concerns (the in-app inbox of modules/notifications tells the same people the mail does). */
export { newTimeLine, noticeSides } from './meetings.mail.ts';

/**
 * The meetings module's durable events: a notice is written to the event outbox in the transaction of the change it
 * tells (a request, an answer, an organiser's schedule, a claimed reminder), and the module's own subscriber mails it.
 */
export type MeetingsEvents = { 'meeting.notice': MeetingNotice };

/** How long before a meeting its reminder goes out, and how often the reminder job runs. */
export const REMINDER_LEAD_MS = 30 * 60_000;
const REMINDER_SWEEP_MS = 60_000;
/** The pg-boss queue of the reminder job (scheduled every minute; one worker at a time takes each run). */
export const MEETING_REMINDERS_QUEUE = 'meeting-reminders';

type MailDeps = { send: Platform['mailer']['send']; emailsOf: (userIds: string[]) => Promise<Map<string, string>>; publicUrl: string; log: Platform['log'] };

/**
 * Mails a notice to the side(s) it concerns, each (meeting, kind, person) once: the mark is taken before the send and
 * given back if the send throws, so the outbox's next delivery (at least once) tries that person again.
 */
async function mailNotice(service: MeetingsService, mail: MailDeps, notice: MeetingNotice): Promise<void> {
  const facts = await service.mailFacts(notice);
  if (!facts) return;
  const emails = await mail.emailsOf([...facts.who.values()].map((w) => w.userId));
  for (const { eventUserId, message } of meetingMails(notice.kind, facts, emails, mail.publicUrl)) {
    // Each proposal of a new time is told once (a meeting may move more than once).
    const mark = { eventId: notice.eventId, meetingId: notice.meetingId, kind: notice.proposalId ? `${notice.kind}:${notice.proposalId}` : notice.kind, eventUserId };
    if (!(await service.markMail({ id: newId(), ...mark }))) continue;
    try {
      await mail.send(message);
    } catch (err) {
      await service.unmarkMail(mark);
      throw err;
    }
  }
}

/** Networking directory, matchmaking and meetings (issue 18). */
export function createMeetingsModule(
  db: Db,
  deps: Omit<MeetingsDeps, 'repo' | 'newId' | 'deliver'> & {
    mail: MailDeps;
    now: () => Date;
    outbox: Pick<EventOutbox<AppEvents>, 'write' | 'deliver'>;
    /** pg-boss (Postgres outside tests): the reminder job is scheduled there; without it, it runs in the process. */
    jobs?: JobRunner;
    /** Runs the in-process reminder job on a timer (off in tests, which run it by hand). */
    sweepReminders: boolean;
  },
) {
  const testing: MeetingsTesting = { unsafeDisableLocking: false, raceWindowMs: 0 };
  const repo = createMeetingsRepository(db, testing, (tx, notice) => deps.outbox.write(tx, 'meeting.notice', notice));
  const service: MeetingsService = createMeetingsService({ repo, newId, ...deps, deliver: (id) => deps.outbox.deliver(id) });
  /**
   * Claims the approved meetings starting within the reminder lead (a row update, so two instances never claim one)
   * with their notices in the same transaction, then delivers the notices (what a crash leaves, the outbox job sends).
   */
  async function sendReminders(): Promise<number> {
    const now = deps.now();
    const due = await service.claimReminders(now, new Date(now.getTime() + REMINDER_LEAD_MS));
    for (const d of due) await deps.outbox.deliver(d.noticeId);
    return due.length;
  }
  // The reminder job: in the process (PGlite, or Postgres without pg-boss) a minutely poll; with pg-boss a scheduled
  // queue whose runs any instance's worker takes. Either way a run is one pass of sendReminders (again while it found some).
  const reminders = createMailWorker({ drain: sendReminders, pollMs: REMINDER_SWEEP_MS, log: deps.mail.log });
  return {
    service,
    testing,
    sendReminders,
    /** The reminder job (tests run a pass with `drainNow()`). */
    reminders,
    subscribe(bus: Subscriber<AppEvents>) {
      bus.subscribe('meeting.notice', (notice) => mailNotice(service, deps.mail, notice));
    },
    plugin: async (app: FastifyInstance) => {
      registerMeetingsRoutes(app, service);
      // preClose: a running pass finishes before the database closes.
      app.addHook('preClose', () => reminders.stop());
      if (deps.jobs) {
        const boss = await deps.jobs.boss();
        await boss.createQueue(MEETING_REMINDERS_QUEUE);
        await boss.schedule(MEETING_REMINDERS_QUEUE, '* * * * *');
        await boss.work(MEETING_REMINDERS_QUEUE, () => reminders.drainNow());
      } else if (deps.sweepReminders) reminders.start();
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    meetings: ReturnType<typeof createMeetingsModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The meetings module in the app's module list (after portal and profile: the directory is profile's, the tab rule the portal's). */
export const meetingsModule = defineModule({
  name: 'meetings',
  needs: ['events', 'portal', 'profile'],
  create: (p, { events, portal, profile }) =>
    createMeetingsModule(p.db, {
      audit: p.audit,
      now: p.now,
      assertEvent: events.assertEvent,
      findEvent: (eventId) => events.service.findOwner(eventId),
      assertTabVisible: (eventId, tabName, caller) => portal.assertTabVisible(eventId, tabName, caller),
      participants: (eventId, ids) => events.service.participants(eventId, ids),
      allParticipants: (eventId, limit) => events.service.allParticipants(eventId, limit),
      namesOf: (userIds) => p.ports.auth.namesOf(userIds),
      directory: async (eventId) => {
        // As chat's picker: the profile's directory (only those who chose to appear), each with their participation.
        const listed = await profile.port.directory(eventId, 5000);
        const emails = new Map((await p.ports.registration.attendeesByIds(listed.map((d) => d.registrationId))).map((a) => [a.id, a.email.toLowerCase()]));
        const userIds = await p.ports.auth.userIdsByEmail([...emails.values()]);
        const ps = new Map((await events.service.participantsOfUsers(eventId, [...new Set(userIds.values())])).map((x) => [x.userId, x]));
        return listed.map((d) => {
          const email = emails.get(d.registrationId);
          const userId = email ? userIds.get(email) : undefined;
          const part = userId ? ps.get(userId) : undefined;
          const { registrationId: _r, ...card } = d;
          return { ...card, eventUserId: part?.eventUserId ?? null, userType: part?.userType ?? null };
        });
      },
      mail: { send: (m) => p.mailer.send(m), emailsOf: (ids) => p.ports.auth.emailsOf(ids), publicUrl: p.publicUrl, log: p.log },
      outbox: p.outbox,
      jobs: p.jobs,
      sweepReminders: p.config.NODE_ENV !== 'test',
    }),
});
