import { describe, it, expect } from 'vitest';
import {
  ATTENDEE_NOTIFICATION_TEMPLATE_TYPES,
  COMPANY_TEAM_NOTIFICATION_TEMPLATE_TYPES,
  findNotificationTemplateType,
  notificationTemplateTypes,
} from './notification-templates.ts';

describe('notification template-type catalogues', () => {
  it.each([
    ['attendee', ATTENDEE_NOTIFICATION_TEMPLATE_TYPES],
    ['company/team', COMPANY_TEAM_NOTIFICATION_TEMPLATE_TYPES],
  ])('%s: numeric group.item codes, unique codes and keys', (_, list) => {
    expect(list.length).toBeGreaterThan(10);
    for (const entry of list) expect(entry.code).toMatch(/^\d+\.\d+$/);
    expect(new Set(list.map((e) => e.code)).size).toBe(list.length);
    expect(new Set(list.map((e) => e.key)).size).toBe(list.length);
  });

  it('covers the spec examples', () => {
    const attendeeKeys = ATTENDEE_NOTIFICATION_TEMPLATE_TYPES.map((e) => e.key);
    for (const key of ['REGISTRATION_APPROVED', 'REGISTRATION_DISAPPROVED', 'REGISTRATION_SUSPENDED', 'REGISTRATION_PAYMENT_PENDING', 'CHECK_IN', 'CHECK_OUT', 'MEETING_SCHEDULED', 'MEETING_INVITED', 'MEETING_REMINDER', 'MEETING_ACCEPTED', 'MEETING_DECLINED', 'MEETING_TENTATIVE', 'MEETING_CANCELLED', 'HOTEL_ALLOCATED', 'TRAVEL_ALLOCATED', 'LIAISON_ASSIGNED', 'SESSION_REQUEST_APPROVED', 'SESSION_REQUEST_DISAPPROVED', 'HELP_DESK_TICKET_CREATED', 'PRODUCT_APPROVED']) {
      expect(attendeeKeys).toContain(key);
    }
    const companyKeys = COMPANY_TEAM_NOTIFICATION_TEMPLATE_TYPES.map((e) => e.key);
    for (const key of ['COMPANY_ONBOARDED', 'TEAM_MEMBER_ONBOARDED', 'FACE_UPDATED']) expect(companyKeys).toContain(key);
  });

  it('looks entries up by audience and code', () => {
    expect(findNotificationTemplateType('attendee', '3.1')?.key).toBe('MEETING_SCHEDULED');
    expect(findNotificationTemplateType('companyTeam', '1.1')?.key).toBe('COMPANY_ONBOARDED');
    expect(findNotificationTemplateType('attendee', '9.9')).toBeUndefined();
    expect(notificationTemplateTypes('companyTeam')).toBe(COMPANY_TEAM_NOTIFICATION_TEMPLATE_TYPES);
  });
});
