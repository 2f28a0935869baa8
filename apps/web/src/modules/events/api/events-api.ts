import type { TEventCreateRequest, TEventListQuery, TEventUpdateRequest } from '@pavilion/domain';
import { api } from '../../../app/api-client.ts';

export type TEventListParams = Partial<Pick<TEventListQuery, 'page' | 'pageSize' | 'search' | 'eventMode' | 'when'>>;

/** The events module's one query-key factory; every cache read and update goes through it. */
export const eventsKeys = {
  all: ['events'] as const,
  lists: () => [...eventsKeys.all, 'list'] as const,
  list: (q: TEventListParams) => [...eventsKeys.lists(), q] as const,
  details: () => [...eventsKeys.all, 'detail'] as const,
  detail: (eventId: string) => [...eventsKeys.details(), eventId] as const,
  publicEvent: (eventId: string) => [...eventsKeys.all, 'public', eventId] as const,
};

export const eventsApi = {
  list: (q: TEventListParams, signal?: AbortSignal) => api.call('GET /api/eventservices/events', { query: q, signal }),
  get: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/events/:eventId', { params: { eventId }, signal }),
  create: (body: TEventCreateRequest) => api.call('POST /api/eventservices/events', { body }),
  update: (eventId: string, body: TEventUpdateRequest) => api.call('PATCH /api/eventservices/events/:eventId', { params: { eventId }, body }),
  getPublic: (eventId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/events/:eventId', { params: { eventId }, signal }),
};
