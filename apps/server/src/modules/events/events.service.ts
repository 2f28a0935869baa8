import { ORGANISER_USER_TYPE, dateRangeProblem } from '@pavilion/domain';
import type { TEvent, TEventCreateRequest, TEventListQuery, TEventUpdateRequest, TPage, TPublicEvent } from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import type { EventRow, EventsRepository } from './events.repository.ts';

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
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function createEventsService(deps: { repo: EventsRepository; audit: Audit; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async list(organisationId: string, q: TEventListQuery): Promise<TPage<TEvent>> {
      const today = now().toISOString().slice(0, 10);
      const { rows, total } = await deps.repo.list(organisationId, q, today);
      return { items: rows.map(toEvent), total, page: q.page, pageSize: q.pageSize };
    },
    async get(organisationId: string, id: string): Promise<TEvent> {
      const row = await deps.repo.findInOrganisation(organisationId, id);
      if (!row) throw errors.notFound('Event');
      return toEvent(row);
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
      const existing = await deps.repo.findInOrganisation(organisationId, id);
      if (!existing) throw errors.notFound('Event');
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
    async addParticipant(organisationId: string, eventId: string, userId: string, userType: number) {
      return deps.repo.insertEventUser({ id: newId(), organisationId, eventId, userId, userType });
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
