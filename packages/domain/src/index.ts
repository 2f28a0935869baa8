// Common
export * from './common/envelope.ts';
export * from './common/route-contract.ts';
export * from './common/define-enum.ts';
export * from './common/pagination.ts';
export * from './common/domain-error.ts';
export * from './common/time-ago.ts';
export * from './common/random-code.ts';
export * from './common/ordinal.ts';
export * from './common/calendar-date.ts';
export * from './common/base64.ts';
// Constants (SPEC §9)
export * from './constants/session.ts';
export * from './constants/limits.ts';
// Validation (SPEC §5)
export * from './validation/error-keys.ts';
export * from './validation/messages.ts';
export * from './validation/email.ts';
export * from './validation/password.ts';
export * from './validation/password-confirm.ts';
export * from './validation/common-passwords.ts';
export * from './validation/dangerous-content.ts';
export * from './validation/text.ts';
export * from './validation/time-zone.ts';
export * from './validation/date-range.ts';
export * from './validation/time-range.ts';
export * from './validation/list-pattern.ts';
export * from './validation/rich-text.ts';
export * from './validation/phone.ts';
export * from './validation/file-types.ts';
export * from './validation/magic-bytes.ts';
// Reference data (SPEC §3.2, §3.3)
export * from './reference/country.ts';
export * from './reference/countries.ts';
export * from './reference/time-zone.ts';
export * from './reference/time-zones.ts';
// Access (SPEC §2.7, §3.1, §3.4, §3.10)
export * from './access/user-types.ts';
export * from './access/access-level.ts';
export * from './access/access-areas.ts';
export * from './access/access-codes.ts';
// Status machines (SPEC §4)
export * from './status/status-machine.ts';
export * from './status/status-machines.ts';
export * from './marketing/social-post-stage.ts';
export * from './meetings/meeting-status.ts';
export * from './messaging/delivery-status.ts';
// Enumerations (SPEC §3.10, §9)
export * from './media/media.enums.ts';
export * from './advertising/advertising.enums.ts';
export * from './marketing/marketing.enums.ts';
export * from './meetings/meetings.enums.ts';
export * from './meetings/matchmaking.ts';
export * from './meetings/meeting-actions.ts';
export * from './meetings/meetings.schemas.ts';
export * from './stay-travel/stay-travel.enums.ts';
export * from './chat/chat.enums.ts';
export * from './feed/feed.enums.ts';
export * from './registration/registration.enums.ts';
export * from './venues/venues.enums.ts';
export * from './notifications/notification-templates.ts';
export * from './notifications/mail-outbox.schemas.ts';
export * from './analytics/analytics.enums.ts';
// Catalogues (SPEC §2.4, §2.5, §3.5–§3.9)
export * from './navigation/app-tabs.ts';
export * from './navigation/portal-menu.ts';
export * from './navigation/menu-item.ts';
export * from './venue/venue.schemas.ts';
export * from './venue/venue-access.ts';
export * from './venue/venue-media.ts';
export * from './programme/programme.schemas.ts';
export * from './programme/programme-time.ts';
export * from './navigation/capabilities.ts';
export * from './portal/portal.schemas.ts';
export * from './exhibition/exhibition-forms.ts';
export * from './exhibition/exhibition.schemas.ts';
export * from './exhibition/company-import.ts';
export * from './content/share-options.ts';
export * from './content/certificate.ts';
export * from './content/email-wrapper.ts';
export * from './content/html-escape.ts';
export * from './chat/chat.schemas.ts';
export * from './leads/leads.schemas.ts';
export * from './leads/inquiry-status.ts';
// API schemas
export * from './events/events.enums.ts';
export * from './events/events.schemas.ts';
export * from './auth/auth.schemas.ts';
export * from './analytics/page-view.schemas.ts';
export * from './workspace/workspace.schemas.ts';
export * from './analytics/time-range.ts';
export * from './registration/registration.schemas.ts';
export * from './registration/payments.schemas.ts';
export * from './registration/counts.schemas.ts';
export * from './analytics/overview.schemas.ts';
// Credentials and check-in (issue #5)
export * from './checkin/credential.ts';
export * from './checkin/checkin.enums.ts';
export * from './checkin/credential.schemas.ts';
export * from './checkin/checkin.schemas.ts';
// E-badges and certificates (issue #5)
export * from './ebadge/ebadge.schemas.ts';
export * from './ebadge/share-links.ts';
// Share links and the attendee's profile (issue 14)
export * from './share/pair.ts';
export * from './share/share.schemas.ts';
export * from './profile/profile.schemas.ts';
export * from './certificates/attendance-rule.ts';
export * from './certificates/certificates.schemas.ts';
export * from './certificates/my-certificates.schemas.ts';
// Badge design and printing (issue #5)
export * from './badges/badges.enums.ts';
export * from './badges/badges.schemas.ts';
export * from './badges/badge-layout.ts';
export * from './chat/chat.socket.ts';
