import { DANGEROUS_REQUEST_CODE, DANGEROUS_REQUEST_MESSAGE } from '@pavilion/domain';
import { AppError } from '../../platform/errors.ts';

export const chatErrors = {
  /** No event access token of this event: not a signed-in participant. */
  notParticipant: () => new AppError(403, 'CHAT_NOT_PARTICIPANT', 'Sign in to the event to chat'),
  /** Unknown, another event's, or a room the caller is not a member of: one answer, so ids cannot be probed. */
  roomNotFound: () => new AppError(404, 'CHAT_ROOM_NOT_FOUND', 'No such conversation'),
  forgedSender: () => new AppError(403, 'FORGED_SENDER', 'A message can only be sent as yourself'),
  /** The other member is not a participant of this event (or is the sender). */
  badMember: () => new AppError(400, 'CHAT_BAD_MEMBER', 'That person is not a participant of this event'),
  replyNotFound: () => new AppError(400, 'CHAT_REPLY_NOT_FOUND', 'The message replied to is not in this conversation'),
  messageNotFound: () => new AppError(404, 'CHAT_MESSAGE_NOT_FOUND', 'No such message in this conversation'),
  dangerous: () => new AppError(400, DANGEROUS_REQUEST_CODE, DANGEROUS_REQUEST_MESSAGE),
  /** Either side has blocked the other: no 1:1 messages between them. */
  blocked: () => new AppError(403, 'CHAT_BLOCKED', 'You cannot message this person: one of you has blocked the other'),
  muted: (until: Date | null) => new AppError(403, 'CHAT_MUTED', until ? `An organiser has muted you in this event's chat until ${until.toISOString().slice(11, 16)} UTC` : "An organiser has muted you in this event's chat"),
  removed: () => new AppError(403, 'CHAT_REMOVED', "An organiser has removed you from this event's chat"),
  notGroup: () => new AppError(400, 'CHAT_NOT_GROUP', 'That conversation is not a group'),
  groupName: () => new AppError(400, 'CHAT_GROUP_NAME_REQUIRED', 'A new group needs a name'),
  groupFull: (max: number) => new AppError(409, 'CHAT_GROUP_FULL', `A group has at most ${max} members`),
  selfBlock: () => new AppError(400, 'CHAT_BAD_MEMBER', 'You cannot block or report yourself'),
  reportNotFound: () => new AppError(404, 'CHAT_REPORT_NOT_FOUND', 'No such report in this event'),
  rtcForbiddenUser: () => new AppError(403, 'RTC_FORBIDDEN_USER', 'A video token can only be made for yourself'),
};
