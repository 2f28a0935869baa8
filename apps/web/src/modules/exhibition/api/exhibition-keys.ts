/** The exhibition module's one query-key factory. */
export const exhibitionKeys = {
  all: ['exhibition'] as const,
  companies: (eventId: string) => [...exhibitionKeys.all, 'companies', eventId] as const,
  companyList: (eventId: string, search: string) => [...exhibitionKeys.companies(eventId), search] as const,
  staff: (eventId: string, companyId: string) => [...exhibitionKeys.companies(eventId), 'staff', companyId] as const,
  booths: (eventId: string) => [...exhibitionKeys.all, 'booths', eventId] as const,
  products: (eventId: string, companyId: string) => [...exhibitionKeys.all, 'products', eventId, companyId] as const,
  exhibitors: (eventId: string, search: string) => [...exhibitionKeys.all, 'exhibitors', eventId, search] as const,
  exhibitor: (eventId: string, companyId: string) => [...exhibitionKeys.all, 'exhibitor', eventId, companyId] as const,
};
