import type { EventAttributes } from 'ics';
import {
  MEETING_RESPONSE_STATUS_LABELS,
  MEETING_STATUS_LABELS,
  MEETING_TYPE_LABELS,
  allowedMeetingActions,
  allowedProposalAnswers,
  applyMeetingAction,
  applyProposalAnswer,
  canReschedule,
  stateAfterNewTime,
  buildMatchIndex,
  type MatchIndex,
  rankMatches,
  utcToZonedLocal,
  zonedLocalToUtc,
  type TDirectoryPage,
  type TDirectoryQuery,
  type TMatches,
  type TMatchProfile,
  type TMatchProfileInput,
  type TMeeting,
  type TMeetingAction,
  type TMeetingListQuery,
  type TMeetingProposalInput,
  type TProposalAnswer,
  type TMeetingPage,
  type TMeetingRequest,
  type TMeetingResponseStatus,
  type TMeetingRole,
  type TMeetingSchedule,
  type TOrgParticipants,
  type TOrgParticipantsQuery,
  type TMeetingSettings,
  type TMeetingSettingsInput,
  type TMeetingStatus,
  type TMyMeetings,
  type TPublicProfile,
  type TSlots,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { meetingsErrors } from './meetings.errors.ts';
import type { MatchProfileRow, MeetingNotice, MeetingRow, MeetingsRepository, ProposalConflict, ProposalRow, Scope, SettingsRow } from './meetings.repository.ts';
import { slotsOf } from '@pavilion/domain/meetings/meeting-slots';
import { loadIcs } from '../../platform/libraries.ts';

export type MeetingsEvent = { id: string; organisationId: string; name: string; timeZone: string; venue: string };
export type MeetingsCaller = { user: AuthUser | null; eventAccess: EventAccess | null };
export type DirectoryPerson = TPublicProfile & { pair: string; eventUserId: string | null; userType: number | null };
/** What a notice's mail and inbox entry are about (the notice itself will do). */
export type MeetingChange = Pick<MeetingNotice, 'eventId' | 'meetingId' | 'proposalId'> & { kind?: MeetingNotice['kind'] };

export type MeetingsDeps = {
  repo: MeetingsRepository;
  audit: Audit;
  newId: () => string;
  /** 404 unless the organiser's organisation (and item scope) holds the event (events module). */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  findEvent: (eventId: string) => Promise<MeetingsEvent | null>;
  /** The portal's port: throws as the tab's own data route would unless the caller may see the tab. */
  assertTabVisible: (eventId: string, tabName: string, caller: MeetingsCaller) => Promise<unknown>;
  /** Events service: these participations of the event (others' and unknown ids left out). */
  participants: (eventId: string, eventUserIds: string[]) => Promise<{ eventUserId: string; userId: string }[]>;
  /** Events service: the event's participations, oldest first, at most `limit` (the organiser's picker). */
  allParticipants: (eventId: string, limit: number) => Promise<{ eventUserId: string; userId: string; userType: number }[]>;
  /** Auth port: display names. */
  namesOf: (userIds: string[]) => Promise<Map<string, string | null>>;
  /** Profile port's networking directory, each with their participation once they entered the app. */
  directory: (eventId: string) => Promise<DirectoryPerson[]>;
  /**
   * After a committed change: delivers its notice (written in the change's transaction, see index.ts) now, so the
   * mail is in the outbox when the call answers; a failure is left to the outbox job and never fails the caller.
   */
  deliver: (noticeId: string) => Promise<void>;
};

const ACTION_KIND: Record<TMeetingAction, MeetingNotice['kind']> = { accept: 'accepted', decline: 'declined', tentative: 'tentative', cancel: 'cancelled', complete: 'completed' };
const utcArray = (d: Date): [number, number, number, number, number] => [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
/** The organiser's participant picker: how many participations it searches, and how many it answers. */
const PICKER_SCAN_LIMIT = 20_000;
const PICKER_LIMIT = 50;

/** Events whose matching index is kept (the least recently built goes first). */
const MATCH_CACHE_EVENTS = 20;
const matchInput = (r: MatchProfileRow) => ({ id: r.eventUserId, interests: r.interests, lookingFor: r.lookingFor, offering: r.offering });

export function createMeetingsService(deps: MeetingsDeps) {
  const { repo } = deps;

  // The event's matching index (every profile, prepared), built once and reused while the event's profile version is
  // the one it was built at: every write to the profiles, by any process or in SQL, moves the version in its own
  // transaction (migration 0065's triggers), and each call reads it by primary key. The version is read before the
  // profiles, so an index is never older than its version (a write between the two only costs one more build).
  const matchCache = new Map<string, { stamp: string; index: MatchIndex; rows: Map<string, MatchProfileRow> }>();
  /** How many times this process built an event's matching index (tests: an unchanged event is not rebuilt). */
  const matchStats = { builds: 0 };
  async function matchIndexOf(eventId: string) {
    const stamp = await repo.matchStamp(eventId);
    const hit = matchCache.get(eventId);
    if (hit && hit.stamp === stamp) return hit;
    const rows = await repo.matchProfiles(eventId);
    matchStats.builds++;
    const entry = { stamp, index: buildMatchIndex(rows.map(matchInput)), rows: new Map(rows.map((r) => [r.eventUserId, r])) };
    matchCache.delete(eventId);
    if (matchCache.size >= MATCH_CACHE_EVENTS) matchCache.delete(matchCache.keys().next().value!);
    matchCache.set(eventId, entry);
    return entry;
  }

  async function eventOrThrow(eventId: string): Promise<MeetingsEvent> {
    const e = await deps.findEvent(eventId);
    if (!e) throw meetingsErrors.notFound('Event');
    return e;
  }
  async function organiserScope(caller: AuthUser, organisationId: string, eventId: string): Promise<{ scope: Scope; event: MeetingsEvent }> {
    await deps.assertEvent(caller, organisationId, eventId);
    return { scope: { organisationId, eventId }, event: await eventOrThrow(eventId) };
  }
  /** The participant the caller is in this event (their `ei/{eventId}` sign-in), or 403. */
  async function participantOf(caller: MeetingsCaller, eventId: string): Promise<{ eventUserId: string; userId: string; event: MeetingsEvent }> {
    if (!caller.user || !caller.eventAccess || caller.eventAccess.eventId !== eventId) throw meetingsErrors.notParticipant();
    return { eventUserId: caller.eventAccess.eventUserId, userId: caller.user.userId, event: await eventOrThrow(eventId) };
  }
  async function namesOfParticipants(eventId: string, ids: string[]): Promise<Map<string, string>> {
    const ps = await deps.participants(eventId, [...new Set(ids)]);
    const names = await deps.namesOf([...new Set(ps.map((p) => p.userId))]);
    return new Map(ps.map((p) => [p.eventUserId, names.get(p.userId) ?? 'Participant']));
  }
  async function settingsOf(event: MeetingsEvent): Promise<SettingsRow> {
    const s = await repo.settings({ organisationId: event.organisationId, eventId: event.id });
    if (!s || s.days.length === 0) throw meetingsErrors.notOpen();
    return s;
  }
  const stateOf = (m: MeetingRow) => ({ status: m.status as TMeetingStatus, responseStatus: m.responseStatus as TMeetingResponseStatus });
  const stateLabel = (s: ReturnType<typeof stateOf>) => `${MEETING_STATUS_LABELS[s.status]} (${MEETING_RESPONSE_STATUS_LABELS[s.responseStatus]})`;
  function roleOf(m: MeetingRow, eventUserId: string): TMeetingRole {
    return m.requesterEventUserId === eventUserId ? 'requester' : 'invitee';
  }
  async function views(rows: MeetingRow[], event: MeetingsEvent, roleFor: (m: MeetingRow) => TMeetingRole): Promise<TMeeting[]> {
    const names = await namesOfParticipants(event.id, rows.flatMap((m) => [m.requesterEventUserId, m.inviteeEventUserId]));
    const pending = new Map((await repo.pendingProposals(event.id, rows.filter((m) => m.status === 0 || m.status === 1).map((m) => m.id))).map((p) => [p.meetingId, p]));
    const proposalView = (m: MeetingRow, p: ProposalRow | undefined, role: TMeetingRole): TMeeting['proposal'] => {
      if (!p) return null;
      // The organiser sees it without answers (a participant's own proposal: withdraw; the other side's: accept or decline).
      const me = role === 'requester' ? m.requesterEventUserId : role === 'invitee' ? m.inviteeEventUserId : null;
      return {
        id: p.id,
        proposedBy: p.proposedByEventUserId ? { eventUserId: p.proposedByEventUserId, name: names.get(p.proposedByEventUserId) ?? 'Participant' } : null,
        slot: utcToZonedLocal(p.startsAt, event.timeZone),
        startsAt: p.startsAt.toISOString(),
        endsAt: p.endsAt.toISOString(),
        tableNumber: p.tableNumber,
        booth: p.booth,
        status: p.status,
        answers: me ? allowedProposalAnswers(p.status as TMeetingStatus, p.proposedByEventUserId === me ? 'proposer' : 'other') : [],
        createdAt: p.createdAt.toISOString(),
      };
    };
    return rows.map((m) => ({
      id: m.id,
      requester: { eventUserId: m.requesterEventUserId, name: names.get(m.requesterEventUserId) ?? 'Participant' },
      invitee: { eventUserId: m.inviteeEventUserId, name: names.get(m.inviteeEventUserId) ?? 'Participant' },
      slot: utcToZonedLocal(m.startsAt, event.timeZone),
      startsAt: m.startsAt.toISOString(),
      endsAt: m.endsAt.toISOString(),
      place: m.place,
      mode: m.mode,
      type: m.type,
      tableNumber: m.tableNumber,
      booth: m.booth,
      message: m.message,
      status: m.status,
      responseStatus: m.responseStatus,
      videoChannel: m.mode === 2 ? `meeting-${m.id}` : null,
      actions: allowedMeetingActions({ status: m.status as TMeetingStatus, responseStatus: m.responseStatus as TMeetingResponseStatus }, roleFor(m)),
      proposal: proposalView(m, pending.get(m.id), roleFor(m)),
      canReschedule: canReschedule(stateOf(m)) && !pending.has(m.id),
      sequence: m.sequence,
      createdAt: m.createdAt.toISOString(),
    }));
  }
  const settingsView = (s: SettingsRow | null, event: MeetingsEvent): TMeetingSettings => ({ days: s?.days ?? [], slotMinutes: s?.slotMinutes ?? 30, loungeTables: s?.loungeTables ?? 0, timeZone: event.timeZone });

  /** Books a meeting in a slot for both sides (the lock and the checks are the repository's). */
  async function book(
    event: MeetingsEvent,
    by: { userId: string },
    requester: string,
    invitee: string,
    input: Omit<TMeetingRequest, 'inviteeEventUserId'>,
    initial: { status: number; responseStatus: number },
    kind: 'requested' | 'scheduled',
  ): Promise<{ meeting: MeetingRow; noticeId: string }> {
    const settings = await settingsOf(event);
    if (requester === invitee) throw meetingsErrors.self();
    if (!slotsOf(settings).includes(input.slot)) throw meetingsErrors.unknownSlot();
    const startsAt = zonedLocalToUtc(input.slot, event.timeZone);
    const endsAt = new Date(startsAt.getTime() + settings.slotMinutes * 60_000);
    const physical = input.mode === 1;
    const result = await repo.book(
      {
        id: deps.newId(),
        organisationId: event.organisationId,
        eventId: event.id,
        requesterEventUserId: requester,
        inviteeEventUserId: invitee,
        startsAt,
        endsAt,
        place: input.place,
        mode: input.mode,
        type: input.type,
        booth: physical && input.place === 1 ? input.booth : null,
        message: input.message,
        ...initial,
        createdByUserId: by.userId,
      },
      settings.loungeTables,
      kind,
    );
    if ('conflict' in result) throw await conflictError(event, result.conflict, settings.loungeTables, input.slot, input.booth, null);
    return result;
  }

  /**
   * A new time for meeting `m`: a slot of the meeting hours other than its own, and the booth of a physical booth
   * meeting (its own unless another is named); `by.eventUserId` null is the organiser moving it for both sides at once.
   */
  async function reschedule(event: MeetingsEvent, m: MeetingRow, input: TMeetingProposalInput, by: { userId: string; eventUserId: string | null }, role: TMeetingRole) {
    const state = stateOf(m);
    if (!canReschedule(state)) throw meetingsErrors.invalidTransition(stateLabel(state), 'reschedule', allowedMeetingActions(state, role));
    const [open] = await repo.pendingProposals(event.id, [m.id]);
    if (open) throw await proposalOpen(event, open, by.eventUserId);
    const settings = await settingsOf(event);
    if (!slotsOf(settings).includes(input.slot)) throw meetingsErrors.unknownSlot();
    const atBooth = m.mode === 1 && m.place === 1;
    if (input.booth && !atBooth) throw meetingsErrors.boothNotUsed();
    const startsAt = zonedLocalToUtc(input.slot, event.timeZone);
    const booth = atBooth ? (input.booth ?? m.booth) : null;
    if (startsAt.getTime() === m.startsAt.getTime() && (booth ?? '').toLowerCase() === (m.booth ?? '').toLowerCase()) throw meetingsErrors.sameSlot();
    const p = { id: deps.newId(), startsAt, endsAt: new Date(startsAt.getTime() + settings.slotMinutes * 60_000), booth, proposedByEventUserId: by.eventUserId, proposedByUserId: by.userId };
    const result = by.eventUserId === null ? await repo.moveNow(m, p, settings.loungeTables) : await repo.propose(m, p, settings.loungeTables);
    if ('conflict' in result) throw await conflictError(event, result.conflict, settings.loungeTables, input.slot, booth, by.eventUserId);
    await deps.deliver(result.noticeId);
    return result.meeting;
  }
  async function conflictError(event: MeetingsEvent, c: ProposalConflict, loungeTables: number, slot: string, booth: string | null, me: string | null) {
    if (c.kind === 'person') return meetingsErrors.personBusy((await namesOfParticipants(event.id, [c.eventUserId])).get(c.eventUserId) ?? 'This participant', slot);
    if (c.kind === 'table') return meetingsErrors.noTable(loungeTables, slot);
    if (c.kind === 'booth') return meetingsErrors.boothTaken(booth ?? '', slot);
    if (c.kind === 'open') return proposalOpen(event, c.proposal, me);
    return meetingsErrors.changedMeanwhile();
  }
  /** 409: another proposal waits for an answer; it says whose, for when, and what the caller may answer to it. */
  async function proposalOpen(event: MeetingsEvent, p: ProposalRow, me: string | null) {
    const name = p.proposedByEventUserId ? ((await namesOfParticipants(event.id, [p.proposedByEventUserId])).get(p.proposedByEventUserId) ?? 'A participant') : 'The organiser';
    const mine = me !== null && p.proposedByEventUserId === me;
    const answers = me === null ? [] : allowedProposalAnswers(0, mine ? 'proposer' : 'other');
    return meetingsErrors.proposalOpen(mine ? 'You' : name, utcToZonedLocal(p.startsAt, event.timeZone), answers);
  }
  /** Answers a pending proposal of `m` as `me` (the other side accepts or declines, the proposer withdraws). */
  async function answer(event: MeetingsEvent, m: MeetingRow, proposalId: string, ans: TProposalAnswer, me: string): Promise<MeetingRow> {
    const p = await repo.proposal(event.id, proposalId);
    if (!p || p.meetingId !== m.id) throw meetingsErrors.notFound('Proposal');
    const t = applyProposalAnswer(p.status as TMeetingStatus, ans, p.proposedByEventUserId === me ? 'proposer' : 'other');
    if (!t.ok) throw meetingsErrors.invalidAnswer(MEETING_STATUS_LABELS[p.status as TMeetingStatus], ans, t.allowed);
    if (ans === 'accept') {
      const moved = await repo.acceptProposal(m, p.id, stateAfterNewTime(stateOf(m)));
      if (!moved) throw meetingsErrors.changedMeanwhile();
      await deps.deliver(moved.noticeId);
      return moved.meeting;
    }
    const closed = await repo.closeProposal(m, p.id, ans === 'decline' ? 2 : 4);
    if (!closed) throw meetingsErrors.changedMeanwhile();
    if (closed.noticeId) await deps.deliver(closed.noticeId);
    return m;
  }

  async function act(event: MeetingsEvent, m: MeetingRow, action: TMeetingAction, role: TMeetingRole): Promise<MeetingRow> {
    const state = stateOf(m);
    const t = applyMeetingAction(state, action, role);
    if (!t.ok) throw meetingsErrors.invalidTransition(stateLabel(state), action, t.allowed);
    const moved = await repo.move(event.id, m.id, state, t.next, ACTION_KIND[action]);
    if (!moved) throw meetingsErrors.changedMeanwhile();
    await deps.deliver(moved.noticeId);
    return moved.meeting;
  }

  /** One calendar entry per meeting, as `me` sees it (the other side's name, where, its status). */
  function calendarEntries(event: MeetingsEvent, rows: MeetingRow[], names: Map<string, string>, me: string): EventAttributes[] {
    return rows.map((m) => {
      const other = m.requesterEventUserId === me ? m.inviteeEventUserId : m.requesterEventUserId;
      const where = m.mode === 2 ? 'Video call' : m.place === 2 ? `Networking Lounge${m.tableNumber ? `, table ${m.tableNumber}` : ''}` : `Booth ${m.booth ?? ''}`.trim();
      return {
        uid: `${m.id}@pavilion-meetings`,
        productId: 'pavilion/meetings',
        title: `Meeting with ${names.get(other) ?? 'a participant'}`,
        description: `${event.name}: ${MEETING_TYPE_LABELS[m.type as 1 | 2 | 3] ?? ''} (${MEETING_STATUS_LABELS[m.status as TMeetingStatus]})`,
        location: [where, m.mode === 1 ? event.venue : null].filter(Boolean).join(', ') || undefined,
        start: utcArray(m.startsAt),
        startInputType: 'utc',
        startOutputType: 'utc',
        end: utcArray(m.endsAt),
        endInputType: 'utc',
        endOutputType: 'utc',
        status: m.status === 1 ? 'CONFIRMED' : 'TENTATIVE',
        // Bumped each time the meeting moves: calendars replace the entry of this uid with the new time.
        sequence: m.sequence,
      };
    });
  }

  async function toIcs(event: MeetingsEvent, rows: MeetingRow[], names: Map<string, string>, me: string): Promise<string> {
    const { createEvents } = await loadIcs();
    const list = calendarEntries(event, rows, names, me);
    const { error, value } = createEvents(list, { productId: 'pavilion/meetings', calName: `${event.name}: meetings` });
    if (error || !value) throw error ?? new Error('ics failed');
    return value;
  }

  const matchView = (row: MatchProfileRow | null, eventUserId: string, name: string): TMatchProfile => ({
    eventUserId,
    name,
    company: row?.company ?? '',
    interests: row?.interests ?? [],
    lookingFor: row?.lookingFor ?? [],
    offering: row?.offering ?? [],
    saved: row !== null,
  });

  return {
    /* ---------- organiser ---------- */
    async settings(caller: AuthUser, organisationId: string, eventId: string): Promise<TMeetingSettings> {
      const { scope, event } = await organiserScope(caller, organisationId, eventId);
      return settingsView(await repo.settings(scope), event);
    },
    async saveSettings(caller: AuthUser, organisationId: string, eventId: string, input: TMeetingSettingsInput): Promise<TMeetingSettings> {
      const { scope, event } = await organiserScope(caller, organisationId, eventId);
      const row = await repo.saveSettings(scope, { days: [...input.days].sort((a, b) => a.date.localeCompare(b.date)), slotMinutes: input.slotMinutes, loungeTables: input.loungeTables });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'meetings.settings', target: eventId, meta: { days: input.days.length, slotMinutes: input.slotMinutes, loungeTables: input.loungeTables } });
      return settingsView(row, event);
    },
    async list(caller: AuthUser, organisationId: string, eventId: string, q: TMeetingListQuery): Promise<TMeetingPage> {
      const { scope, event } = await organiserScope(caller, organisationId, eventId);
      let eventUserIds: string[] | undefined;
      if (q.q) {
        // Name search over the event's meeting participants (names live in auth).
        const all = await repo.list(scope, { page: 1, pageSize: 5000 });
        const names = await namesOfParticipants(eventId, all.rows.flatMap((m) => [m.requesterEventUserId, m.inviteeEventUserId]));
        const needle = q.q.toLowerCase();
        eventUserIds = [...names].filter(([, n]) => n.toLowerCase().includes(needle)).map(([id]) => id);
      }
      const { rows, total } = await repo.list(scope, { status: q.status, type: q.type, mode: q.mode, scheduled: q.scheduled === 'true', eventUserIds, page: q.page, pageSize: q.pageSize });
      return { items: await views(rows, event, () => 'organiser'), total, page: q.page, pageSize: q.pageSize, timeZone: event.timeZone };
    },
    async schedule(caller: AuthUser, organisationId: string, eventId: string, input: TMeetingSchedule): Promise<TMeeting> {
      const { event } = await organiserScope(caller, organisationId, eventId);
      const known = new Set((await deps.participants(eventId, [input.requesterEventUserId, input.inviteeEventUserId])).map((p) => p.eventUserId));
      if (!known.has(input.requesterEventUserId)) throw meetingsErrors.unknownParticipant('requesterEventUserId');
      if (!known.has(input.inviteeEventUserId)) throw meetingsErrors.unknownParticipant('inviteeEventUserId');
      const { meeting: row, noticeId } = await book(event, caller, input.requesterEventUserId, input.inviteeEventUserId, input, { status: 1, responseStatus: 5 }, 'scheduled');
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'meetings.schedule', target: row.id, meta: { slot: input.slot } });
      await deps.deliver(noticeId);
      return (await views([row], event, () => 'organiser'))[0]!;
    },
    /** The picker of scheduling on behalf: participations whose name has `q` (names live in auth), by name, 50 at most. */
    async participants(caller: AuthUser, organisationId: string, eventId: string, q: TOrgParticipantsQuery): Promise<TOrgParticipants> {
      await organiserScope(caller, organisationId, eventId);
      const all = await deps.allParticipants(eventId, PICKER_SCAN_LIMIT);
      const names = await deps.namesOf([...new Set(all.map((p) => p.userId))]);
      const needle = q.q?.trim().toLowerCase() ?? '';
      const hits = all
        .map((p) => ({ eventUserId: p.eventUserId, name: names.get(p.userId) ?? '', userType: p.userType }))
        .filter((p) => p.name !== '' && (!needle || p.name.toLowerCase().includes(needle)))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { items: hits.slice(0, PICKER_LIMIT), total: hits.length };
    },
    async organiserAction(caller: AuthUser, organisationId: string, eventId: string, meetingId: string, action: TMeetingAction): Promise<TMeeting> {
      const { event } = await organiserScope(caller, organisationId, eventId);
      const m = await repo.meeting(eventId, meetingId);
      if (!m || m.organisationId !== organisationId) throw meetingsErrors.notFound();
      const moved = await act(event, m, action, 'organiser');
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: `meetings.${action}`, target: meetingId });
      return (await views([moved], event, () => 'organiser'))[0]!;
    },
    /** Moves a meeting to another slot for both sides at once (they are told; no answer is needed). */
    async organiserReschedule(caller: AuthUser, organisationId: string, eventId: string, meetingId: string, input: TMeetingProposalInput): Promise<TMeeting> {
      const { event } = await organiserScope(caller, organisationId, eventId);
      const m = await repo.meeting(eventId, meetingId);
      if (!m || m.organisationId !== organisationId) throw meetingsErrors.notFound();
      const moved = await reschedule(event, m, input, { userId: caller.userId, eventUserId: null }, 'organiser');
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'meetings.reschedule', target: meetingId, meta: { slot: input.slot } });
      return (await views([moved], event, () => 'organiser'))[0]!;
    },

    /* ---------- networking tab ---------- */
    async directory(caller: MeetingsCaller, eventId: string, q: TDirectoryQuery): Promise<TDirectoryPage> {
      await deps.assertTabVisible(eventId, 'networking', caller);
      const everyone = await deps.directory(eventId);
      const me = caller.eventAccess?.eventId === eventId ? caller.eventAccess.eventUserId : null;
      const needle = q.q?.toLowerCase();
      const interest = q.interest?.toLowerCase();
      const company = q.company?.toLowerCase();
      const hits = everyone
        .filter((p) => p.eventUserId === null || p.eventUserId !== me)
        .filter((p) => !needle || `${p.firstName} ${p.lastName} ${p.jobTitle} ${p.company}`.toLowerCase().includes(needle))
        .filter((p) => !interest || p.interests.some((i) => i.toLowerCase() === interest))
        .filter((p) => !company || p.company.toLowerCase().includes(company))
        .filter((p) => !q.country || p.countryCode === q.country)
        .filter((p) => q.userType === undefined || p.userType === q.userType)
        .sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`) || a.pair.localeCompare(b.pair));
      const uniq = (xs: string[]) => [...new Map(xs.filter(Boolean).map((x) => [x.toLowerCase(), x])).values()].sort((a, b) => a.localeCompare(b));
      return {
        items: hits.slice((q.page - 1) * q.pageSize, q.page * q.pageSize).map((p) => ({ pair: p.pair, eventUserId: p.eventUserId, firstName: p.firstName, lastName: p.lastName, jobTitle: p.jobTitle, company: p.company, countryCode: p.countryCode, interests: p.interests, photoUrl: p.photoUrl, userType: p.userType })),
        total: hits.length,
        page: q.page,
        pageSize: q.pageSize,
        interests: uniq(everyone.flatMap((p) => p.interests)),
        companies: uniq(everyone.map((p) => p.company)),
        countries: [...new Set(everyone.map((p) => p.countryCode).filter(Boolean))].sort(),
      };
    },

    /* ---------- matchmaking ---------- */
    async myMatchProfile(caller: MeetingsCaller, eventId: string): Promise<TMatchProfile> {
      const me = await participantOf(caller, eventId);
      const names = await namesOfParticipants(eventId, [me.eventUserId]);
      return matchView(await repo.matchProfile(eventId, me.eventUserId), me.eventUserId, names.get(me.eventUserId) ?? '');
    },
    async saveMatchProfile(caller: MeetingsCaller, eventId: string, input: TMatchProfileInput): Promise<TMatchProfile> {
      const me = await participantOf(caller, eventId);
      // The save moves the event's profile version (migration 0065's trigger): every process's next call rebuilds.
      const row = await repo.saveMatchProfile({ eventUserId: me.eventUserId, organisationId: me.event.organisationId, eventId, userId: me.userId, ...input });
      const names = await namesOfParticipants(eventId, [me.eventUserId]);
      return matchView(row, me.eventUserId, names.get(me.eventUserId) ?? '');
    },
    async matches(caller: MeetingsCaller, eventId: string): Promise<TMatches> {
      const me = await participantOf(caller, eventId);
      const { index, rows: byId } = await matchIndexOf(eventId);
      const mine = byId.get(me.eventUserId) ?? null;
      const ranked = mine ? rankMatches(index, matchInput(mine)) : [];
      const names = await namesOfParticipants(eventId, [me.eventUserId, ...ranked.map((m) => m.id)]);
      return {
        me: matchView(mine, me.eventUserId, names.get(me.eventUserId) ?? ''),
        matches: ranked
          .filter((m) => names.has(m.id))
          .map((m) => {
            const r = byId.get(m.id)!;
            return { eventUserId: m.id, name: names.get(m.id)!, company: r.company, score: m.score, explanation: m.explanation, sharedInterests: m.sharedInterests, offering: r.offering, lookingFor: r.lookingFor };
          }),
      };
    },

    /* ---------- meetings (participant) ---------- */
    async slots(caller: MeetingsCaller, eventId: string, other: string): Promise<TSlots> {
      const me = await participantOf(caller, eventId);
      const settings = await settingsOf(me.event);
      const busy = await repo.busyOf(eventId, [me.eventUserId, other]);
      const tz = me.event.timeZone;
      return {
        timeZone: tz,
        slotMinutes: settings.slotMinutes,
        slots: slotsOf(settings).map((slot) => {
          const startsAt = zonedLocalToUtc(slot, tz);
          const endsAt = new Date(startsAt.getTime() + settings.slotMinutes * 60_000);
          return { slot, startsAt: startsAt.toISOString(), free: !busy.some((m) => m.startsAt < endsAt && m.endsAt > startsAt) };
        }),
      };
    },
    async mine(caller: MeetingsCaller, eventId: string): Promise<TMyMeetings> {
      const me = await participantOf(caller, eventId);
      const rows = await repo.meetingsOf(eventId, me.eventUserId);
      return { timeZone: me.event.timeZone, me: me.eventUserId, meetings: await views(rows, me.event, (m) => roleOf(m, me.eventUserId)) };
    },
    async request(caller: MeetingsCaller, eventId: string, input: TMeetingRequest): Promise<TMeeting> {
      const me = await participantOf(caller, eventId);
      if (input.inviteeEventUserId === me.eventUserId) throw meetingsErrors.self();
      const [invitee] = await deps.participants(eventId, [input.inviteeEventUserId]);
      if (!invitee) throw meetingsErrors.unknownParticipant('inviteeEventUserId');
      const { meeting: row, noticeId } = await book(me.event, me, me.eventUserId, input.inviteeEventUserId, input, { status: 0, responseStatus: 0 }, 'requested');
      await deps.deliver(noticeId);
      return (await views([row], me.event, () => 'requester'))[0]!;
    },
    async action(caller: MeetingsCaller, eventId: string, meetingId: string, action: TMeetingAction): Promise<TMeeting> {
      const me = await participantOf(caller, eventId);
      const m = await repo.meeting(eventId, meetingId);
      if (!m || (m.requesterEventUserId !== me.eventUserId && m.inviteeEventUserId !== me.eventUserId)) throw meetingsErrors.notFound();
      const moved = await act(me.event, m, action, roleOf(m, me.eventUserId));
      return (await views([moved], me.event, (x) => roleOf(x, me.eventUserId)))[0]!;
    },
    /** Proposes a new time for my meeting: held for both of us meanwhile; the other side is told. */
    async propose(caller: MeetingsCaller, eventId: string, meetingId: string, input: TMeetingProposalInput): Promise<TMeeting> {
      const me = await participantOf(caller, eventId);
      const m = await repo.meeting(eventId, meetingId);
      if (!m || (m.requesterEventUserId !== me.eventUserId && m.inviteeEventUserId !== me.eventUserId)) throw meetingsErrors.notFound();
      const row = await reschedule(me.event, m, input, me, roleOf(m, me.eventUserId));
      return (await views([row], me.event, (x) => roleOf(x, me.eventUserId)))[0]!;
    },
    async answerProposal(caller: MeetingsCaller, eventId: string, meetingId: string, proposalId: string, ans: TProposalAnswer): Promise<TMeeting> {
      const me = await participantOf(caller, eventId);
      const m = await repo.meeting(eventId, meetingId);
      if (!m || (m.requesterEventUserId !== me.eventUserId && m.inviteeEventUserId !== me.eventUserId)) throw meetingsErrors.notFound();
      await answer(me.event, m, proposalId, ans, me.eventUserId);
      const now = (await repo.meeting(eventId, meetingId)) ?? m;
      return (await views([now], me.event, (x) => roleOf(x, me.eventUserId)))[0]!;
    },
    async myMeetingsIcs(caller: MeetingsCaller, eventId: string): Promise<string> {
      const me = await participantOf(caller, eventId);
      const rows = (await repo.meetingsOf(eventId, me.eventUserId)).filter((m) => m.status === 0 || m.status === 1);
      const names = await namesOfParticipants(eventId, rows.flatMap((m) => [m.requesterEventUserId, m.inviteeEventUserId]));
      return toIcs(me.event, rows, names, me.eventUserId);
    },

    /**
     * A participant's pending and accepted meetings as calendar entries (a port: the programme puts them in My
     * schedule's calendar file and feed, SPEC "meetings are added to My Schedule and to the calendar feed").
     */
    async calendarEntriesOf(eventId: string, eventUserId: string): Promise<EventAttributes[]> {
      const event = await deps.findEvent(eventId);
      if (!event) return [];
      const rows = (await repo.meetingsOf(eventId, eventUserId)).filter((m) => m.status === 0 || m.status === 1);
      const names = await namesOfParticipants(eventId, rows.flatMap((m) => [m.requesterEventUserId, m.inviteeEventUserId]));
      return calendarEntries(event, rows, names, eventUserId);
    },

    /* ---------- mail (the durable change's subscriber) ---------- */
    /** What a change means for each side: [eventUserId, userId, name, otherName, meeting] for the mailer. */
    async mailFacts(change: MeetingChange) {
      const event = await deps.findEvent(change.eventId);
      const m = event ? await repo.meeting(change.eventId, change.meetingId) : null;
      if (!event || !m) return null;
      const ps = await deps.participants(event.id, [m.requesterEventUserId, m.inviteeEventUserId]);
      const names = await deps.namesOf(ps.map((p) => p.userId));
      const who = new Map(ps.map((p) => [p.eventUserId, { userId: p.userId, name: names.get(p.userId) ?? 'Participant' }]));
      const p = change.proposalId ? await repo.proposal(change.eventId, change.proposalId) : null;
      // A rescheduling notice: who proposed the new time (null: the organiser) and the slot it proposed.
      const proposal = p && p.meetingId === m.id ? { id: p.id, proposedBy: p.proposedByEventUserId, slot: utcToZonedLocal(p.startsAt, event.timeZone) } : null;
      return { event, meeting: m, slot: utcToZonedLocal(m.startsAt, event.timeZone), who, proposal };
    },
    /** A meeting's type and its two sides' accounts (a port for modules that count meetings, e.g. leads' report actions). */
    async parties(eventId: string, meetingId: string) {
      const m = await repo.meeting(eventId, meetingId);
      if (!m) return null;
      const ps = await deps.participants(eventId, [m.requesterEventUserId, m.inviteeEventUserId]);
      const userOf = new Map(ps.map((p) => [p.eventUserId, p.userId]));
      return { type: m.type, sides: [m.requesterEventUserId, m.inviteeEventUserId].map((eventUserId) => ({ eventUserId, userId: userOf.get(eventUserId) ?? null })) };
    },
    markMail: repo.markMail,
    unmarkMail: repo.unmarkMail,
    claimReminders: repo.claimReminders,
    /** Read-only counters of the matching index cache (tests). */
    matchStats: matchStats as Readonly<typeof matchStats>,
  };
}
export type MeetingsService = ReturnType<typeof createMeetingsService>;
