import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { ZAreaCreateRequest } from '@pavilion/domain';
import { defineModule } from '../../platform/app-module.ts';
import type { JobRunner } from '../../platform/job-runner.ts';
import { createMailWorker, routeWakesThroughPgBoss } from '../../platform/mail-worker.ts';
import { createProgrammeRepository, type BookingTesting, type ProgrammeRepository, type SessionRow } from './programme.repository.ts';
import { registerProgrammeRoutes } from './programme.routes.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import type { CheckinEvents } from '../checkin/index.ts';
import { createAttendanceRepository } from './programme-attendance.repository.ts';
import { registerAttendanceRoutes } from './programme-attendance.routes.ts';
import { CATCH_UP_EVERY_MS, createAttendanceService, type AttendedOutbox, type CheckinAreasPort, type ScanLedgerPort, type SessionAttended } from './programme-attendance.service.ts';
import type { AttendanceRepository } from './programme-attendance.repository.ts';
import { createProgrammeService, type ProgrammeDeps, type SessionRequestDecided, type SessionUpdated } from './programme.service.ts';

export type { ProgrammeService, SessionRequestDecided, SessionUpdated } from './programme.service.ts';

/**
 * What programme publishes: a decided session request (notifications puts it in the requester's inbox) and, per
 * published version, each moved, renamed or cancelled session with everyone who booked or starred it (their inboxes).
 */
export type ProgrammeEvents = {
  'session.request.decided': SessionRequestDecided;
  /**
   * Per published version, each moved, renamed or cancelled session with its people; **durable**: written to the event
   * outbox in the publish's transaction, delivered by the outbox job (notifications' notice is keyed per person,
   * session and version, so a redelivery adds nothing).
   */
  'session.updated': SessionUpdated;
  /**
   * A registration first counted at a session (its room's door scanned); **durable**: written to the event outbox in
   * the count's transaction, delivered after its commit. Certificates: the sessions rule.
   */
  'session.attended': SessionAttended;
};
export type { SessionAttended } from './programme-attendance.service.ts';
export { programmeSeeder } from './programme.demo.ts';
export { createSpeakerAccountsPort, type SpeakerAccountsPort } from './programme.port.ts';

/** The pg-boss queue of the session attendance catch-up (scheduled every minute; one worker takes each run). */
export const ATTENDANCE_CATCH_UP_QUEUE = 'programme-attendance-catch-up';

/** The pg-boss queue that carries the programme mail job's wakes (Postgres outside tests). */
export const PROGRAMME_MAIL_QUEUE = 'programme-mail';

