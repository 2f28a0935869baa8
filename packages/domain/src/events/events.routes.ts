import { defineRoutes } from '../common/route-contract.ts';
import { ZEvent, ZEventCreateRequest, ZEventIdParams, ZEventListQuery, ZEventPage, ZEventUpdateRequest, ZPublicEvent } from './events.schemas.ts';

const tags = ['events'];

/** Events (SPEC §7 prefix eventservices/): the organiser's events, and what the event login page shows. */
export const eventsRoutes = defineRoutes({
  list: { method: 'GET', path: '/api/eventservices/events', auth: 'organiser', access: 'AP-6', tags, query: ZEventListQuery, response: ZEventPage },
  create: { method: 'POST', path: '/api/eventservices/events', auth: 'organiser', access: 'AP-840', tags, body: ZEventCreateRequest, status: 201, response: ZEvent },
  get: { method: 'GET', path: '/api/eventservices/events/:eventId', auth: 'organiser', access: 'AP-6', tags, params: ZEventIdParams, response: ZEvent },
  update: { method: 'PATCH', path: '/api/eventservices/events/:eventId', auth: 'organiser', access: 'AP-7', tags, params: ZEventIdParams, body: ZEventUpdateRequest, response: ZEvent },
  /** What the event login page (ei/{eventId}) may show before anyone logs in. */
  getPublic: { method: 'GET', path: '/api/eventservices/public/events/:eventId', auth: 'public', tags, params: ZEventIdParams, response: ZPublicEvent },
});
