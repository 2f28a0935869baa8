/** The venue module's one query-key factory. */
export const venueKeys = {
  all: ['venue'] as const,
  settings: (eventId: string) => [...venueKeys.all, 'settings', eventId] as const,
  page: (eventId: string, page: string) => [...venueKeys.all, 'page', eventId, page] as const,
};
