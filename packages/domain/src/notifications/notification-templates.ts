/**
 * SPEC §3.10 notification template-type catalogues. Each entry has a numeric code "group.item" (e.g. "3.1") and a
 * name; `key` is the stable identifier code uses. Codes are never renumbered: a new type takes the next free item
 * number in its group (or a new group number).
 */
export type TNotificationTemplateType = {
  readonly code: `${number}.${number}`;
  readonly key: string;
  readonly name: string;
  readonly group: string;
};

const t = (code: `${number}.${number}`, key: string, name: string, group: string): TNotificationTemplateType => ({
  code,
  key,
  name,
  group,
});

/** Messages sent to attendees (and other event users). */
export const ATTENDEE_NOTIFICATION_TEMPLATE_TYPES: readonly TNotificationTemplateType[] = [
  t('1.1', 'REGISTRATION_APPROVED', 'Registration approved', 'Registration'),
  t('1.2', 'REGISTRATION_DISAPPROVED', 'Registration disapproved', 'Registration'),
  t('1.3', 'REGISTRATION_SUSPENDED', 'Registration suspended', 'Registration'),
  t('1.4', 'REGISTRATION_PAYMENT_PENDING', 'Registration payment pending', 'Registration'),
  t('2.1', 'CHECK_IN', 'Check-in', 'Attendance'),
  t('2.2', 'CHECK_OUT', 'Check-out', 'Attendance'),
  t('3.1', 'MEETING_SCHEDULED', 'Meeting scheduled', 'Meetings'),
  t('3.2', 'MEETING_INVITED', 'Meeting invitation', 'Meetings'),
  t('3.3', 'MEETING_REMINDER', 'Meeting reminder', 'Meetings'),
  t('3.4', 'MEETING_ACCEPTED', 'Meeting accepted', 'Meetings'),
  t('3.5', 'MEETING_DECLINED', 'Meeting declined', 'Meetings'),
  t('3.6', 'MEETING_TENTATIVE', 'Meeting tentative', 'Meetings'),
  t('3.7', 'MEETING_CANCELLED', 'Meeting cancelled', 'Meetings'),
  t('4.1', 'HOTEL_ALLOCATED', 'Hotel allocated', 'Stay and travel'),
  t('4.2', 'TRAVEL_ALLOCATED', 'Travel allocated', 'Stay and travel'),
  t('4.3', 'LIAISON_ASSIGNED', 'Liaison assigned', 'Stay and travel'),
  t('5.1', 'SESSION_REQUEST_APPROVED', 'Session request approved', 'Sessions'),
  t('5.2', 'SESSION_REQUEST_DISAPPROVED', 'Session request disapproved', 'Sessions'),
  t('6.1', 'HELP_DESK_TICKET_CREATED', 'Help-desk ticket created', 'Help desk'),
  t('6.2', 'HELP_DESK_TICKET_REPLIED', 'Help-desk ticket replied', 'Help desk'),
  t('6.3', 'HELP_DESK_TICKET_RESOLVED', 'Help-desk ticket resolved', 'Help desk'),
  t('7.1', 'PRODUCT_APPROVED', 'Product approved', 'Products'),
];

/** Messages sent to exhibiting companies and their teams. */
export const COMPANY_TEAM_NOTIFICATION_TEMPLATE_TYPES: readonly TNotificationTemplateType[] = [
  t('1.1', 'COMPANY_ONBOARDED', 'Company onboarded', 'Onboarding'),
  t('1.2', 'TEAM_MEMBER_ONBOARDED', 'Team member onboarded', 'Onboarding'),
  t('1.3', 'COMPANY_REGISTRATION_APPROVED', 'Company registration approved', 'Onboarding'),
  t('1.4', 'COMPANY_REGISTRATION_DISAPPROVED', 'Company registration disapproved', 'Onboarding'),
  t('2.1', 'FACE_UPDATE_REQUESTED', 'Face update requested', 'Face update'),
  t('2.2', 'FACE_UPDATED', 'Face updated', 'Face update'),
  t('2.3', 'FACE_UPDATE_REJECTED', 'Face update rejected', 'Face update'),
  t('3.1', 'MEETING_SCHEDULED', 'Meeting scheduled', 'Meetings'),
  t('3.2', 'MEETING_INVITED', 'Meeting invitation', 'Meetings'),
  t('3.3', 'MEETING_REMINDER', 'Meeting reminder', 'Meetings'),
  t('3.4', 'MEETING_ACCEPTED', 'Meeting accepted', 'Meetings'),
  t('3.5', 'MEETING_DECLINED', 'Meeting declined', 'Meetings'),
  t('3.6', 'MEETING_TENTATIVE', 'Meeting tentative', 'Meetings'),
  t('3.7', 'MEETING_CANCELLED', 'Meeting cancelled', 'Meetings'),
  t('6.1', 'HELP_DESK_TICKET_CREATED', 'Help-desk ticket created', 'Help desk'),
  t('6.2', 'HELP_DESK_TICKET_REPLIED', 'Help-desk ticket replied', 'Help desk'),
  t('6.3', 'HELP_DESK_TICKET_RESOLVED', 'Help-desk ticket resolved', 'Help desk'),
  t('7.1', 'PRODUCT_APPROVED', 'Product approved', 'Products'),
];

export const NOTIFICATION_AUDIENCES = ['attendee', 'companyTeam'] as const;
export type TNotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

export function notificationTemplateTypes(audience: TNotificationAudience): readonly TNotificationTemplateType[] {
  return audience === 'attendee' ? ATTENDEE_NOTIFICATION_TEMPLATE_TYPES : COMPANY_TEAM_NOTIFICATION_TEMPLATE_TYPES;
}

export function findNotificationTemplateType(
  audience: TNotificationAudience,
  code: string,
): TNotificationTemplateType | undefined {
  return notificationTemplateTypes(audience).find((entry) => entry.code === code);
}
