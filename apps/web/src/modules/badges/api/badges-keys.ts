/** The badges module's one query-key factory. */
export const badgesKeys = {
  all: ['badges'] as const,
  event: (eventId: string) => [...badgesKeys.all, 'event', eventId] as const,
  templates: (eventId: string) => [...badgesKeys.event(eventId), 'templates'] as const,
  template: (eventId: string, id: string) => [...badgesKeys.templates(eventId), id] as const,
  fields: (eventId: string) => [...badgesKeys.event(eventId), 'fields'] as const,
  attendees: (eventId: string) => [...badgesKeys.event(eventId), 'attendees'] as const,
  attendeeList: (eventId: string, q: Record<string, unknown>) => [...badgesKeys.attendees(eventId), 'list', q] as const,
  attendee: (eventId: string, id: string) => [...badgesKeys.attendees(eventId), 'detail', id] as const,
  jobs: (eventId: string) => [...badgesKeys.event(eventId), 'jobs'] as const,
  job: (eventId: string, id: string) => [...badgesKeys.jobs(eventId), id] as const,
  history: (eventId: string, q: Record<string, unknown>) => [...badgesKeys.event(eventId), 'history', q] as const,
};
