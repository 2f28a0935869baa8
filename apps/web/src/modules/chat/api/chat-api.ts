import type { TChatModerateUser, TChatReportInput } from '@pavilion/domain/chat/chat.schemas';
import { api } from '../../../app/api-client.ts';

/** The chat module's one query-key factory. */
export const chatKeys = {
  all: ['chat'] as const,
  rooms: (eventId: string) => [...chatKeys.all, eventId, 'rooms'] as const,
  history: (eventId: string, roomId: string) => [...chatKeys.all, eventId, 'history', roomId] as const,
  participants: (eventId: string, q: string) => [...chatKeys.all, eventId, 'participants', q] as const,
  room: (eventId: string, roomId: string) => [...chatKeys.all, eventId, 'room', roomId] as const,
  blocks: (eventId: string) => [...chatKeys.all, eventId, 'blocks'] as const,
  reports: (eventId: string, status: string) => ['chat-moderation', eventId, 'reports', status] as const,
};

/** chatservices/api/ reads; messages themselves travel on the /chatservices socket. */
export const chatApi = {
  rooms: (eventId: string, signal?: AbortSignal) => api.call('GET /api/chatservices/api/events/:eventId/rooms', { params: { eventId }, signal }),
  history: (eventId: string, roomId: string, before: string | undefined, signal?: AbortSignal) =>
    api.call('GET /api/chatservices/api/events/:eventId/rooms/:roomId/messages', { params: { eventId, roomId }, query: before ? { before } : {}, signal }),
  participants: (eventId: string, q: string, signal?: AbortSignal) => api.call('GET /api/chatservices/api/events/:eventId/participants', { params: { eventId }, query: q ? { q } : {}, signal }),
  room: (eventId: string, roomId: string, signal?: AbortSignal) => api.call('GET /api/chatservices/api/events/:eventId/rooms/:roomId', { params: { eventId, roomId }, signal }),
  block: (eventId: string, eventUserId: string) => api.call('PUT /api/chatservices/api/events/:eventId/blocks/:eventUserId', { params: { eventId, eventUserId } }),
  unblock: (eventId: string, eventUserId: string) => api.call('DELETE /api/chatservices/api/events/:eventId/blocks/:eventUserId', { params: { eventId, eventUserId } }),
  report: (eventId: string, body: TChatReportInput) => api.call('POST /api/chatservices/api/events/:eventId/reports', { params: { eventId }, body }),
};

/** The organiser's moderation (Group Chats AP-434 view, AP-436 moderate). */
export const chatModerationApi = {
  reports: (eventId: string, status: 'open' | 'resolved' | 'all', signal?: AbortSignal) => api.call('GET /api/chatservices/api/events/:eventId/moderation/reports', { params: { eventId }, query: { status }, signal }),
  updateReport: (eventId: string, reportId: string, status: 'open' | 'resolved') => api.call('PUT /api/chatservices/api/events/:eventId/moderation/reports/:reportId', { params: { eventId, reportId }, body: { status } }),
  moderateUser: (eventId: string, eventUserId: string, body: TChatModerateUser) => api.call('PUT /api/chatservices/api/events/:eventId/moderation/users/:eventUserId', { params: { eventId, eventUserId }, body }),
  deleteMessage: (eventId: string, messageId: string) => api.call('DELETE /api/chatservices/api/events/:eventId/moderation/messages/:messageId', { params: { eventId, messageId } }),
};
