import type { TDirectoryQuery, TMatchProfileInput, TMeetingListQuery, TMeetingProposalInput, TMeetingRequest, TMeetingSchedule, TMeetingSettingsInput } from '@pavilion/domain/meetings/meetings.schemas';
import type { TMeetingAction, TProposalAnswer } from '@pavilion/domain/meetings/meeting-actions';
import { api } from '../../../app/api-client.ts';

const EV = '/api/eventservices/events/:eventId';

/** The one query-key factory of the meetings module. */
export const meetingsKeys = {
  all: (eventId: string) => ['meetings', eventId] as const,
  directory: (eventId: string, q: Partial<TDirectoryQuery>) => ['meetings', eventId, 'directory', q] as const,
  matchProfile: (eventId: string) => ['meetings', eventId, 'match-profile'] as const,
  matches: (eventId: string) => ['meetings', eventId, 'matches'] as const,
  slots: (eventId: string, other: string) => ['meetings', eventId, 'slots', other] as const,
  mine: (eventId: string) => ['meetings', eventId, 'mine'] as const,
  settings: (eventId: string) => ['meetings', eventId, 'settings'] as const,
  list: (eventId: string, q: Partial<TMeetingListQuery>) => ['meetings', eventId, 'list', q] as const,
  participants: (eventId: string, q: string) => ['meetings', eventId, 'participants', q] as const,
};

/** Participant side (the client sends the event access token of ei/{eventId}). */
export const meetingsApi = {
  directory: (eventId: string, query: Partial<TDirectoryQuery>, signal?: AbortSignal) => api.call(`GET ${EV}/networking/directory`, { params: { eventId }, query: query as TDirectoryQuery, signal }),
  matchProfile: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/matchmaking/me`, { params: { eventId }, signal }),
  saveMatchProfile: (eventId: string, body: TMatchProfileInput) => api.call(`PUT ${EV}/matchmaking/me`, { params: { eventId }, body }),
  matches: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/matchmaking/matches`, { params: { eventId }, signal }),
  slots: (eventId: string, other: string, signal?: AbortSignal) => api.call(`GET ${EV}/meetings/slots`, { params: { eventId }, query: { with: other }, signal }),
  mine: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/meetings/mine`, { params: { eventId }, signal }),
  request: (eventId: string, body: TMeetingRequest) => api.call(`POST ${EV}/meetings/requests`, { params: { eventId }, body }),
  act: (eventId: string, meetingId: string, action: TMeetingAction) => api.call(`POST ${EV}/meetings/mine/:meetingId/status`, { params: { eventId, meetingId }, body: { action } }),
  /** Rescheduling: propose a new time for my meeting; answer (accept, decline) the other side's, or withdraw mine. */
  propose: (eventId: string, meetingId: string, body: TMeetingProposalInput) => api.call(`POST ${EV}/meetings/mine/:meetingId/proposals`, { params: { eventId, meetingId }, body }),
  answerProposal: (eventId: string, meetingId: string, proposalId: string, answer: TProposalAnswer) =>
    api.call(`POST ${EV}/meetings/mine/:meetingId/proposals/:proposalId/answer`, { params: { eventId, meetingId, proposalId }, body: { answer } }),
  icsUrl: (eventId: string) => api.url(`GET ${EV}/meetings/mine/calendar.ics`, { params: { eventId } }),
};

/** Organiser side: Meeting Slots AP-447/448, Meetings AP-437/438/439. */
export const meetingsOrgApi = {
  settings: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/meetings/settings`, { params: { eventId }, signal }),
  saveSettings: (eventId: string, body: TMeetingSettingsInput) => api.call(`PUT ${EV}/meetings/settings`, { params: { eventId }, body }),
  list: (eventId: string, query: Partial<TMeetingListQuery>, signal?: AbortSignal) => api.call(`GET ${EV}/meetings`, { params: { eventId }, query: query as TMeetingListQuery, signal }),
  participants: (eventId: string, q: string, signal?: AbortSignal) => api.call(`GET ${EV}/meetings/participants`, { params: { eventId }, query: q.trim() ? { q: q.trim() } : {}, signal }),
  schedule: (eventId: string, body: TMeetingSchedule) => api.call(`POST ${EV}/meetings`, { params: { eventId }, body }),
  act: (eventId: string, meetingId: string, action: TMeetingAction) => api.call(`POST ${EV}/meetings/:meetingId/status`, { params: { eventId, meetingId }, body: { action } }),
  /** Moves a meeting for both sides at once (AP-439). */
  move: (eventId: string, meetingId: string, body: TMeetingProposalInput) => api.call(`PUT ${EV}/meetings/:meetingId/slot`, { params: { eventId, meetingId }, body }),
};
