import { randomBytes } from 'node:crypto';
import type { TArea, TAreaCapacity, TAreaCreateRequest, TAreaKind, TAreaRules, TAreaRulesInput, TAreaUpdateRequest, TFootfall, TOccupancy } from '@pavilion/domain';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { newId } from '../../platform/ids.ts';
import { checkinErrors } from './checkin.errors.ts';
import type { AreaRow, CheckinRepository } from './checkin.repository.ts';
import { csvLine, iso, type CheckinShared, type ServiceDeps, type SharedRepository } from './checkin.shared.ts';

/** What the areas service reads and writes. */
export type AreasRepository = SharedRepository &
  Pick<CheckinRepository, 'listAreas' | 'insertArea' | 'updateArea' | 'insideCounts' | 'devicesBoundToArea' | 'hourly'>;

/** An area as the dashboard sees it, with how many are inside now. */
export function areaView(a: AreaRow, inside: number): TArea {
  return {
    id: a.id,
    eventId: a.eventId,
    name: a.name,
    kind: a.kind as TAreaKind,
    ticketIds: a.ticketIds,
    categoryIds: a.categoryIds,
    timeWindows: a.timeWindows,
    tracksExit: a.tracksExit,
    allowsReentry: a.allowsReentry,
    autoCheckoutAt: iso(a.autoCheckoutAt),
    autoCheckoutAfterMinutes: a.autoCheckoutAfterMinutes,
    capacity: a.capacity,
    capacityMode: a.capacityMode as 'refuse' | 'warn',
    displayKey: a.displayKey,
    inside,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/**
 * Check-in areas: their rules (tickets, categories, time windows, exit and re-entry, automatic check-out), capacity,
 * the footfall screen's display key, and the figures shown about them (occupancy, footfall by hour).
 */
export function createCheckinAreasService(deps: ServiceDeps<AreasRepository>, shared: CheckinShared) {
  const { repo } = deps;
  const { now, areaInEvent, invalidateArea, reconcileEvent, footfallFigures, startOfEventDay } = shared;

  const service = {
    async listAreas(caller: AuthUser, organisationId: string, eventId: string): Promise<TArea[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      await reconcileEvent(eventId);
      const [areas, counts] = await Promise.all([repo.listAreas(organisationId, eventId), repo.insideCounts(eventId)]);
      return areas.map((a) => areaView(a, counts.get(a.id) ?? 0));
    },
    async getArea(caller: AuthUser, organisationId: string, eventId: string, areaId: string): Promise<TArea> {
      await deps.assertEvent(caller, organisationId, eventId);
      await reconcileEvent(eventId);
      const a = await areaInEvent(organisationId, eventId, areaId);
      return areaView(a, await repo.insideCount(a.id));
    },
    async createArea(caller: AuthUser, organisationId: string, eventId: string, input: TAreaCreateRequest & TAreaRules & TAreaCapacity): Promise<TArea> {
      await deps.assertEvent(caller, organisationId, eventId);
      const t = now();
      const a = await repo.insertArea({
        id: newId(),
        organisationId,
        eventId,
        name: input.name,
        kind: input.kind,
        ticketIds: input.ticketIds,
        categoryIds: input.categoryIds,
        timeWindows: input.timeWindows,
        tracksExit: input.tracksExit,
        allowsReentry: input.allowsReentry,
        autoCheckoutAt: input.autoCheckoutAt ? new Date(input.autoCheckoutAt) : null,
        autoCheckoutAfterMinutes: input.autoCheckoutAfterMinutes,
        capacity: input.capacity,
        capacityMode: input.capacityMode,
        displayKey: randomBytes(18).toString('base64url'),
        createdAt: t,
        updatedAt: t,
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.area.create', target: a.id, meta: { eventId, name: a.name } });
      return areaView(a, 0);
    },
    async updateArea(caller: AuthUser, organisationId: string, eventId: string, areaId: string, patch: TAreaUpdateRequest): Promise<TArea> {
      await deps.assertEvent(caller, organisationId, eventId);
      await areaInEvent(organisationId, eventId, areaId);
      const a = await repo.updateArea(areaId, { ...patch, updatedAt: now() });
      invalidateArea(areaId);
      return areaView(a!, await repo.insideCount(areaId));
    },
    async rotateDisplayKey(caller: AuthUser, organisationId: string, eventId: string, areaId: string): Promise<TArea> {
      await deps.assertEvent(caller, organisationId, eventId);
      await areaInEvent(organisationId, eventId, areaId);
      const a = await repo.updateArea(areaId, { displayKey: randomBytes(18).toString('base64url'), updatedAt: now() });
      invalidateArea(areaId);
      const rt = deps.realtime;
      rt?.hospitality.in(`area:${areaId}`).disconnectSockets(true);
      return areaView(a!, await repo.insideCount(areaId));
    },
    async getRules(caller: AuthUser, organisationId: string, eventId: string, areaId: string): Promise<TAreaRules> {
      const a = await service.getArea(caller, organisationId, eventId, areaId);
      return { ticketIds: a.ticketIds, categoryIds: a.categoryIds, timeWindows: a.timeWindows, tracksExit: a.tracksExit, allowsReentry: a.allowsReentry, autoCheckoutAt: a.autoCheckoutAt, autoCheckoutAfterMinutes: a.autoCheckoutAfterMinutes };
    },
    async setRules(caller: AuthUser, organisationId: string, eventId: string, areaId: string, rules: TAreaRules | TAreaRulesInput): Promise<TArea> {
      await deps.assertEvent(caller, organisationId, eventId);
      await areaInEvent(organisationId, eventId, areaId);
      const r = rules as TAreaRules;
      const a = await repo.updateArea(areaId, {
        ticketIds: r.ticketIds,
        categoryIds: r.categoryIds,
        timeWindows: r.timeWindows,
        tracksExit: r.tracksExit,
        allowsReentry: r.allowsReentry,
        autoCheckoutAt: r.autoCheckoutAt ? new Date(r.autoCheckoutAt) : null,
        autoCheckoutAfterMinutes: r.autoCheckoutAfterMinutes,
        updatedAt: now(),
      });
      invalidateArea(areaId);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.area.rules', target: areaId, meta: { eventId } });
      await reconcileEvent(eventId);
      return areaView(a!, await repo.insideCount(areaId));
    },
    async getCapacity(caller: AuthUser, organisationId: string, eventId: string, areaId: string): Promise<TAreaCapacity & { inside: number }> {
      const a = await service.getArea(caller, organisationId, eventId, areaId);
      return { capacity: a.capacity, capacityMode: a.capacityMode, inside: a.inside };
    },
    async setCapacity(caller: AuthUser, organisationId: string, eventId: string, areaId: string, c: TAreaCapacity): Promise<TArea> {
      await deps.assertEvent(caller, organisationId, eventId);
      await areaInEvent(organisationId, eventId, areaId);
      const a = await repo.updateArea(areaId, { capacity: c.capacity, capacityMode: c.capacityMode, updatedAt: now() });
      invalidateArea(areaId);
      return areaView(a!, await repo.insideCount(areaId));
    },
    async deleteArea(caller: AuthUser, organisationId: string, eventId: string, areaId: string): Promise<{ deleted: true }> {
      await deps.assertEvent(caller, organisationId, eventId);
      await areaInEvent(organisationId, eventId, areaId);
      if ((await repo.devicesBoundToArea(areaId)).length > 0) throw checkinErrors.areaInUse();
      await repo.updateArea(areaId, { deletedAt: now(), updatedAt: now() });
      invalidateArea(areaId);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.area.delete', target: areaId, meta: { eventId } });
      return { deleted: true };
    },
    async exportAreas(caller: AuthUser, organisationId: string, eventId: string): Promise<string> {
      const areas = await service.listAreas(caller, organisationId, eventId);
      const lines = [csvLine(['id', 'name', 'kind', 'inside', 'capacity', 'capacityMode', 'ticketIds', 'categoryIds', 'timeWindows', 'tracksExit', 'allowsReentry', 'autoCheckoutAt', 'autoCheckoutAfterMinutes'])];
      for (const a of areas)
        lines.push(
          csvLine([
            a.id,
            a.name,
            a.kind,
            a.inside,
            a.capacity,
            a.capacityMode,
            a.ticketIds.join(' '),
            a.categoryIds.join(' '),
            a.timeWindows.map((w) => `${w.start}/${w.end}`).join(' '),
            a.tracksExit,
            a.allowsReentry,
            a.autoCheckoutAt,
            a.autoCheckoutAfterMinutes,
          ]),
        );
      return `${lines.join('\n')}\n`;
    },

    // ---------------------------------------------------------------- occupancy and footfall
    async footfall(caller: AuthUser, organisationId: string, eventId: string, areaId: string): Promise<TFootfall> {
      await deps.assertEvent(caller, organisationId, eventId);
      return service.footfallOf(await areaInEvent(organisationId, eventId, areaId));
    },
    async footfallOf(area: AreaRow): Promise<TFootfall> {
      await repo.autoCheckout(now(), { areaId: area.id });
      const f = await footfallFigures(area);
      const t = new Date(f.at);
      const dayStart = await startOfEventDay(area, t);
      const rows = new Map((await repo.hourly(area.id, dayStart)).map((r) => [r.hour.getTime(), r]));
      const hours = [];
      for (let h = dayStart.getTime(); h <= t.getTime(); h += 3_600_000) {
        const r = rows.get(h);
        hours.push({ hour: new Date(h).toISOString(), entries: r?.entries ?? 0, exits: r?.exits ?? 0 });
      }
      return { ...f, hours };
    },
    /** Public footfall page: the area and its display key must match (404 otherwise, so keys cannot be probed). */
    async publicFootfall(areaId: string, key: string): Promise<TFootfall> {
      const area = await service.checkDisplayKey(areaId, key);
      if (!area) throw checkinErrors.areaNotFound();
      return service.footfallOf(area);
    },
    async checkDisplayKey(areaId: string, key: string): Promise<AreaRow | null> {
      const area = await repo.findArea(areaId);
      if (!area || area.displayKey.length !== key.length) return null;
      const { timingSafeEqual } = await import('node:crypto');
      return timingSafeEqual(Buffer.from(area.displayKey), Buffer.from(key)) ? area : null;
    },
    async exportFootfall(caller: AuthUser, organisationId: string, eventId: string): Promise<string> {
      await deps.assertEvent(caller, organisationId, eventId);
      const lines = [csvLine(['area', 'hour', 'entries', 'exits'])];
      for (const a of await repo.listAreas(organisationId, eventId)) {
        const f = await service.footfallOf(a);
        for (const h of f.hours) lines.push(csvLine([a.name, h.hour, h.entries, h.exits]));
      }
      return `${lines.join('\n')}\n`;
    },
    async occupancy(caller: AuthUser, organisationId: string, eventId: string): Promise<TOccupancy> {
      const areas = await service.listAreas(caller, organisationId, eventId);
      return {
        items: areas.map((a) => ({ areaId: a.id, areaName: a.name, kind: a.kind, inside: a.inside, capacity: a.capacity })),
        totalInside: areas.reduce((n, a) => n + a.inside, 0),
        at: now().toISOString(),
      };
    },
  };
  return service;
}
export type CheckinAreasService = ReturnType<typeof createCheckinAreasService>;
