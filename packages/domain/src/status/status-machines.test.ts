import { describe, it, expect } from 'vitest';
import { DomainError } from '../common/domain-error.ts';
import { defineStatusMachine, INVALID_STATUS_TRANSITION, restrictStatusMachine } from './status-machine.ts';
import { assertTransition, canTransition, STATUS_MACHINES } from './status-machines.ts';
import { canTransitionSocialPostStage, SOCIAL_POST_STAGE_LABELS, SocialPostStage } from '../marketing/social-post-stage.ts';
import {
  assertMeetingStatusTransition,
  canTransitionMeetingResponseStatus,
  canTransitionMeetingStatus,
  MEETING_RESPONSE_STATUS_COLOURS,
  MEETING_RESPONSE_STATUS_LABELS,
  MEETING_STATUS_COLOURS,
  MEETING_STATUS_LABELS,
  MeetingStatus,
} from '../meetings/meeting-status.ts';
import {
  canTransitionDeliveryStatus,
  DELIVERY_STATUS_LABELS,
  EMAIL_DELIVERY_STATUS_MACHINE,
  EMAIL_DELIVERY_STATUSES,
  SMS_DELIVERY_STATUS_MACHINE,
  SMS_DELIVERY_STATUSES,
} from '../messaging/delivery-status.ts';

describe('SPEC §4 labels and colours', () => {
  it('numbers every status as the spec does', () => {
    expect(SOCIAL_POST_STAGE_LABELS).toEqual({ 1: 'Draft', 2: 'Scheduled', 3: 'Initiated', 4: 'Published', 5: 'Failed' });
    expect(MEETING_STATUS_LABELS).toEqual({ 0: 'Pending', 1: 'Approved', 2: 'Rejected', 3: 'Completed', 4: 'Cancelled' });
    expect(MEETING_RESPONSE_STATUS_LABELS).toEqual({ 0: 'Pending', 1: 'Approved', 2: 'Rejected', 3: 'Maybe/Tentative', 4: 'Cancelled', 5: 'Scheduled' });
    expect(MEETING_STATUS_COLOURS).toEqual({ 0: 'amber', 1: 'blue', 2: 'red', 3: 'green', 4: 'grey' });
    expect(Object.keys(MEETING_RESPONSE_STATUS_COLOURS)).toHaveLength(6);
    expect(DELIVERY_STATUS_LABELS).toEqual({ 1: 'Initiated', 2: 'Sent', 3: 'Delivered', 4: 'Failed', 5: 'Read', 6: 'Unknown' });
    expect(EMAIL_DELIVERY_STATUSES).toEqual([1, 2, 4, 5]);
    expect(SMS_DELIVERY_STATUSES).toEqual([1, 2, 4]);
  });
});

describe('transitions', () => {
  it.each([
    ['socialPostStage', 1, 2, true],
    ['socialPostStage', 2, 1, true],
    ['socialPostStage', 3, 4, true],
    ['socialPostStage', 4, 1, false], // published is final
    ['socialPostStage', 1, 4, false], // only the publisher publishes
    ['socialPostStage', 5, 3, true], // retry
    ['meetingStatus', 0, 1, true],
    ['meetingStatus', 1, 3, true],
    ['meetingStatus', 4, 1, false], // a cancelled meeting cannot be approved
    ['meetingStatus', 2, 1, false],
    ['meetingStatus', 3, 4, false],
    ['meetingStatus', 0, 3, false], // cannot complete what was never approved
    ['meetingResponseStatus', 0, 3, true],
    ['meetingResponseStatus', 3, 1, true],
    ['meetingResponseStatus', 5, 4, true],
    ['meetingResponseStatus', 5, 0, false],
    ['meetingResponseStatus', 4, 1, false],
    ['deliveryStatus', 1, 2, true],
    ['deliveryStatus', 2, 3, true],
    ['deliveryStatus', 3, 5, true],
    ['deliveryStatus', 3, 2, false], // a delivered message cannot go back to sent
    ['deliveryStatus', 5, 3, false],
    ['deliveryStatus', 4, 2, false],
    ['deliveryStatus', 6, 3, true],
    ['emailDeliveryStatus', 2, 5, true],
    ['emailDeliveryStatus', 2, 3, false], // Delivered is not an email status
    ['smsDeliveryStatus', 2, 4, true],
    ['smsDeliveryStatus', 2, 5, false],
  ] as const)('%s %i → %i is %s', (machine, from, to, allowed) => {
    expect(canTransition(machine, from, to)).toBe(allowed);
    if (allowed) expect(() => assertTransition(machine, from, to)).not.toThrow();
    else expect(() => assertTransition(machine, from, to)).toThrowError(DomainError);
  });

  it('never allows a no-op or an unknown status', () => {
    for (const machine of Object.values(STATUS_MACHINES)) {
      for (const s of machine.statuses) expect(machine.canTransition(s, s)).toBe(false);
      expect(machine.canTransition(99, machine.statuses[0]!)).toBe(false);
      expect(machine.canTransition(machine.statuses[0]!, 99)).toBe(false);
    }
  });

  it('throws a coded, detailed error', () => {
    try {
      assertMeetingStatusTransition(MeetingStatus.Cancelled, MeetingStatus.Approved);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe(INVALID_STATUS_TRANSITION);
      expect((error as DomainError).details).toEqual({ machine: 'MeetingStatus', from: 4, to: 1 });
    }
  });

  it('exposes per-machine helpers and terminal states', () => {
    expect(canTransitionSocialPostStage(SocialPostStage.Draft, SocialPostStage.Scheduled)).toBe(true);
    expect(canTransitionMeetingStatus(0, 2)).toBe(true);
    expect(canTransitionMeetingResponseStatus(2, 0)).toBe(false);
    expect(canTransitionDeliveryStatus(2, 3)).toBe(true);
    expect(STATUS_MACHINES.meetingStatus.isTerminal(4)).toBe(true);
    expect(STATUS_MACHINES.meetingStatus.nextStatuses(0)).toEqual([1, 2, 4]);
    expect(EMAIL_DELIVERY_STATUS_MACHINE.nextStatuses(1)).toEqual([2, 4, 5]);
    expect(SMS_DELIVERY_STATUS_MACHINE.isTerminal(4)).toBe(true);
  });

  it('refuses malformed tables', () => {
    expect(() => defineStatusMachine('Bad', { 1: [2] } as unknown as Record<1, readonly 1[]>)).toThrow(/unknown status/);
    expect(() => defineStatusMachine('Loop', { 1: [1] })).toThrow(/no-op/);
    const sub = restrictStatusMachine(defineStatusMachine('Full', { 1: [2, 3], 2: [3], 3: [] }), 'Sub', [1, 3]);
    expect(sub.transitions).toEqual({ 1: [3], 3: [] });
  });
});