/** The programme (issue 16): rooms, tracks, speakers, sessions, session requests; the attendee's Schedule, Speakers, bookings and bookmarks. */
export function createProgrammeModule(
  db: Db,
  deps: Omit<ProgrammeDeps, 'repo' | 'wakeMail' | 'roomArea'> & {
    /** Check-in's areas (a room's door); without them rooms have no check-in area. */
    checkinAreas?: CheckinAreasPort;
    /** The event outbox for `session.attended` (a first count). */
    attended?: AttendedOutbox<Parameters<Parameters<AttendanceRepository['transaction']>[0]>[0]>;
    /** Check-in's scan ledger: the catch-up reads what the live `checkin.admitted` lost. */
    ledger?: ScanLedgerPort;
    /** Runs the in-process catch-up on a timer where pg-boss does not schedule it (off in tests, which run it by hand). */
    sweepAttendance?: boolean;
    /** The platform's pg-boss (Postgres outside tests) to carry the mail job's wakes; without it the job runs in the process. */
    jobs?: JobRunner;
    log?: { error(obj: unknown, msg?: string): void };
    /** The in-process backstop poll (tests shorten it). */
    mailPollMs?: number;
  },
) {
  const { jobs, log, mailPollMs, checkinAreas, attended, ledger, sweepAttendance, ...rest } = deps;
  const testing: BookingTesting & { dropDoorFacts: boolean } = { unsafeDisableLocking: false, raceWindowMs: 0, dropDoorFacts: false };
  const repo = createProgrammeRepository(db, testing);
  // A publish's "session updated" mails leave from this job, never from the request (issue 20); `service` is bound below.
  const mailWorker = createMailWorker({ drain: () => service.drainPublishMail(), log, pollMs: mailPollMs });
  // Session attendance: rooms' doors as check-in areas, door scans → sessions, the Schedule Sessions report.
  const attendance = createAttendanceService({ repo: createAttendanceRepository(db), assertEvent: rest.assertEvent, findEvent: rest.findEvent, checkinAreas, ledger, attended, log, now: rest.now });
  // The catch-up over check-in's ledger: pg-boss schedules it every minute on Postgres, else an in-process poll.
  const catchUpJob = createMailWorker({ drain: () => attendance.catchUp(), pollMs: CATCH_UP_EVERY_MS, log });
  const service = createProgrammeService({ repo, ...rest, wakeMail: () => mailWorker.wake(), roomArea: (...a) => attendance.areaForRoom(...a) });
  return {
    service,
    /** The publish mail job (tests wait for it with `idle()`, or stop it to play a crash). */
    mailWorker,
    /** The session attendance catch-up job (tests run a pass with `drainNow()` or `attendance.catchUp()`). */
    catchUpJob,
    /** What other modules read of the programme (modules/live: a session of an event, and its speakers' emails). */
    port: { ...createProgrammePort(repo), attendanceOf: attendance.attendanceOf },
    attendance,
    subscribe(bus: Subscriber<CheckinEvents>) {
      // A door scan at a room's check-in area counts the person at the session running there (idempotent).
      // The fast path: what it loses (a crash after the scan's commit) the catch-up counts from the ledger.
      bus.subscribe('checkin.admitted', async (scan) => {
        if (testing.dropDoorFacts) return;
        await attendance.recordScan(scan);
      });
    },
    /** The booking race test's switches (programme.race.test.ts) and the lost door fact (attendance catch-up test); never set in the product. */
    testing,
    plugin: async (app: FastifyInstance) => {
      registerProgrammeRoutes(app, service);
      registerAttendanceRoutes(app, attendance);
      // preClose: the job finishes its mails before onClose hooks close the database.
      app.addHook('preClose', () => mailWorker.stop());
      app.addHook('preClose', () => catchUpJob.stop());
      if (jobs) await routeWakesThroughPgBoss(await jobs.boss(), PROGRAMME_MAIL_QUEUE, mailWorker);
      // Mails owed before a stop or crash go out now (once their claim's lease has run out).
      mailWorker.start();
      if (jobs) {
        const boss = await jobs.boss();
        await boss.createQueue(ATTENDANCE_CATCH_UP_QUEUE);
        await boss.schedule(ATTENDANCE_CATCH_UP_QUEUE, '* * * * *');
        await boss.work(ATTENDANCE_CATCH_UP_QUEUE, () => catchUpJob.drainNow());
      } else if (sweepAttendance) catchUpJob.start();
    },
  };
}

/** A session as other modules see it (times as UTC instants). */
export type ProgrammeSessionFacts = { id: string; organisationId: string; eventId: string; title: string; roomId: string | null; startsAt: Date; endsAt: Date; speakerEmails: string[]; bookingRequired: boolean };

