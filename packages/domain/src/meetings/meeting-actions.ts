import { MEETING_RESPONSE_STATUS_MACHINE, MEETING_STATUS_MACHINE, type TMeetingResponseStatus, type TMeetingStatus } from './meeting-status.ts';

/**
 * What people do to a meeting (issue 18) and what each does to its two SPEC §4 labellings: `status` (0 Pending,
 * 1 Approved, 2 Rejected, 3 Completed, 4 Cancelled) and the invitee's `responseStatus` (0 Pending, 1 Approved,
 * 2 Rejected, 3 Maybe/Tentative, 4 Cancelled, 5 Scheduled). Both moves must be allowed by their machine
 * (meeting-status.ts); a meeting the organiser schedules starts Approved/Scheduled.
 *
 * - accept (the invitee or the organiser): Pending → Approved; response → Approved
 * - decline (the invitee or the organiser): Pending → Rejected; response → Rejected
 * - tentative (the invitee): stays Pending; response → Maybe/Tentative
 * - cancel (either side or the organiser): Pending or Approved → Cancelled; response → Cancelled
 * - complete (either side or the organiser): Approved → Completed; response unchanged
 */
export const MEETING_ACTIONS = ['accept', 'decline', 'tentative', 'cancel', 'complete'] as const;
export type TMeetingAction = (typeof MEETING_ACTIONS)[number];
export type TMeetingRole = 'requester' | 'invitee' | 'organiser';
export type TMeetingState = { status: TMeetingStatus; responseStatus: TMeetingResponseStatus };

const WHO: Record<TMeetingAction, readonly TMeetingRole[]> = {
  accept: ['invitee', 'organiser'],
  decline: ['invitee', 'organiser'],
  tentative: ['invitee'],
  cancel: ['requester', 'invitee', 'organiser'],
  complete: ['requester', 'invitee', 'organiser'],
};

/** The state an action leads to, or null when either labelling's machine refuses it. */
function target(from: TMeetingState, action: TMeetingAction): TMeetingState | null {
  const next: TMeetingState = (() => {
    switch (action) {
      case 'accept':
        return { status: 1, responseStatus: 1 };
      case 'decline':
        return { status: 2, responseStatus: 2 };
      case 'tentative':
        return { status: from.status, responseStatus: 3 };
      case 'cancel':
        return { status: 4, responseStatus: 4 };
      case 'complete':
        return { status: 3, responseStatus: from.responseStatus };
    }
  })();
  // Tentative keeps the first labelling (only while Pending); every other action must move it.
  const statusOk = action === 'tentative' ? from.status === 0 : MEETING_STATUS_MACHINE.canTransition(from.status, next.status);
  const responseOk = next.responseStatus === from.responseStatus ? action === 'complete' : MEETING_RESPONSE_STATUS_MACHINE.canTransition(from.responseStatus, next.responseStatus);
  return statusOk && responseOk ? next : null;
}

/** The actions `role` may take on a meeting in `state`, in MEETING_ACTIONS order. */
export function allowedMeetingActions(state: TMeetingState, role: TMeetingRole): TMeetingAction[] {
  return MEETING_ACTIONS.filter((a) => WHO[a].includes(role) && target(state, a) !== null);
}

export type TMeetingTransition = { ok: true; next: TMeetingState } | { ok: false; allowed: TMeetingAction[] };

/** Applies `action` by `role`, or says which actions are allowed instead (the server's 409 names them). */
export function applyMeetingAction(state: TMeetingState, action: TMeetingAction, role: TMeetingRole): TMeetingTransition {
  const next = WHO[action].includes(role) ? target(state, action) : null;
  return next ? { ok: true, next } : { ok: false, allowed: allowedMeetingActions(state, role) };
}

/**
 * Rescheduling (a new time for a meeting). Either side of a pending or approved meeting proposes another slot of the
 * meeting hours; the proposal is a request of its own, labelled with SPEC §4's first labelling (0 Pending, 1 Approved
 * = accepted, 2 Rejected = declined, 4 Cancelled = withdrawn, or closed because the meeting ended). It holds the new
 * slot (both people, the lounge table or booth) while pending; the meeting keeps its slot and status until the other
 * side accepts, and keeps both when they decline. One pending proposal per meeting. The organiser, acting for both
 * sides, moves a meeting at once (a proposal accepted as it is made).
 *
 * - accept (the other side): the meeting moves to the new slot; a pending meeting becomes Approved (both sides agreed
 *   on a time), an approved or scheduled one keeps its labels
 * - decline (the other side): the meeting keeps its slot and status
 * - withdraw (the proposer): as decline, without an answer
 */
export const PROPOSAL_ANSWERS = ['accept', 'decline', 'withdraw'] as const;
export type TProposalAnswer = (typeof PROPOSAL_ANSWERS)[number];
export type TProposalRole = 'proposer' | 'other';
const PROPOSAL_TARGET: Record<TProposalAnswer, TMeetingStatus> = { accept: 1, decline: 2, withdraw: 4 };

/** Whether a meeting in `state` may get a new time (pending or approved: it still holds its slot). */
export function canReschedule(state: TMeetingState): boolean {
  return state.status === 0 || state.status === 1;
}

/** What `role` may answer to a proposal in `status` (nothing once it is decided). */
export function allowedProposalAnswers(status: TMeetingStatus, role: TProposalRole): TProposalAnswer[] {
  return PROPOSAL_ANSWERS.filter((a) => (role === 'proposer' ? a === 'withdraw' : a !== 'withdraw') && MEETING_STATUS_MACHINE.canTransition(status, PROPOSAL_TARGET[a]));
}

export type TProposalTransition = { ok: true; next: TMeetingStatus } | { ok: false; allowed: TProposalAnswer[] };
/** Applies an answer to a proposal, or says which answers are allowed instead (the server's 409 names them). */
export function applyProposalAnswer(status: TMeetingStatus, answer: TProposalAnswer, role: TProposalRole): TProposalTransition {
  const allowed = allowedProposalAnswers(status, role);
  return allowed.includes(answer) ? { ok: true, next: PROPOSAL_TARGET[answer] } : { ok: false, allowed };
}

/** The meeting's labels once its new time is accepted: a pending meeting is agreed by both sides (Approved); an approved one keeps its labels. */
export function stateAfterNewTime(state: TMeetingState): TMeetingState {
  return state.status === 1 ? state : { status: 1, responseStatus: 1 };
}
