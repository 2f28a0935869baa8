import { api } from '../../../app/api-client.ts';

/** The chat module's one query-key factory. */
export const chatKeys = {
  all: ['chat'] as const,
  rooms: (eventId: string) => [...chatKeys.all, eventId, 'rooms'] as const,
  history: (eventId: string, roomId: string) => [...chatKeys.all, eventId, 'history', roomId] as const,
  participants: (eventId: string, q: string) => [...chatKeys.all, eventId, 'participants', q] as const,
};

/** chatservices/api/ reads; messages themselves travel on the /chatservices socket. */
export const chatApi = {
  rooms: (eventId: string, signal?: AbortSignal) => api.call('GET /api/chatservices/api/events/:eventId/rooms', { params: { eventId }, signal }),
  history: (eventId: string, roomId: string, before: string | undefined, signal?: AbortSignal) =>
    api.call('GET /api/chatservices/api/events/:eventId/rooms/:roomId/messages', { params: { eventId, roomId }, query: before ? { before } : {}, signal }),
  participants: (eventId: string, q: string, signal?: AbortSignal) => api.call('GET /api/chatservices/api/events/:eventId/participants', { params: { eventId }, query: q ? { q } : {}, signal }),
};
