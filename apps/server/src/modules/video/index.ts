import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../platform/app-module.ts';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { createVideoRepository, type VideoTesting } from './video.repository.ts';
import { registerVideoRoutes } from './video.routes.ts';
import { createVideoService, type VideoDeps } from './video.service.ts';
import { sfuFromConfig } from './sfu.ts';
import type { ChatSocket } from '../chat/index.ts';
import { createMailWorker } from '../../platform/mail-worker.ts';

/** How often the closing-hour sweep runs: a table's seats free at most this long after its closing hour. */
export const TABLE_CLOSE_SWEEP_MS = 15_000;

export type { VideoService } from './video.service.ts';

/**
 * The video module's events (in-process, at most once): a 1:1 call was answered. Leads counts a call between an
 * attendee and a company's staff as SPEC §9 action 7 general call (idempotent by the call's id, so a repeat is harmless;
 * a crash right after the answer loses the count, which is a report figure, not a person's data).
 */
export type VideoEvents = { 'video.call.answered': { eventId: string; callId: string; callerEventUserId: string; calleeEventUserId: string } };
export type { SfuProvider } from './sfu.ts';

/**
 * Video (issue 17): 1:1 calls (videoCall → incomingCall, receivedCall, endCall, 60 s ringing), WebRTC signalling
 * (videoChat) between a call's two parties or a table's seated members, networking lounges and discussion tables
 * (networking, networkingLeave, discussionChat), the LiveKit adapter for tables above the mesh limit, and the report
 * tabs Networking Lounge, Discussion Table and Video Calls. Every event arrives through the chat module's socket.
 */
export function createVideoModule(
  db: Db,
  deps: Omit<VideoDeps, 'repo' | 'testing' | 'newId' | 'socket'> & { socket: ChatSocket; sweepClosedTables?: boolean; log?: { error(obj: unknown, msg?: string): void } },
) {
  const testing: VideoTesting = { unsafeDisableLocking: false, raceWindowMs: 0, ringTimeoutMs: null };
  const service = createVideoService({ repo: createVideoRepository(db, testing), testing, newId, ...deps });
  const { socket } = deps;
  /**
   * Tables past their closing hour free their seats: a sweep in every instance (the seats are in the database, so a
   * restart loses nothing: the first pass runs at start; each seat is freed by one conditional update, so two
   * instances never both tell its person). Tests run a pass with `closeSweep.drainNow()`.
   */
  const closeSweep = createMailWorker({ drain: () => service.closeDue(), pollMs: TABLE_CLOSE_SWEEP_MS, log: deps.log });
  socket.handle('videoCall', (actor, data) => service.call(actor, data));
  socket.handle('receivedCall', (actor, data) => service.answer(actor, data));
  socket.handle('endCall', (actor, data) => service.end(actor, data));
  socket.handle('videoChat', (actor, data) => service.signal(actor, data));
  socket.handle('networking', (actor, data) => service.join(actor, data));
  socket.handle('networkingLeave', (actor, data) => service.leave(actor, data));
  socket.handle('discussionChat', (actor, data) => service.say(actor, data));
  socket.onDisconnect((actor) => service.disconnected(actor));
  return {
    service,
    /** Test switches: the seat lock's unlocked control and the ringing time (null: SPEC §9's 60,000 ms). */
    testing,
    closeSweep,
    plugin: async (app: FastifyInstance) => {
      registerVideoRoutes(app, service);
      if (deps.sweepClosedTables) app.addHook('onReady', async () => closeSweep.start());
      app.addHook('preClose', async () => {
        await closeSweep.stop();
        service.close();
      });
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    video: ReturnType<typeof createVideoModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The video module in the app's module list (after chat: its events arrive on chat's socket). */
export const videoModule = defineModule({
  name: 'video',
  needs: ['events', 'chat'],
  create: (p, { events, chat }) =>
    createVideoModule(p.db, {
      audit: p.audit,
      now: p.now,
      socket: chat.socket,
      participants: (eventId, ids) => events.service.participants(eventId, ids),
      namesOf: (userIds) => p.ports.auth.namesOf(userIds),
      assertEvent: events.assertEvent,
      findEvent: (eventId) => events.service.findOwner(eventId),
      isBlocked: async (eventId, a, b) => {
        const [byA, byB] = await Promise.all([chat.moderation.blocks({ userId: '', eventId, eventUserId: a }), chat.moderation.blocks({ userId: '', eventId, eventUserId: b })]);
        return byA.some((x) => x.eventUserId === b) || byB.some((x) => x.eventUserId === a);
      },
      iceServers: p.config.RTC_ICE_SERVERS,
      sfu: sfuFromConfig(p.config, p.now),
      onAnswered: (call) => p.bus.emit('video.call.answered', call),
      sweepClosedTables: p.config.NODE_ENV !== 'test',
      log: p.log,
    }),
});
