import { DANGEROUS_REQUEST_CODE, DANGEROUS_REQUEST_MESSAGE } from '@pavilion/domain';
import { AppError } from '../../platform/errors.ts';

export const liveErrors = {
  /** No event access token of this event: not a signed-in participant. */
  notParticipant: () => new AppError(403, 'LIVE_NOT_PARTICIPANT', 'Sign in to the event to join its sessions'),
  /** Unknown, or another event's session: one answer, so ids cannot be probed. */
  sessionNotFound: () => new AppError(404, 'LIVE_SESSION_NOT_FOUND', 'No such session in this event'),
  notModerator: () => new AppError(403, 'LIVE_NOT_MODERATOR', 'Only the session moderator can do that'),
  questionNotFound: () => new AppError(404, 'LIVE_QUESTION_NOT_FOUND', 'No such question in this session'),
  ownQuestion: () => new AppError(400, 'LIVE_OWN_QUESTION', 'You cannot upvote your own question'),
  pollNotFound: () => new AppError(404, 'LIVE_POLL_NOT_FOUND', 'No such poll in this session'),
  pollNotLive: () => new AppError(409, 'LIVE_POLL_NOT_LIVE', 'This poll is not open for votes'),
  pollClosed: () => new AppError(409, 'LIVE_POLL_CLOSED', 'This poll is closed'),
  alreadyVoted: () => new AppError(409, 'LIVE_ALREADY_VOTED', 'You have already voted in this poll'),
  badOption: () => new AppError(400, 'LIVE_BAD_OPTION', 'That is not one of the poll options'),
  dangerous: () => new AppError(400, DANGEROUS_REQUEST_CODE, DANGEROUS_REQUEST_MESSAGE),
};
