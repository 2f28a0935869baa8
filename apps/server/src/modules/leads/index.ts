import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule, type AppEvents } from '../../platform/app-module.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import { createLeadsRepository } from './leads.repository.ts';
import { registerLeadsRoutes } from './leads.routes.ts';
import { createWebhookWorker } from './leads.webhooks.ts';
import { createLeadsService, type LeadsDeps } from './leads.service.ts';

export type { LeadsService } from './leads.service.ts';
export { createLeadsPort, type LeadsPort } from './leads.port.ts';

/** Leads (issue 18): lead retrieval by exhibitor staff, visiting cards, the Onsite Leads report. */
export function createLeadsModule(
  db: Db,
  deps: Omit<LeadsDeps, 'repo' | 'wakeWebhooks'> & {
    open: (sealed: string) => string;
    log: FastifyBaseLogger;
    /** The meetings module's port: a meeting's type and its two sides' accounts. */
    meetingParties: (eventId: string, meetingId: string) => Promise<{ type: number; sides: { eventUserId: string; userId: string | null }[] } | null>;
    /** Auth's port: the accounts' emails (staff are known by theirs). */
    emailsOf: (userIds: string[]) => Promise<Map<string, string>>;
  },
) {
  const repo = createLeadsRepository(db);
  const webhooks = createWebhookWorker({ repo, open: deps.open, now: deps.now, log: deps.log });
  const service = createLeadsService({ repo, ...deps, wakeWebhooks: webhooks.wake });
  return {
    service,
    webhooks,
    /** A meeting booked with a company's staff counts at the company (report actions 8 and 9, leads.service meetingBooked). */
    subscribe(bus: Subscriber<AppEvents>) {
      bus.subscribe('meeting.notice', async (notice) => {
        if (notice.kind !== 'requested' && notice.kind !== 'scheduled') return;
        const parties = await deps.meetingParties(notice.eventId, notice.meetingId);
        if (!parties) return;
        const emails = await deps.emailsOf(parties.sides.flatMap((s) => (s.userId ? [s.userId] : [])));
        await service.meetingBooked({ eventId: notice.eventId, meetingId: notice.meetingId, type: parties.type, sides: parties.sides.map((s) => ({ eventUserId: s.eventUserId, email: s.userId ? (emails.get(s.userId) ?? null) : null })) });
      });
    },
    plugin: async (app: FastifyInstance) => {
      registerLeadsRoutes(app, service);
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
      isProduction: p.isProduction,
      log: p.log,
      meetingParties: (eventId, meetingId) => meetings.service.parties(eventId, meetingId),
      emailsOf: (userIds) => p.ports.auth.emailsOf(userIds),
    }),
});
