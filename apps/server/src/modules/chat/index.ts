import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../platform/app-module.ts';
import { newId } from '../../platform/ids.ts';
import { loadSigningSecret } from '../../platform/secrets.ts';
import { createChatRepository } from './chat.repository.ts';
import { registerChatRoutes } from './chat.routes.ts';
import { createChatService, type ChatDeps } from './chat.service.ts';
import { attachChatSocket } from './chat.socket.ts';
import { createChatModeration, type ChatModerationDeps } from './chat.moderation.ts';
import type { Db } from '../../platform/db.ts';
import type { Server } from 'socket.io';

export type { ChatService } from './chat.service.ts';
export type { ChatSocket, ChatHandler, ChatSocketContext } from './chat.socket.ts';

/**
 * Chat (issue 17): 1:1 rooms and named groups between participants of one event, messages stored before delivery,
 * history, read receipts, typing and online state over the /chatservices socket, blocking and reporting, the
 * organiser's moderation (mute, remove, delete a message; audited), and the SPEC §7 video token.
 */
export function createChatModule(
  db: Db,
  deps: Omit<ChatDeps, 'repo' | 'newId' | 'emit' | 'onlineOf' | 'socketCount'> & Pick<ChatModerationDeps, 'audit' | 'assertEvent'> & { io: Server; log: { error(obj: unknown, msg?: string): void } },
) {
  const socket = attachChatSocket(deps.io, deps.log);
  const repo = createChatRepository(db);
  const service = createChatService({ repo, newId, emit: socket.toEventUsers, onlineOf: socket.onlineOf, socketCount: socket.socketCount, ...deps });
  const moderation = createChatModeration({ repo, newId, emit: socket.toEventUsers, ...deps });
  socket.handle('message', (actor, data) => service.send(actor, data));
  socket.handle('readMessage', (actor, data) => service.read(actor, data));
  socket.handle('typing', (actor, data) => service.typing(actor, data));
  socket.handle('joinGroup', (actor, data) => service.joinGroup(actor, data));
  socket.handle('leaveGroup', (actor, data) => service.leaveGroup(actor, data));
  socket.handle('messageGroup', (actor, data) => service.sendGroup(actor, data));
  // SPEC §3.10 online state: Online while any socket of the participation is connected (on any instance).
  socket.onConnect((actor) => service.connected(actor));
  socket.onDisconnect((actor) => service.disconnected(actor));
  return {
    service,
    moderation,
    /** The SPEC §7 chat socket: later modules register their events' handlers and send through it. */
    socket,
    plugin: async (app: FastifyInstance) => registerChatRoutes(app, service, moderation),
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    chat: ReturnType<typeof createChatModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The chat module in the app's module list. */
export const chatModule = defineModule({
  name: 'chat',
  needs: ['events', 'profile'],
  create: (p, { events, profile }) =>
    createChatModule(p.db, {
      io: p.realtime.chat,
      log: p.log,
      now: p.now,
      audit: p.audit,
      assertEvent: events.assertEvent,
      participants: (eventId, ids) => events.service.participants(eventId, ids),
      participantsOfUsers: (eventId, userIds) => events.service.participantsOfUsers(eventId, userIds),
      namesOf: (userIds) => p.ports.auth.namesOf(userIds),
      userIdsByEmail: (emails) => p.ports.auth.userIdsByEmail(emails),
      directory: async (eventId) => {
        const listed = await profile.port.directory(eventId);
        const emails = new Map((await p.ports.registration.attendeesByIds(listed.map((d) => d.registrationId))).map((a) => [a.id, a.email]));
        return listed.flatMap((d) => (emails.has(d.registrationId) ? [{ registrationId: d.registrationId, name: `${d.firstName} ${d.lastName}`.trim(), email: emails.get(d.registrationId)! }] : []));
      },
      signingSecret: () => loadSigningSecret(p.db, p.config.JWT_SECRET),
    }),
});
