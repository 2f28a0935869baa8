import { ORGANISER_USER_TYPE, dateRangeProblem } from '@pavilion/domain';
import type { TEvent, TEventCreateRequest, TEventListQuery, TEventUpdateRequest, TPage, TPublicEvent } from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import type { EventRow, EventScope, EventsRepository } from './events.repository.ts';

function toEvent(r: EventRow): TEvent {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    startDate: r.startDate,
    endDate: r.endDate,
    timeZone: r.timeZone,
    venue: r.venue,
    eventMode: r.eventMode,
    eventType: r.eventType,
    loginIdentifier: r.loginIdentifier,
    registrationIdentifier: r.registrationIdentifier,
    domain: r.domain,
    regionId: r.regionId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** What the caller may see: its item-level event list and, for a region team, its region. */
function scopeOf(caller: Pick<AuthUser, 'itemScope' | 'isRegionTeam' | 'regionId'>): EventScope {
  const ids = caller.itemScope.get('event');
  return {
    ...(ids ? { eventIds: [...ids] } : {}),
    ...(caller.isRegionTeam ? { regionId: caller.regionId } : {}),
  };
}

export type EventsDeps = {
  repo: EventsRepository;
  audit: Audit;
  now?: () => Date;
  /** The workspace's answer: does this region belong to the organisation? */
  regionExists: (organisationId: string, regionId: string) => Promise<boolean>;
};

/** An event's owning organisation and public facts (what other modules may know of an event). */
/** `eventMode`: 1 virtual, 2 in person, 3 hybrid (the attendee portal's menu follows it). */
export type EventFacts = { id: string; organisationId: string; name: string; startDate: string; endDate: string; timeZone: string; venue: string; description: string; eventMode: number };

export function createEventsService(deps: EventsDeps) {
  const now = deps.now ?? (() => new Date());

  async function assertRegion(caller: AuthUser, organisationId: string, regionId: string | null | undefined) {
    if (regionId === undefined) return;
    if (regionId !== null && !(await deps.regionExists(organisationId, regionId))) {
      throw errors.validation([{ field: 'regionId', key: 'unknownRegion' }]);
    }
    if (caller.isRegionTeam && regionId !== caller.regionId) throw errors.forbidden('A region team works on its own region only');
  }

  return {
    async list(caller: AuthUser, organisationId: string, q: TEventListQuery): Promise<TPage<TEvent>> {
      const today = now().toISOString().slice(0, 10);
      const { rows, total } = await deps.repo.list(organisationId, q, today, scopeOf(caller));
      return { items: rows.map(toEvent), total, page: q.page, pageSize: q.pageSize };
    },
    async get(caller: AuthUser, organisationId: string, id: string): Promise<TEvent> {
      const row = await deps.repo.findInOrganisation(organisationId, id, scopeOf(caller));
      if (!row) throw errors.notFound('Event');
      return toEvent(row);
    },
    async existsInOrganisation(organisationId: string, id: string): Promise<boolean> {
      return (await deps.repo.findInOrganisation(organisationId, id)) !== null;
    },
    reassignCreator: (organisationId: string, from: string, to: string) => deps.repo.reassignCreator(organisationId, from, to),
    /** The event's owning organisation and public facts, for public flows (registration, checkout); null if unknown. */
    async findOwner(id: string): Promise<EventFacts | null> {
      const r = await deps.repo.findPublic(id);
      return r ? { id: r.id, organisationId: r.organisationId, name: r.name, startDate: r.startDate, endDate: r.endDate, timeZone: r.timeZone, venue: r.venue, description: r.description ?? '', eventMode: r.eventMode } : null;
    },
    participantsByType: (organisationId: string, eventId: string, from: Date | null, to: Date) =>
      deps.repo.participantsByType(organisationId, eventId, from, to),
    /** The organisation's current and coming events, as a company or service-provider portal may show them. */
    async upcomingForOrganisation(organisationId: string) {
      const rows = await deps.repo.upcoming(organisationId, now().toISOString().slice(0, 10), 50);
      return rows.map((r) => ({ id: r.id, name: r.name, startDate: r.startDate, endDate: r.endDate, venue: r.venue }));
    },
    async getPublic(id: string): Promise<TPublicEvent> {
      const r = await deps.repo.findPublic(id);
      if (!r) throw errors.notFound('Event');
      return {
        id: r.id,
        name: r.name,
        startDate: r.startDate,
        endDate: r.endDate,
        timeZone: r.timeZone,
        venue: r.venue,
        eventMode: r.eventMode,
        loginIdentifier: r.loginIdentifier,
      };
    },
    async create(caller: AuthUser, organisationId: string, input: TEventCreateRequest): Promise<TEvent> {
      if (caller.itemScope.has('event')) throw errors.forbidden('Members limited to some events cannot create events');
      await assertRegion(caller, organisationId, caller.isRegionTeam ? (input.regionId ?? caller.regionId) : input.regionId);
      if (caller.isRegionTeam) input = { ...input, regionId: caller.regionId };
      const row = await deps.repo.insert({
        id: newId(),
        organisationId,
        createdBy: caller.userId,
        ...input,
        description: await sanitizeRichText(input.description),
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'event.created', target: row.id });
      return toEvent(row);
    },
    async update(caller: AuthUser, organisationId: string, id: string, patch: TEventUpdateRequest): Promise<TEvent> {
      const existing = await deps.repo.findInOrganisation(organisationId, id, scopeOf(caller));
      if (!existing) throw errors.notFound('Event');
      await assertRegion(caller, organisationId, patch.regionId);
      // The merged dates must still form a range: a PATCH may move only one end.
      const problem = dateRangeProblem(patch.startDate ?? existing.startDate, patch.endDate ?? existing.endDate);
      if (problem) throw errors.validation([{ field: 'endDate', key: problem }]);
      const clean = patch.description === undefined ? patch : { ...patch, description: await sanitizeRichText(patch.description) };
      const row = await deps.repo.update(organisationId, id, clean);
      if (!row) throw errors.notFound('Event');
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'event.updated', target: id, meta: { fields: Object.keys(patch) } });
      return toEvent(row);
    },
    /** For event login: the user's participation, or the organiser's own access to the event. */
    async membership(eventId: string, user: { id: string; organisationId: string | null }) {
      const ev = await deps.repo.findPublic(eventId);
      if (!ev) return null;
      const eu = await deps.repo.findEventUser(eventId, user.id);
      if (eu) return { eventUserId: eu.id, organisationId: ev.organisationId };
      if (user.organisationId && user.organisationId === ev.organisationId) {
        // The organiser previews the attendee side as a participant of its own event.
        await deps.repo.insertEventUser({ id: newId(), organisationId: ev.organisationId, eventId, userId: user.id, userType: ORGANISER_USER_TYPE });
        const host = await deps.repo.findEventUser(eventId, user.id);
        return host ? { eventUserId: host.id, organisationId: ev.organisationId } : null;
      }
      return null;
    },
    /** These participations of the event (unknown ids and other events' are left out): who a chat member is. */
    async participants(eventId: string, eventUserIds: string[]) {
      const rows = await deps.repo.eventUsersByIds(eventId, eventUserIds);
      return rows.map((r) => ({ eventUserId: r.id, userId: r.userId, organisationId: r.organisationId, eventId: r.eventId }));
    },
    /** The ids of the event's participations, at most `limit`, in no order (an announcement's audience). */
    async participantIds(eventId: string, limit: number): Promise<string[]> {
      return deps.repo.eventUserIdsOfEvent(eventId, limit);
    },
    /** The event's participations (for a picker), oldest first, at most `limit`. */
    async allParticipants(eventId: string, limit: number) {
      const rows = await deps.repo.eventUsersOfEvent(eventId, limit);
      return rows.map((r) => ({ eventUserId: r.id, userId: r.userId, userType: r.userType }));
    },
    /** The participations of these accounts in the event. */
    async participantsOfUsers(eventId: string, userIds: string[]) {
      const rows = await deps.repo.eventUsersOfUsers(eventId, userIds);
      return rows.map((r) => ({ eventUserId: r.id, userId: r.userId, organisationId: r.organisationId, eventId: r.eventId, userType: r.userType }));
    },
    async addParticipant(organisationId: string, eventId: string, userId: string, userType: number) {
      return deps.repo.insertEventUser({ id: newId(), organisationId, eventId, userId, userType, createdAt: now() });
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
