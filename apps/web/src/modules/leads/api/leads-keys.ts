/** The leads module's one query-key factory. */
export const leadsKeys = {
  all: ['leads'] as const,
  me: (eventId: string) => ['leads', 'me', eventId] as const,
  list: (eventId: string, search: string) => ['leads', 'list', eventId, search] as const,
  lists: (eventId: string) => ['leads', 'list', eventId] as const,
  companyCards: (eventId: string) => ['leads', 'company-cards', eventId] as const,
  cardPhoto: (eventId: string, cardId: string) => ['leads', 'company-cards', eventId, 'photo', cardId] as const,
  myCards: (eventId: string) => ['leads', 'my-cards', eventId] as const,
  documents: (eventId: string) => ['leads', 'documents', eventId] as const,
  companyDocuments: (eventId: string, companyId: string) => ['leads', 'company-documents', eventId, companyId] as const,
  bag: (eventId: string) => ['leads', 'bag', eventId] as const,
  bagMail: (eventId: string) => ['leads', 'bag', eventId, 'mail'] as const,
  myInquiries: (eventId: string) => ['leads', 'my-inquiries', eventId] as const,
  companyInquiries: (eventId: string) => ['leads', 'company-inquiries', eventId] as const,
  onsite: (eventId: string, range: { range?: number; from?: string; to?: string } = {}) => ['leads', 'onsite', eventId, range] as const,
  webhook: (eventId: string) => ['leads', 'webhook', eventId] as const,
  webhookDeliveries: (eventId: string) => ['leads', 'webhook', eventId, 'deliveries'] as const,
};
