import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../platform/app-module.ts';
import { hasAccess } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { organiserRoom } from '../../platform/realtime.ts';
import type { ChatSocket } from '../chat/index.ts';
import { createLiveRepository } from './live.repository.ts';
import { registerLiveRoutes } from './live.routes.ts';
import { createLiveService, type LiveDeps } from './live.service.ts';

export type { LiveService } from './live.service.ts';

/**
 * The live session room (issue 17): session chat, Q&A, the live poll and the now-playing session, on the chat
 * module's socket (`messageSession`, `messageQNA`, `sessionPoll`, `sessionNowPlay`; it sends `noLive`), with the
 * sessions read through the programme's port.
 */
export function createLiveModule(db: Db, socket: ChatSocket, deps: Omit<LiveDeps, 'repo' | 'newId' | 'toRoom' | 'organiserRoom' | 'eventRoom'>) {
  const service = createLiveService({ repo: createLiveRepository(db), newId, toRoom: socket.toRoom, organiserRoom, eventRoom: (eventId) => `event:${eventId}`, ...deps });
  socket.handle('messageSession', (actor, data, ctx) => ('join' in data ? service.join(actor, data.sessionId, data.join, ctx) : service.say(actor, data)));
  socket.handle('messageQNA', (actor, data) => ('question' in data ? service.ask(actor, data) : service.actOnQuestion(actor, data)));
  socket.handle('sessionPoll', (actor, data) => service.poll(actor, data));
  socket.handle('sessionNowPlay', (actor, data) => service.nowPlay(actor, data));
  return {
    service,
    plugin: async (app: FastifyInstance) => registerLiveRoutes(app, service),
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    live: ReturnType<typeof createLiveModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The live module in the app's module list (after chat, whose socket it uses, and programme, whose sessions it reads). */
export const liveModule = defineModule({
  name: 'live',
  needs: ['chat', 'programme', 'events'],
  create: (p, { chat, programme, events }) =>
    createLiveModule(p.db, chat.socket, {
      now: p.now,
      sessionOf: (eventId, sessionId) => programme.port.sessionOf(eventId, sessionId),
      sessionsOf: (eventId) => programme.port.sessionsOf(eventId),
      assertEvent: events.assertEvent,
      isOrganiserModerator: async (userId, eventId) => {
        const caller = await p.ports.access.loadCaller(userId);
        if (!caller?.organisationId || !hasAccess(caller, 'AP-302')) return false;
        return events.assertEvent({ ...caller, via: 'access', sessionId: '' }, caller.organisationId, eventId).then(
          () => true,
          () => false,
        );
      },
      emailOf: async (userId) => (await p.ports.auth.emailsOf([userId])).get(userId)?.toLowerCase() ?? null,
      names: async (eventId, ids) => {
        if (ids.length === 0) return new Map();
        const ps = await events.service.participants(eventId, ids);
        const names = await p.ports.auth.namesOf(ps.map((x) => x.userId));
        return new Map(ps.map((x) => [x.eventUserId, names.get(x.userId) ?? 'Participant']));
      },
    }),
});
