import { describe, it, expect } from 'vitest';
import { MODULE_KIND_LABELS, SOURCE_CHANNEL_LABELS, USER_JOURNEY_EVENT_TYPES } from './registration.enums.ts';
import { UPLOAD_MEDIA_LABELS } from '../media/media.enums.ts';
import { MEETING_MODE_LABELS, MEETING_PLACE_LABELS, MEETING_TYPE_LABELS } from '../meetings/meetings.enums.ts';
import { TRANSPORT_STAFF_LABELS } from '../stay-travel/stay-travel.enums.ts';
import { ONLINE_STATE_LABELS } from '../chat/chat.enums.ts';
import { FEED_MEDIA_TYPE_LABELS, FEED_POST_TYPE_LABELS, INTRODUCTION_TYPE_LABELS, POLL_TYPE_LABELS } from '../feed/feed.enums.ts';
import { VENUE_RELATED_TYPE_LABELS } from '../venues/venues.enums.ts';
import { EVENT_TYPE_LABELS, LOGIN_IDENTIFIER_LABELS, REGISTRATION_IDENTIFIER_LABELS } from '../events/events.enums.ts';

describe('SPEC §3.10 enumerations, numbers and labels', () => {
  it.each([
    ['upload media', UPLOAD_MEDIA_LABELS, { 1: 'Document', 2: 'Video', 3: 'Visiting Card' }],
    ['event type', EVENT_TYPE_LABELS, { 1: 'Entertainment', 2: 'Non-Entertainment' }],
    ['login identifier', LOGIN_IDENTIFIER_LABELS, { 1: 'None', 2: 'Email/Mobile', 3: 'Mobile', 4: 'Email' }],
    ['registration identifier', REGISTRATION_IDENTIFIER_LABELS, { 1: 'Reg. No', 2: 'Reg. No. + Invitation Code' }],
    ['meeting place', MEETING_PLACE_LABELS, { 1: 'Booth', 2: 'Networking Lounge' }],
    ['meeting mode', MEETING_MODE_LABELS, { 1: 'Physical', 2: 'Virtual' }],
    ['meeting type', MEETING_TYPE_LABELS, { 1: 'GENERAL', 2: 'MEETING', 3: 'NETWORKING' }],
    ['transport staff', TRANSPORT_STAFF_LABELS, { 1: 'Liaison', 2: 'Driver' }],
    ['online state', ONLINE_STATE_LABELS, { 1: 'Offline', 2: 'Online' }],
    ['feed post type', FEED_POST_TYPE_LABELS, { 1: 'message', 2: 'media', 3: 'introductions', 4: 'polls' }],
    ['feed media', FEED_MEDIA_TYPE_LABELS, { 1: 'image', 2: 'video' }],
    ['introduction', INTRODUCTION_TYPE_LABELS, { 1: 'looking-for', 2: 'offering' }],
    ['poll', POLL_TYPE_LABELS, { 1: 'single-choice', 2: 'multi-choice' }],
    ['venue-related type', VENUE_RELATED_TYPE_LABELS, { 1: 'venue', 2: 'service', 3: 'event' }],
    ['module kind', MODULE_KIND_LABELS, { 1: 'registration', 2: 'exhibition', 3: 'helpdesk', 4: 'product' }],
    ['source channel', SOURCE_CHANNEL_LABELS, {
      1: 'Registration Links', 2: 'Login Dashboard', 3: 'Login App', 4: 'Login web', 5: 'E-badge',
      6: 'Exhibiting Company', 7: 'Service Provider', 8: 'Attendees App', 9: 'Attendees Web', 10: 'Public Web',
    }],
  ])('%s', (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('user-journey event types', () => {
    expect(USER_JOURNEY_EVENT_TYPES).toEqual(['REG', 'APPRV', 'DISAPPRV', 'SPEND', 'PAY_CAPTURED', 'PAY_FAILED', 'USERDEL', 'UPDATE', 'PBADGE_PRINT']);
  });
});
