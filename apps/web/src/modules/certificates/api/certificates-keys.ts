import type { TCertificateListQuery } from '@pavilion/domain/certificates/certificates.schemas';

/** The certificates module's one query-key factory. */
export const certificatesKeys = {
  all: ['certificates'] as const,
  event: (eventId: string) => [...certificatesKeys.all, 'event', eventId] as const,
  templates: (eventId: string) => [...certificatesKeys.event(eventId), 'templates'] as const,
  defaultTemplate: () => [...certificatesKeys.all, 'default-template'] as const,
  issued: (eventId: string) => [...certificatesKeys.event(eventId), 'issued'] as const,
  list: (eventId: string, q: Partial<TCertificateListQuery>) => [...certificatesKeys.issued(eventId), q] as const,
  mailBatch: (eventId: string, batchId: string) => [...certificatesKeys.event(eventId), 'mail-batch', batchId] as const,
  rules: (eventId: string) => [...certificatesKeys.event(eventId), 'rules'] as const,
  registrations: (eventId: string, search: string) => [...certificatesKeys.event(eventId), 'registrations', search] as const,
  tickets: (eventId: string) => [...certificatesKeys.event(eventId), 'tickets'] as const,
  categories: (eventId: string) => [...certificatesKeys.event(eventId), 'categories'] as const,
  /** The programme's sessions, for a sessions-attended rule. */
  sessions: (eventId: string) => [...certificatesKeys.event(eventId), 'sessions'] as const,
  verification: (certificateId: string) => [...certificatesKeys.all, 'verify', certificateId] as const,
};
