import { AppError } from '../../platform/errors.ts';

export const programmeErrors = {
  notFound: (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found`),
  roomClash: (title: string) => new AppError(409, 'PROGRAMME_ROOM_CLASH', `The room is already taken at that time by the session "${title}"`),
  roomInUse: (title: string) => new AppError(409, 'PROGRAMME_ROOM_IN_USE', `The session "${title}" is still in this room: move it to another room first`),
  trackInUse: (title: string) => new AppError(409, 'PROGRAMME_TRACK_IN_USE', `The session "${title}" still has this track: give it another track first`),
  deletionPublished: (version: number) => new AppError(409, 'PROGRAMME_SESSION_DELETION_PUBLISHED', `This session's deletion was published in version ${version}: it can no longer be undone`),
  restoreBlocked: (what: 'room' | 'track', name: string) =>
    new AppError(409, 'PROGRAMME_RESTORE_BLOCKED', `The session's ${what} "${name}" is deleted in the draft: undo that deletion first, or give the session another ${what} after restoring it`),
  speakerClash: (speaker: string, title: string) => new AppError(409, 'PROGRAMME_SPEAKER_CLASH', `${speaker} already speaks at that time in the session "${title}"`),
  notParticipant: () => new AppError(403, 'PROGRAMME_NOT_PARTICIPANT', 'Sign in to this event as its participant to book sessions'),
  bookingNotNeeded: () => new AppError(409, 'PROGRAMME_BOOKING_NOT_NEEDED', 'This session needs no booking: just come along'),
  ticketRestricted: (ticketNames: string[]) =>
    new AppError(403, 'PROGRAMME_TICKET_RESTRICTED', `This session is for ${ticketNames.length ? ticketNames.join(', ') : 'other ticket'} holders only: your ticket does not include it`),
  notBooked: () => new AppError(404, 'PROGRAMME_NOT_BOOKED', 'You have no booking for this session'),
  requestDecided: (status: string) => new AppError(409, 'PROGRAMME_REQUEST_DECIDED', `This request was already ${status}`),
  nothingToPublish: () => new AppError(409, 'PROGRAMME_NOTHING_TO_PUBLISH', 'Nothing to publish: no session was moved or deleted since the last version'),
  requestDuplicate: () => new AppError(409, 'PROGRAMME_REQUEST_DUPLICATE', 'You already asked to speak on this session; the organiser has not decided yet'),
  notSpeaker: () => new AppError(404, 'PROGRAMME_NOT_SPEAKER', 'You are not a speaker of this event'),
  speakerTeamAccount: () => new AppError(409, 'PROGRAMME_SPEAKER_TEAM_ACCOUNT', "This email belongs to an organiser's team account: give the speaker their own email"),
  speakerAccountTaken: (email: string) => new AppError(409, 'PROGRAMME_SPEAKER_ACCOUNT_TAKEN', `Another speaker of this event is already linked to ${email}`),
};
