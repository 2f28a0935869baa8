import type { FastifyInstance } from 'fastify';
import type { TAttendanceSummary, TAttendedSession } from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import type { CheckinEvents } from '../checkin/index.ts';
import type { ProgrammeEvents } from '../programme/index.ts';
import type { Mailer } from '../../platform/mail.ts';
import { createMailWorker, routeWakesThroughPgBoss } from '../../platform/mail-worker.ts';
import type { JobRunner } from '../../platform/job-runner.ts';
import { createCertificatesRepository, type CertificatesPorts } from './certificates.repository.ts';
import { registerCertificatesRoutes } from './certificates.routes.ts';
import { createCertificatesService, type AttendanceSource } from './certificates.service.ts';
import { defineModule } from '../../platform/app-module.ts';

export type { CertificatesService, AttendanceSource } from './certificates.service.ts';

export const CERTIFICATE_MAIL_QUEUE = 'certificate-mail';

/** Certificates: templates (SPEC §3.8), manual / bulk / attendance-rule issue, PDF, email, public verification. */
export function createCertificatesModule(
  db: Db,
  deps: {
    audit: Audit;
    mailer: Mailer;
    assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
    findEvent: (eventId: string) => Promise<{ id: string; organisationId: string; name: string; startDate: string; endDate: string; timeZone: string } | null>;
    attendance: () => AttendanceSource | null;
    /** Programme's port: the event's track ids, which a sessions-attended rule's track must be one of (unchecked without it). */
    trackIdsOf?: (eventId: string) => Promise<string[]>;
    /** Registration's port: recipients (admissible registrations), their emails and numbers. */
    registrations: CertificatesPorts['registrations'];
    publicUrl: string;
    now?: () => Date;
    userEmail: (caller: AuthUser) => Promise<string>;
    /** The platform's pg-boss (Postgres outside tests) to carry the mail job's wakes; without it the job runs in the process. */
    jobs?: JobRunner;
    log?: { error(obj: unknown, msg?: string): void };
    /** The in-process backstop poll (tests shorten it). */
    mailPollMs?: number;
    /** How long the job's claim on a recipient lasts (MAIL_CLAIM_LEASE_SECONDS). */
    mailLeaseMs: number;
  },
) {
  const { jobs, log, mailPollMs, registrations, ...rest } = deps;
  // Bulk certificate mail leaves from this job, never from a request (issue 20); `service` is bound below.
  const mailWorker = createMailWorker({ drain: () => service.drainMail(), log, pollMs: mailPollMs });
  const service = createCertificatesService({ repo: createCertificatesRepository(db, { registrations, findEvent: deps.findEvent }), ...rest, wakeMail: () => mailWorker.wake() });
  return {
    service,
    /** The bulk mail job (tests wait for it with `idle()`, or stop it to play a crash). */
    mailWorker,
    subscribe(bus: Subscriber<CheckinEvents & ProgrammeEvents>) {
      // A check-out may complete an attendance rule: issue what is now earned (idempotent).
      bus.subscribe('checkin.exited', async ({ eventId, registrationId }) => {
        await service.afterCheckout(eventId, registrationId);
      });
      // A first count at a session may complete a sessions-attended rule (idempotent, as above).
      bus.subscribe('session.attended', async ({ eventId, registrationId }) => {
        await service.afterCheckout(eventId, registrationId);
      });
    },
    plugin: async (app: FastifyInstance) => {
      registerCertificatesRoutes(app, service);
      // preClose: the job finishes its mails before onClose hooks close the database.
      app.addHook('preClose', () => mailWorker.stop());
      if (jobs) await routeWakesThroughPgBoss(await jobs.boss(), CERTIFICATE_MAIL_QUEUE, mailWorker);
      // Recipients owed before a stop or crash go out now (once their claim's lease has run out).
      mailWorker.start();
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    certificates: ReturnType<typeof createCertificatesModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * The certificates module in the app's module list (after check-in: it reads attendance, and hears check-outs; after
 * programme: the sessions a registration was counted at, and hears those counts).
 */
export const certificatesModule = defineModule({
  name: 'certificates',
  needs: ['events', 'auth', 'checkin', 'programme'],
  create: (p, { events, auth, checkin, programme }) =>
    createCertificatesModule(p.db, {
      audit: p.audit,
      mailer: p.mailer,
      now: p.now,
      publicUrl: p.publicUrl,
      assertEvent: events.assertEvent,
      findEvent: (eventId) => events.service.findOwner(eventId),
      attendance: () => (eventId) => withSessions(checkin.service.attendanceSummaries(eventId), programme.port.attendanceOf(eventId)),
      trackIdsOf: programme.port.trackIdsOf,
      registrations: p.ports.registration,
      userEmail: async (caller) => (await auth.service.me(caller)).email,
      jobs: p.jobs,
      log: p.log,
      mailLeaseMs: p.config.MAIL_CLAIM_LEASE_SECONDS * 1000,
    }),
});

/** Check-in's per-area summaries joined with programme's sessions attended, per registration (one summary each). */
async function withSessions(
  areas: Promise<TAttendanceSummary[]>,
  sessions: Promise<{ registrationId: string; sessions: TAttendedSession[] }[]>,
): Promise<TAttendanceSummary[]> {
  const [a, s] = await Promise.all([areas, sessions]);
  const out = new Map<string, TAttendanceSummary>(a.map((x) => [x.registrationId, { ...x, sessions: [] }]));
  for (const x of s) {
    const summary = out.get(x.registrationId) ?? { registrationId: x.registrationId, areas: [], sessions: [] };
    summary.sessions = [...(summary.sessions ?? []), ...x.sessions];
    out.set(x.registrationId, summary);
  }
  return [...out.values()];
}
