import { describe, expect, it } from 'vitest';
import { allowedMeetingActions, allowedProposalAnswers, applyMeetingAction, applyProposalAnswer, canReschedule, stateAfterNewTime } from './meeting-actions.ts';
import { MEETING_RESPONSE_STATUS_COLOURS, MEETING_STATUS_COLOURS, MEETING_STATUS_LABELS, MEETING_RESPONSE_STATUS_LABELS } from './meeting-status.ts';

const pending = { status: 0, responseStatus: 0 } as const;

describe('meeting actions over both SPEC §4 labellings', () => {
  it('moves a request through accept and complete', () => {
    const accepted = applyMeetingAction(pending, 'accept', 'invitee');
    expect(accepted).toEqual({ ok: true, next: { status: 1, responseStatus: 1 } });
    const done = applyMeetingAction({ status: 1, responseStatus: 1 }, 'complete', 'requester');
    expect(done).toEqual({ ok: true, next: { status: 3, responseStatus: 1 } });
  });

  it('keeps a tentative answer pending, and lets the invitee accept or decline later', () => {
    const maybe = applyMeetingAction(pending, 'tentative', 'invitee');
    expect(maybe).toEqual({ ok: true, next: { status: 0, responseStatus: 3 } });
    expect(allowedMeetingActions({ status: 0, responseStatus: 3 }, 'invitee')).toEqual(['accept', 'decline', 'cancel']);
    expect(applyMeetingAction({ status: 0, responseStatus: 3 }, 'accept', 'invitee')).toMatchObject({ ok: true, next: { status: 1, responseStatus: 1 } });
  });

  it('refuses what a role may not do and names what it may', () => {
    expect(applyMeetingAction(pending, 'accept', 'requester')).toEqual({ ok: false, allowed: ['cancel'] });
    expect(applyMeetingAction(pending, 'complete', 'invitee')).toEqual({ ok: false, allowed: ['accept', 'decline', 'tentative', 'cancel'] });
    expect(applyMeetingAction(pending, 'tentative', 'organiser')).toEqual({ ok: false, allowed: ['accept', 'decline', 'cancel'] });
  });

  it('treats rejected, completed and cancelled as final', () => {
    for (const status of [2, 3, 4] as const) {
      for (const role of ['requester', 'invitee', 'organiser'] as const) expect(allowedMeetingActions({ status, responseStatus: status === 3 ? 1 : status }, role)).toEqual([]);
    }
    expect(applyMeetingAction({ status: 4, responseStatus: 4 }, 'accept', 'invitee')).toEqual({ ok: false, allowed: [] });
  });

  it('lets an organiser-scheduled meeting be cancelled or completed, not declined or re-accepted', () => {
    const scheduled = { status: 1, responseStatus: 5 } as const;
    expect(allowedMeetingActions(scheduled, 'invitee')).toEqual(['cancel', 'complete']);
    expect(applyMeetingAction(scheduled, 'cancel', 'organiser')).toEqual({ ok: true, next: { status: 4, responseStatus: 4 } });
  });

  it('keeps the spec labels and colours', () => {
    expect(MEETING_STATUS_LABELS).toMatchObject({ 0: 'Pending', 1: 'Approved', 2: 'Rejected', 3: 'Completed', 4: 'Cancelled' });
    expect(MEETING_RESPONSE_STATUS_LABELS).toMatchObject({ 3: 'Maybe/Tentative', 5: 'Scheduled' });
    expect(MEETING_STATUS_COLOURS).toEqual({ 0: 'amber', 1: 'blue', 2: 'red', 3: 'green', 4: 'grey' });
    expect(MEETING_RESPONSE_STATUS_COLOURS[3]).toBe('amber');
  });
});

describe('rescheduling: a proposal of a new time', () => {
  it('is possible on pending and approved meetings only', () => {
    expect(canReschedule({ status: 0, responseStatus: 3 })).toBe(true);
    expect(canReschedule({ status: 1, responseStatus: 5 })).toBe(true);
    for (const status of [2, 3, 4] as const) expect(canReschedule({ status, responseStatus: 4 })).toBe(false);
  });

  it('is answered by the other side and withdrawn by the proposer, once', () => {
    expect(allowedProposalAnswers(0, 'other')).toEqual(['accept', 'decline']);
    expect(allowedProposalAnswers(0, 'proposer')).toEqual(['withdraw']);
    expect(applyProposalAnswer(0, 'accept', 'other')).toEqual({ ok: true, next: 1 });
    expect(applyProposalAnswer(0, 'decline', 'other')).toEqual({ ok: true, next: 2 });
    expect(applyProposalAnswer(0, 'withdraw', 'proposer')).toEqual({ ok: true, next: 4 });
    expect(applyProposalAnswer(0, 'accept', 'proposer')).toEqual({ ok: false, allowed: ['withdraw'] });
    for (const decided of [1, 2, 4] as const) expect(applyProposalAnswer(decided, 'decline', 'other')).toEqual({ ok: false, allowed: [] });
  });

  it('makes a pending meeting approved once its new time is accepted, and keeps an approved or scheduled one', () => {
    expect(stateAfterNewTime({ status: 0, responseStatus: 3 })).toEqual({ status: 1, responseStatus: 1 });
    expect(stateAfterNewTime({ status: 1, responseStatus: 5 })).toEqual({ status: 1, responseStatus: 5 });
  });
});
