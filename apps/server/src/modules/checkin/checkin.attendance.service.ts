import type { TAreaAttendance, TAreaKind, TAttendanceDetail, TAttendanceRow, TPage } from '@pavilion/domain';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { checkinErrors } from './checkin.errors.ts';
import type { AreaRow, CheckinRepository } from './checkin.repository.ts';
import { attendanceOf, autoExpiry } from './checkin.rules.ts';
import { csvLine, iso, pageOf, type CheckinShared, type ServiceDeps, type SharedRepository } from './checkin.shared.ts';

/** What the attendance service reads. */
export type AttendanceRepository = SharedRepository & Pick<CheckinRepository, 'listAreas' | 'listScans' | 'attendeePage' | 'acceptedScansOfEvent' | 'eventAdmissions' | 'eventInside'>;

/**
 * Attendance: time spent and entries per attendee and area (rows, one attendee's detail, the summaries certificate
 * rules read), the dashboard overview's figures, and the automatic check-out run by the module's timer.
 */
export function createCheckinAttendanceService(deps: ServiceDeps<AttendanceRepository>, shared: CheckinShared) {
  const { repo } = deps;
  const { now, reconcileEvent, scheduleFootfall, coloursOf, attendeeOf, enrich, scanView } = shared;

  const areaRulesOf = (a: AreaRow) => ({ ...a, kind: a.kind as TAreaKind });
  async function attendanceFor(eventId: string, registrationIds: string[] | null, areaFilter: (a: AreaRow) => boolean) {
    const evt = await deps.findEvent(eventId);
    const areas = evt ? (await repo.listAreas(evt.organisationId, eventId)).filter(areaFilter) : [];
    const byId = new Map(areas.map((a) => [a.id, a]));
    const scans = (await repo.acceptedScansOfEvent(eventId, registrationIds)).filter((s) => byId.has(s.areaId));
    const grouped = new Map<string, Map<string, { direction: string; scannedAt: Date }[]>>();
    for (const s of scans) {
      const perReg = grouped.get(s.registrationId) ?? grouped.set(s.registrationId, new Map()).get(s.registrationId)!;
      (perReg.get(s.areaId) ?? perReg.set(s.areaId, []).get(s.areaId)!).push(s);
    }
    const t = now();
    const out = new Map<string, TAreaAttendance[]>();
    for (const [regId, perArea] of grouped) {
      const list: TAreaAttendance[] = [];
      for (const [areaId, events] of perArea) {
        const a = byId.get(areaId)!;
        const f = attendanceOf(areaRulesOf(a), events, t);
        list.push({ areaId, areaName: a.name, areaKind: a.kind as TAreaKind, entries: f.entries, exits: f.exits, minutes: f.minutes, firstEntryAt: iso(f.firstEntryAt), lastExitAt: iso(f.lastExitAt), inside: f.inside });
      }
      out.set(regId, list);
    }
    return out;
  }

  const service = {
    async attendance(caller: AuthUser, organisationId: string, eventId: string, q: { page: number; pageSize: number; areaId?: string; kind?: TAreaKind }): Promise<TPage<TAttendanceRow>> {
      await deps.assertEvent(caller, organisationId, eventId);
      await reconcileEvent(eventId);
      const areas = (await repo.listAreas(organisationId, eventId)).filter((a) => (!q.areaId || a.id === q.areaId) && (!q.kind || a.kind === q.kind));
      const filter = q.areaId || q.kind ? areas.map((a) => a.id) : null;
      const { ids, total } = await repo.attendeePage(eventId, filter, q.pageSize, (q.page - 1) * q.pageSize);
      const ids2 = new Set(areas.map((a) => a.id));
      const att = await attendanceFor(eventId, ids, (a) => ids2.has(a.id));
      const regs = new Map((await deps.registrations(eventId, { ids })).map((r) => [r.registrationId, r]));
      const colours = await coloursOf(eventId);
      return pageOf(
        ids.map((id) => {
          const list = att.get(id) ?? [];
          const r = regs.get(id);
          return { registrationId: id, attendee: r ? attendeeOf(r, colours) : null, totalMinutes: list.reduce((n, a) => n + a.minutes, 0), areas: list };
        }),
        total,
        q,
      );
    },
    async exportAttendance(caller: AuthUser, organisationId: string, eventId: string, q: { areaId?: string; kind?: TAreaKind }): Promise<string> {
      const lines = [csvLine(['registrationId', 'registrationNo', 'firstName', 'lastName', 'ticket', 'category', 'area', 'areaKind', 'entries', 'exits', 'minutes', 'firstEntryAt', 'lastExitAt', 'inside'])];
      for (let page = 1; page <= 10_000; page++) {
        const p = await service.attendance(caller, organisationId, eventId, { ...q, page, pageSize: 100 });
        for (const row of p.items)
          for (const a of row.areas)
            lines.push(
              csvLine([
                row.registrationId,
                row.attendee?.registrationNo,
                row.attendee?.firstName,
                row.attendee?.lastName,
                row.attendee?.ticketName,
                row.attendee?.categoryName,
                a.areaName,
                a.areaKind,
                a.entries,
                a.exits,
                a.minutes,
                a.firstEntryAt,
                a.lastExitAt,
                a.inside,
              ]),
            );
        if (page * 100 >= p.total) break;
      }
      return `${lines.join('\n')}\n`;
    },
    async attendanceDetail(caller: AuthUser, organisationId: string, eventId: string, registrationId: string): Promise<TAttendanceDetail> {
      await deps.assertEvent(caller, organisationId, eventId);
      const [reg] = await deps.registrations(eventId, { ids: [registrationId] });
      if (!reg || reg.organisationId !== organisationId) throw checkinErrors.registrationNotFound();
      await reconcileEvent(eventId);
      const att = await attendanceFor(eventId, [registrationId], () => true);
      const { items } = await repo.listScans(eventId, { registrationId }, 1000, 0);
      const e = await enrich(eventId, items);
      return { registrationId, attendee: attendeeOf(reg, await coloursOf(eventId)), areas: att.get(registrationId) ?? [], scans: items.reverse().map((s) => scanView(s, e.areas, e.devices, e.regs)) };
    },
    /** For certificate attendance rules: minutes and entries per area of every registration with accepted scans. */
    async attendanceSummaries(eventId: string): Promise<{ registrationId: string; areas: { areaId: string; areaKind: TAreaKind; minutes: number; entries: number }[] }[]> {
      await repo.autoCheckout(now(), { eventId });
      const att = await attendanceFor(eventId, null, () => true);
      return [...att].map(([registrationId, areas]) => ({ registrationId, areas: areas.map((a) => ({ areaId: a.areaId, areaKind: a.areaKind, minutes: a.minutes, entries: a.entries })) }));
    },
    /** Dashboard overview: distinct registrations admitted in the range, and people inside now. */
    async overviewFigures(organisationId: string, eventId: string, from: Date | null, to: Date): Promise<{ checkIns: number; liveFootfall: number }> {
      await repo.autoCheckout(now(), { eventId });
      const [checkIns, liveFootfall] = await Promise.all([repo.eventAdmissions(organisationId, eventId, from, to), repo.eventInside(organisationId, eventId)]);
      return { checkIns, liveFootfall };
    },
    /** The periodic automatic check-out (all events). */
    async reconcileAll(): Promise<void> {
      const areas = await repo.autoCheckout(now());
      for (const a of areas) scheduleFootfall(a);
    },
    expiryOf: autoExpiry,
  };
  return service;
}
export type CheckinAttendanceService = ReturnType<typeof createCheckinAttendanceService>;
