import type { FastifyInstance } from 'fastify';
import { defineModule, type Platform } from '../../platform/app-module.ts';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { meetingMails } from './meetings.mail.ts';
import { createMeetingsRepository, type MeetingsTesting } from './meetings.repository.ts';
import { registerMeetingsRoutes } from './meetings.routes.ts';
import { createMeetingsService, type MeetingChange, type MeetingsDeps, type MeetingsService } from './meetings.service.ts';

export type { MeetingsService } from './meetings.service.ts';

/** How long before a meeting its reminder goes out, and how often the reminder sweep runs. */
export const REMINDER_LEAD_MS = 30 * 60_000;
const REMINDER_SWEEP_MS = 60_000;

type MailDeps = { send: Platform['mailer']['send']; emailsOf: (userIds: string[]) => Promise<Map<string, string>>; publicUrl: string; log: Platform['log'] };

/** Mails a change to the side(s) it concerns, each (meeting, kind, person) once. Failures are logged, never thrown. */
async function mailChange(service: MeetingsService, mail: MailDeps, kind: MeetingChange['kind'] | 'reminder', change: Pick<MeetingChange, 'eventId' | 'meetingId'>) {
  try {
    const facts = await service.mailFacts({ ...change, kind: 'requested' });
    if (!facts) return;
    const emails = await mail.emailsOf([...facts.who.values()].map((w) => w.userId));
    for (const { eventUserId, message } of meetingMails(kind, facts, emails, mail.publicUrl)) {
      if (await service.markMail({ id: newId(), eventId: change.eventId, meetingId: change.meetingId, kind, eventUserId })) await mail.send(message);
    }
  } catch (err) {
    mail.log.error({ err, change, kind }, 'meeting mail failed');
  }
}

/** Networking directory, matchmaking and meetings (issue 18). */
export function createMeetingsModule(db: Db, deps: Omit<MeetingsDeps, 'repo' | 'newId' | 'changed'> & { mail: MailDeps; now: () => Date; sweepReminders: boolean }) {
  const testing: MeetingsTesting = { unsafeDisableLocking: false, raceWindowMs: 0 };
  const service: MeetingsService = createMeetingsService({ repo: createMeetingsRepository(db, testing), newId, ...deps, changed: (c) => mailChange(service, deps.mail, c.kind, c) });
  /** Claims the approved meetings starting within the reminder lead and mails both sides (any instance; a claim is a row update). */
  async function sendReminders(): Promise<number> {
    const now = deps.now();
    const due = await service.claimReminders(now, new Date(now.getTime() + REMINDER_LEAD_MS));
    for (const m of due) await mailChange(service, deps.mail, 'reminder', { eventId: m.eventId, meetingId: m.id });
    return due.length;
  }
  return {
    service,
    testing,
    sendReminders,
    plugin: async (app: FastifyInstance) => {
      registerMeetingsRoutes(app, service);
      if (deps.sweepReminders) {
        const timer = setInterval(() => void sendReminders().catch((err: unknown) => deps.mail.log.error({ err }, 'meeting reminders failed')), REMINDER_SWEEP_MS);
        timer.unref();
        app.addHook('onClose', async () => clearInterval(timer));
      }
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
      sweepReminders: p.config.NODE_ENV !== 'test',
    }),
});
