/** SPEC §3.10 User-journey event types. */
export const USER_JOURNEY_EVENT_TYPES = [
  'REG',
  'APPRV',
  'DISAPPRV',
  'SPEND',
  'PAY_CAPTURED',
  'PAY_FAILED',
  'USERDEL',
  'UPDATE',
  'PBADGE_PRINT',
] as const;
export type TUserJourneyEventType = (typeof USER_JOURNEY_EVENT_TYPES)[number];
export const USER_JOURNEY_EVENT_LABELS: Record<TUserJourneyEventType, string> = {
  REG: 'Registered',
  APPRV: 'Approved',
  DISAPPRV: 'Disapproved',
  SPEND: 'Spend',
  PAY_CAPTURED: 'Payment captured',
  PAY_FAILED: 'Payment failed',
  USERDEL: 'User deleted',
  UPDATE: 'Updated',
  PBADGE_PRINT: 'Badge printed',
};

/** SPEC §3.10 Source channel. */
export const SourceChannel = {
  RegistrationLinks: 1,
  LoginDashboard: 2,
  LoginApp: 3,
  LoginWeb: 4,
  EBadge: 5,
  ExhibitingCompany: 6,
  ServiceProvider: 7,
  AttendeesApp: 8,
  AttendeesWeb: 9,
  PublicWeb: 10,
} as const;
export type TSourceChannel = (typeof SourceChannel)[keyof typeof SourceChannel];
export const SOURCE_CHANNEL_LABELS: Record<TSourceChannel, string> = {
  1: 'Registration Links',
  2: 'Login Dashboard',
  3: 'Login App',
  4: 'Login web',
  5: 'E-badge',
  6: 'Exhibiting Company',
  7: 'Service Provider',
  8: 'Attendees App',
  9: 'Attendees Web',
  10: 'Public Web',
};

/** SPEC §3.10 "another set": the product module a record (a help-desk ticket, a form, a payment) belongs to. */
export const ModuleKind = { Registration: 1, Exhibition: 2, Helpdesk: 3, Product: 4 } as const;
export type TModuleKind = (typeof ModuleKind)[keyof typeof ModuleKind];
export const MODULE_KIND_LABELS: Record<TModuleKind, string> = {
  1: 'registration',
  2: 'exhibition',
  3: 'helpdesk',
  4: 'product',
};
