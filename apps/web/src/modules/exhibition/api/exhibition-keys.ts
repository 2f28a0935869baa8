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
  serviceForms: (eventId: string) => [...exhibitionKeys.all, 'service-forms', eventId] as const,
  submissions: (eventId: string) => [...exhibitionKeys.all, 'submissions', eventId] as const,
  submissionList: (eventId: string, filter: string) => [...exhibitionKeys.submissions(eventId), 'list', filter] as const,
  submission: (eventId: string, id: string) => [...exhibitionKeys.submissions(eventId), 'one', id] as const,
  fulfilment: (eventId: string) => [...exhibitionKeys.submissions(eventId), 'fulfilment'] as const,
  myStand: (eventId: string) => [...exhibitionKeys.all, 'my-stand', eventId] as const,
  myForm: (eventId: string, boothId: string, formCode: string) => [...exhibitionKeys.myStand(eventId), boothId, formCode] as const,
};
