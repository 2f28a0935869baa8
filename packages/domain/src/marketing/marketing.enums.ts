import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/** SPEC §3.10 Campaign kind. */
const campaignKindEnum = /*#__PURE__*/ defineEnum({
  Announcement: [1, 'Announcement'],
  Meeting: [2, 'Meeting'],
  SocialMediaMarketing: [3, 'Social Media Marketing'],
  WhatsappCampaign: [4, 'Whatsapp Campaign'],
  SmsCampaign: [5, 'SMS Campaign'],
  EmailCampaign: [6, 'Email Campaign'],
});
export const CampaignKind = campaignKindEnum.values;
export type TCampaignKind = TEnumValue<typeof campaignKindEnum>;
export const CAMPAIGN_KIND_LABELS = campaignKindEnum.labels;

/**
 * SPEC §3.10 SMS providers: numbered 1 to 5, each serving India or the USA. The spec does not name the gateways,
 * so they are identified by number and region only; the integration picks the gateway behind each number.
 */
export const SmsProvider = { Provider1: 1, Provider2: 2, Provider3: 3, Provider4: 4, Provider5: 5 } as const;
export type TSmsProvider = (typeof SmsProvider)[keyof typeof SmsProvider];
export const SMS_PROVIDER_REGIONS = ['IN', 'US'] as const;
export type TSmsProviderRegion = (typeof SMS_PROVIDER_REGIONS)[number];
export const SMS_PROVIDERS: Record<TSmsProvider, { label: string; region: TSmsProviderRegion }> = {
  1: { label: 'Provider 1 (India)', region: 'IN' },
  2: { label: 'Provider 2 (India)', region: 'IN' },
  3: { label: 'Provider 3 (India)', region: 'IN' },
  4: { label: 'Provider 4 (USA)', region: 'US' },
  5: { label: 'Provider 5 (USA)', region: 'US' },
};

/** SPEC §3.10 SMS message types (first list: the type a template is registered under). */
export const SMS_MESSAGE_TYPES = [
  'PROMOTIONAL',
  'TRANSACTIONAL',
  'OPT_IN',
  'OTP_TRANSACTIONAL',
  'PROVIDER_PROMOTIONAL',
] as const;
export type TSmsMessageType = (typeof SMS_MESSAGE_TYPES)[number];
export const SMS_MESSAGE_TYPE_LABELS: Record<TSmsMessageType, string> = {
  PROMOTIONAL: 'Promotional',
  TRANSACTIONAL: 'Transactional',
  OPT_IN: 'Opt-in',
  OTP_TRANSACTIONAL: 'OTP Transactional',
  PROVIDER_PROMOTIONAL: 'Provider Promotional',
};

/** SPEC §3.10 Template categories. */
export const TEMPLATE_CATEGORIES = ['DEFAULT', 'OTP', 'MARKETING', 'TRANSACTIONAL'] as const;
export type TTemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_CATEGORY_LABELS: Record<TTemplateCategory, string> = {
  DEFAULT: 'Default',
  OTP: 'OTP',
  MARKETING: 'Marketing',
  TRANSACTIONAL: 'Transactional',
};

/** SPEC §3.10 second SMS-type list (numbered; 4 and 5 are unused in the spec). */
const smsTypeEnum = /*#__PURE__*/ defineEnum({
  Transactional: [1, 'Transactional'],
  Promotional: [2, 'Promotional'],
  International: [3, 'International'],
  Otp: [6, 'OTP'],
  Other: [7, 'Other'],
});
export const SmsType = smsTypeEnum.values;
export type TSmsType = TEnumValue<typeof smsTypeEnum>;
export const SMS_TYPE_LABELS = smsTypeEnum.labels;

/** SPEC §3.10 SMS modes. */
export const SMS_MODES = ['normal', 'flash'] as const;
export type TSmsMode = (typeof SMS_MODES)[number];
