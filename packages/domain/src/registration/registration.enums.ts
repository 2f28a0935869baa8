import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

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
const sourceChannelEnum = /*#__PURE__*/ defineEnum({
  RegistrationLinks: [1, 'Registration Links'],
  LoginDashboard: [2, 'Login Dashboard'],
  LoginApp: [3, 'Login App'],
  LoginWeb: [4, 'Login web'],
  EBadge: [5, 'E-badge'],
  ExhibitingCompany: [6, 'Exhibiting Company'],
  ServiceProvider: [7, 'Service Provider'],
  AttendeesApp: [8, 'Attendees App'],
  AttendeesWeb: [9, 'Attendees Web'],
  PublicWeb: [10, 'Public Web'],
});
export const SourceChannel = sourceChannelEnum.values;
export type TSourceChannel = TEnumValue<typeof sourceChannelEnum>;
export const SOURCE_CHANNEL_LABELS = sourceChannelEnum.labels;

/** SPEC §3.10 "another set": the product module a record (a help-desk ticket, a form, a payment) belongs to. */
const moduleKindEnum = /*#__PURE__*/ defineEnum({
  Registration: [1, 'registration'],
  Exhibition: [2, 'exhibition'],
  Helpdesk: [3, 'helpdesk'],
  Product: [4, 'product'],
});
export const ModuleKind = moduleKindEnum.values;
export type TModuleKind = TEnumValue<typeof moduleKindEnum>;
export const MODULE_KIND_LABELS = moduleKindEnum.labels;
