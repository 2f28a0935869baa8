import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../platform/app-module.ts';
import { newId } from '../../platform/ids.ts';
import { loadSigningSecret } from '../../platform/secrets.ts';
import { createChatRepository } from './chat.repository.ts';
import { registerChatRoutes } from './chat.routes.ts';
import { createChatService, type ChatDeps } from './chat.service.ts';
import { attachChatSocket } from './chat.socket.ts';
import type { Db } from '../../platform/db.ts';
import type { Server } from 'socket.io';

export type { ChatService } from './chat.service.ts';
export type { ChatSocket, ChatHandler, ChatSocketContext } from './chat.socket.ts';

/**
 * Chat (issue 17, first slice): 1:1 rooms between participants of one event, messages stored before delivery,
 * history, read receipts and typing over the /chatservices socket, and the SPEC §7 video token.
 */
export function createChatModule(db: Db, deps: Omit<ChatDeps, 'repo' | 'newId' | 'emit'> & { io: Server; log: { error(obj: unknown, msg?: string): void } }) {
  const socket = attachChatSocket(deps.io, deps.log);
  const service = createChatService({ repo: createChatRepository(db), newId, emit: socket.toEventUsers, ...deps });
  socket.handle('message', (actor, data) => service.send(actor, data));
  socket.handle('readMessage', (actor, data) => service.read(actor, data));
  socket.handle('typing', (actor, data) => service.typing(actor, data));
  return {
    service,
    /** The SPEC §7 chat socket: later modules register their events' handlers and send through it. */
    socket,
    plugin: async (app: FastifyInstance) => registerChatRoutes(app, service),
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
