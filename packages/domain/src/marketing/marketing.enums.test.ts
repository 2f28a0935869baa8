import { describe, it, expect } from 'vitest';
import {
  CAMPAIGN_KIND_LABELS,
  SMS_MESSAGE_TYPE_LABELS,
  SMS_MODES,
  SMS_PROVIDERS,
  SMS_TYPE_LABELS,
  SmsType,
  TEMPLATE_CATEGORY_LABELS,
} from './marketing.enums.ts';
import { AD_METRIC_LABELS, AD_PLACEMENT_LABELS } from '../advertising/advertising.enums.ts';

describe('SPEC §3.10 marketing enumerations', () => {
  it('campaign kinds', () => {
    expect(CAMPAIGN_KIND_LABELS).toEqual({ 1: 'Announcement', 2: 'Meeting', 3: 'Social Media Marketing', 4: 'Whatsapp Campaign', 5: 'SMS Campaign', 6: 'Email Campaign' });
  });
  it('SMS providers 1–5, each for India or the USA', () => {
    expect(Object.keys(SMS_PROVIDERS).map(Number)).toEqual([1, 2, 3, 4, 5]);
    for (const p of Object.values(SMS_PROVIDERS)) expect(['IN', 'US']).toContain(p.region);
  });
  it('both SMS-type lists, template categories and modes', () => {
    expect(Object.values(SMS_MESSAGE_TYPE_LABELS)).toEqual(['Promotional', 'Transactional', 'Opt-in', 'OTP Transactional', 'Provider Promotional']);
    expect(SMS_TYPE_LABELS).toEqual({ 1: 'Transactional', 2: 'Promotional', 3: 'International', 6: 'OTP', 7: 'Other' });
    expect(SmsType.Otp).toBe(6);
    expect(Object.values(TEMPLATE_CATEGORY_LABELS)).toEqual(['Default', 'OTP', 'Marketing', 'Transactional']);
    expect(SMS_MODES).toEqual(['normal', 'flash']);
  });
  it('ad placements and metrics', () => {
    expect(AD_PLACEMENT_LABELS).toEqual({ 1: 'Event Feed', 2: 'Exhibitor', 3: 'Networking Lounge', 4: 'Leader board', 5: 'Home Page', 8: 'Registration Links', 9: 'Speaker', 10: 'Sponsor', 11: 'Event Schedule' });
    expect(AD_METRIC_LABELS).toEqual({ 1: 'Click', 2: 'Impression' });
  });
});
