import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { Publisher } from '../../platform/event-bus.ts';
import type { CredentialsService } from '../credentials/index.ts';
import { checkinDeviceRoutes } from './checkin.device-routes.ts';
import { createCheckinRepository } from './checkin.repository.ts';
import { registerCheckinRoutes } from './checkin.routes.ts';
import { createCheckinService, type CheckinDeps, type CheckinTesting } from './checkin.service.ts';
import type { CheckinPresence } from './checkin.shared.ts';
import { defineModule } from '../../platform/app-module.ts';

export type { CheckinService, CheckinTesting, DeviceSession } from './checkin.service.ts';
export type { CheckinPresence } from './checkin.shared.ts';
export type { DoorScanRow } from './checkin.repository.ts';

/** The events check-in publishes. */
export type CheckinEvents = {
  /** A scan checked the registration out of an area (an attendance rule may now be met). */
  'checkin.exited': { eventId: string; registrationId: string };
  /**
   * A person seen at an area's door (admitted, exited, or scanned while inside), online or from an offline sync, at
   * the scan's time; not awaited, in-process: programme's fast path for session attendance (idempotent). What a crash
   * loses here programme recovers from the scan ledger (`port.doorScansAfter`), so the scan path writes no outbox row.
   */
  'checkin.admitted': CheckinPresence;
};

/** How often the in-process timer applies automatic check-out (reads also apply it lazily). */
export const AUTO_CHECKOUT_INTERVAL_MS = 30_000;

/**
 * Onsite check-in (issue #5): areas and their rules, devices (pairing, tokens, relay, logs), online and offline scans
 * with an atomic presence state, footfall and attendance. Contracts: packages/domain/src/checkin/checkin.routes.ts.
 */
export function createCheckinModule(
  db: Db,
  deps: Omit<CheckinDeps, 'repo' | 'testing' | 'onExit' | 'onPresence' | 'credentials'> & {
    credentials: CredentialsService;
    /** Where check-in's events go (app.ts: the app's event bus). */
    bus: Publisher<CheckinEvents>;
    /** Off in tests that want a quiet process; on by default. */
    autoCheckoutTimer?: boolean;
  },
) {
  const testing: CheckinTesting = { unsafeDisableLocking: false, raceWindowMs: 0 };
  const { bus, ...rest } = deps;
  const repo = createCheckinRepository(db);
  const service = createCheckinService({
    ...rest,
    repo,
    testing,
    onExit: (eventId, registrationId) => bus.publish('checkin.exited', { eventId, registrationId }),
    onPresence: (fact) => bus.publish('checkin.admitted', fact),
  });
  // Devices and footfall displays join their rooms on /hospitalityservices with check-in's own secrets.
  deps.realtime?.authorise({
    authenticateDevice: async (token) => {
      const d = await service.authenticateDevice(token);
      return d ? { deviceId: d.id, eventId: d.eventId } : null;
    },
    authenticateFootfall: async (areaId, key) => !!(await service.checkDisplayKey(areaId, key)),
  });
  return {
    service,
    testing,
    /**
     * What programme reads of the scan ledger to catch up session attendance a lost `checkin.admitted` missed: door
     * scans (someone present) at given areas after a ledger id, and the ledger's head id. Reads only; the scan path
     * does no extra work for it.
     */
    port: {
      doorScansAfter: (afterId: number, areaIds: string[], limit: number) => repo.doorScansAfter(afterId, areaIds, limit),
      ledgerHead: () => repo.ledgerHead(),
      /** One registration's scans in an event that found it present, any area, in ledger order (presence spans). */
      presenceScansOf: (eventId: string, registrationId: string) => repo.presenceScansOf(eventId, registrationId),
    },
    plugin: async (app: FastifyInstance) => {
      registerCheckinRoutes(app, service);
      await app.register(checkinDeviceRoutes, { service });
      if (deps.autoCheckoutTimer !== false) {
        const timer = setInterval(() => {
          service.reconcileAll().catch((err) => deps.log?.error({ err }, 'automatic check-out failed'));
        }, AUTO_CHECKOUT_INTERVAL_MS);
        timer.unref();
        app.addHook('onClose', async () => clearInterval(timer));
      }
      app.addHook('onClose', async () => service.close());
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    checkin: ReturnType<typeof createCheckinModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The check-in module in the app's module list. */
export const checkinModule = defineModule({
  name: 'checkin',
  needs: ['events', 'credentials', 'registration', 'badges'],
  create: (p, { events, credentials, registration, badges }) =>
    createCheckinModule(p.db, {
      audit: p.audit,
      now: p.now,
      credentials: credentials.service,
      registrations: registration.checkinView,
      photoUrlOf: registration.photoUrlOf,
      categoryColours: badges.categoryColours,
      assertEvent: events.assertEvent,
      findEvent: async (eventId) => {
        const e = await events.service.findOwner(eventId);
        return e ? { organisationId: e.organisationId, name: e.name, timeZone: e.timeZone } : null;
      },
      realtime: p.realtime,
      log: p.log,
      autoCheckoutTimer: p.config.NODE_ENV !== 'test',
      bus: p.bus,
    }),
});