function createProgrammePort(repo: ProgrammeRepository) {
  const facts = (s: SessionRow, emails: string[]): ProgrammeSessionFacts => ({ id: s.id, organisationId: s.organisationId, eventId: s.eventId, title: s.title, roomId: s.roomId, startsAt: s.startsAt, endsAt: s.endsAt, speakerEmails: emails, bookingRequired: s.bookingRequired });
  return {
    /** The session when it is this event's (else null), with its speakers' emails (speakers moderate its live room). */
    async sessionOf(eventId: string, sessionId: string): Promise<ProgrammeSessionFacts | null> {
      const s = await repo.sessionOfEvent(eventId, sessionId);
      if (!s) return null;
      const { speakers, links } = await repo.eventRead(eventId);
      const ids = new Set(links.filter((l) => l.sessionId === sessionId).map((l) => l.speakerId));
      return facts(s, speakers.filter((sp) => ids.has(sp.id) && sp.email).map((sp) => sp.email!.toLowerCase()));
    },
    /** A session's audience: the participations that booked a seat in it (modules/notifications: announcements). */
    audienceOf: (eventId: string, sessionId: string): Promise<string[]> => repo.bookedEventUserIds(eventId, sessionId),
    /** The event's tracks' ids (modules/certificates: a sessions-attended rule's track must be one of them). */
    trackIdsOf: async (eventId: string): Promise<string[]> => (await repo.eventRead(eventId)).tracks.map((x) => x.id),
    /** Every session of the event, in programme order (without speakers' emails). */
    async sessionsOf(eventId: string): Promise<ProgrammeSessionFacts[]> {
      return (await repo.eventRead(eventId)).sessions.map((s) => facts(s, []));
    },
  };
}
export type ProgrammePort = ReturnType<typeof createProgrammePort>;

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    programme: ReturnType<typeof createProgrammeModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The programme module in the app's module list (after portal: its attendee data asks the portal's tab rule). */
export const programmeModule = defineModule({
  name: 'programme',
  needs: ['events', 'portal', 'meetings', 'auth', 'checkin', 'sponsors'],
  create: (p, { events, portal, meetings, auth, checkin, sponsors }) =>
    createProgrammeModule(p.db, {
      // A room's door: an area of check-in's (its service checks the event; a new one is a session area).
      checkinAreas: {
        find: (caller, organisationId, eventId, areaId) => checkin.service.getArea(caller, organisationId, eventId, areaId),
        create: (caller, organisationId, eventId, room) =>
          checkin.service.createArea(caller, organisationId, eventId, ZAreaCreateRequest.parse({ name: room.name, kind: 'session', capacity: room.capacity })),
      },
      attended: { write: (tx, fact) => p.outbox.write(tx, 'session.attended', fact), deliver: (id) => p.outbox.deliver(id) },
      ledger: checkin.port,
      sweepAttendance: p.config.NODE_ENV !== 'test',
      audit: p.audit,
      assertEvent: events.assertEvent,
      findEvent: (eventId) => events.service.findOwner(eventId),
      assertTabVisible: (eventId, tabName, caller) => portal.assertTabVisible(eventId, tabName, caller),
      assertEntryVisible: (eventId, entryKey) => portal.assertEntryVisible(eventId, entryKey),
      meetingEntries: (eventId, eventUserId) => meetings.service.calendarEntriesOf(eventId, eventUserId),
      calendarFeed: {
        sign: (claims) => p.tokens.signCalendarFeed(claims),
        verify: (token) => p.tokens.verifyCalendarFeed(token),
        // As the auth guard loads a caller: an account that is gone or blocked has none.
        loadUser: async (userId) => {
          const caller = await p.ports.access.loadCaller(userId);
          return caller ? { ...caller, via: 'access' as const, sessionId: '' } : null;
        },
        publicUrl: p.publicUrl,
      },
      // A session request's requester: their registration in the event under their account's email, else the account.
      requester: async (eventId, userId) => {
        const account = await p.ports.auth.contactOf(userId);
        if (!account) return null;
        const [reg] = await p.ports.registration.attendeesOfEmail(eventId, account.email);
        const registered = reg ? `${reg.firstName} ${reg.lastName}`.trim() : '';
        return { name: registered || account.name || account.email, email: reg?.email ?? account.email };
      },
      mail: { send: (m) => p.mailer.send(m), publicUrl: p.publicUrl },
      // The decision is stored and mailed by now: an inbox that fails to fill is logged, not answered as an error.
      decided: (fact) => p.bus.publish('session.request.decided', fact).catch((err: unknown) => p.log.error({ err, requestId: fact.requestId }, 'session request notice failed')),
      // Durable: a publish's notices are outbox rows of its transaction, delivered by the outbox job after it answered.
      sessionUpdated: { write: (tx, fact) => p.outbox.write(tx, 'session.updated', fact), wake: () => p.outbox.wake() },
      emailsOf: (userIds) => p.ports.auth.emailsOf(userIds),
      // A session's sponsors and ticket restriction: the sponsors module's port and registration's.
      sponsorsOf: (eventId) => sponsors.port.sponsorsOf(eventId),
      ticketsOf: (eventId) => p.ports.registration.ticketsOf(eventId),
      // The tickets a participant holds: their account's email's admissible registrations in the event (as a requester is found).
      heldTicketIds: async (eventId, userId) => {
        const account = await p.ports.auth.contactOf(userId);
        if (!account) return [];
        const regs = await p.ports.registration.attendeesOfEmail(eventId, account.email);
        return regs.filter((r) => p.ports.registration.isAdmissible(r)).map((r) => r.ticketId);
      },
      // A speaker's invitation, as exhibition invites a company admin: auth's accounts and the foundation's auto-login key (adl).
      speakerAccounts: {
        findUserByEmail: (email) => auth.service.findUserByEmail(email),
        createParticipantUser: (input) => auth.service.createUser({ ...input, organisationId: null }),
        organisationOfUser: async (userId) => (await p.ports.access.loadCaller(userId))?.organisationId ?? null,
        addParticipant: (organisationId, eventId, userId, userType) => events.service.addParticipant(organisationId, eventId, userId, userType),
        createLoginLink: (caller, organisationId, input) => auth.service.createAutoLoginKey(caller, organisationId, input),
      },
      now: p.now,
      jobs: p.jobs,
      log: p.log,
      mailLeaseMs: p.config.MAIL_CLAIM_LEASE_SECONDS * 1000,
    }),
});
