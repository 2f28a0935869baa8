import type { FastifyInstance } from 'fastify';

/** The programme's organiser and participant routes, under their service prefix. */
export const programmeBase = (eventId: string) => `/api/scheduleservices/api/events/${eventId}`;

/** One call as `headers` (an organiser's bearer, a participant's bearer and event access, or none). */
export const injectAs = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url: string, payload?: unknown) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** A session form's body: a one-hour talk on 2 March 2027 with no room, track, speakers or booking. */
export const sessionInput = (over: Record<string, unknown> = {}) => ({
  title: 'Keynote',
  descriptionHtml: '',
  sessionType: 'talk',
  trackId: null,
  roomId: null,
  start: '2027-03-02T09:00',
  end: '2027-03-02T10:00',
  speakerIds: [],
  capacity: null,
  bookingRequired: false,
  ...over,
});
