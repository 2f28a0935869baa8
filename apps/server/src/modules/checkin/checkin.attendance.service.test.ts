import { describe, expect, it } from 'vitest';
import { createCheckinAttendanceService } from './checkin.attendance.service.ts';
import { EVENT, fakeCheckinWorld, ORG, organiser, registrationView } from './checkin.fakes.ts';

// The attendance service's figures through a fake in-memory repository (no database): minutes and entries per area,
// the summaries certificate rules read, automatic check-out, the overview's figures and the attendance list.
async function setup() {
  const world = fakeCheckinWorld(new Date('2027-03-01T11:00:00Z'));
  const attendance = createCheckinAttendanceService(world.deps, world.shared);
  const { repo } = world.fake;
  const scan = (areaId: string, registrationId: string, direction: 'in' | 'out', result: string, at: string) =>
    repo.insertScan({ organisationId: ORG, eventId: EVENT, areaId, registrationId, direction, result, source: 'online', scannedAt: new Date(at) });
  /** An accepted entry (presence inside, ledger row). */
  const enter = async (areaId: string, registrationId: string, at: string) => {
    await repo.tryEnter(undefined as never, { areaId, registrationId, organisationId: ORG, eventId: EVENT, at: new Date(at), allowsReentry: true });
    await scan(areaId, registrationId, 'in', 'admitted', at);
  };
  /** An accepted exit. */
  const leave = async (areaId: string, registrationId: string, at: string) => {
    await repo.tryExit(undefined as never, areaId, registrationId, new Date(at));
    await scan(areaId, registrationId, 'out', 'exited', at);
  };
  for (const id of ['r1', 'r2', 'r3']) world.registrations.set(id, registrationView(id));
  return { ...world, attendance, scan, enter, leave };
}

describe('check-in attendance service (fake repository)', () => {
  it('sums minutes and entries per area for certificate rules; refused scans do not count, a stay still open runs until now', async () => {
    const { attendance, area, scan, enter, leave } = await setup();
    const gate = await area();
    const session = await area({ kind: 'session' });
    await enter(gate.id, 'r1', '2027-03-01T09:00:00Z');
    await leave(gate.id, 'r1', '2027-03-01T09:30:00Z');
    await enter(gate.id, 'r1', '2027-03-01T10:00:00Z');
    await leave(gate.id, 'r1', '2027-03-01T10:15:00Z');
    await enter(session.id, 'r1', '2027-03-01T10:20:00Z');
    await scan(gate.id, 'r2', 'in', 'not_paid', '2027-03-01T09:00:00Z');
    const summaries = await attendance.attendanceSummaries(EVENT);
    expect(summaries).toEqual([
      {
        registrationId: 'r1',
        areas: [
          { areaId: gate.id, areaKind: 'gate', minutes: 45, entries: 2 },
          { areaId: session.id, areaKind: 'session', minutes: 40, entries: 1 },
        ],
      },
    ]);
  });

  it('checks out automatically after the area’s minutes (ledger row at the computed time), and counts only those minutes', async () => {
    const { attendance, area, enter, fake } = await setup();
    const talk = await area({ kind: 'session', autoCheckoutAfterMinutes: 30 });
    await enter(talk.id, 'r1', '2027-03-01T09:00:00Z');
    await attendance.reconcileAll();
    expect(fake.presence.get(`${talk.id} r1`)).toMatchObject({ inside: false, hasLeft: true, leftAt: new Date('2027-03-01T09:30:00Z') });
    expect(fake.scans.at(-1)).toMatchObject({ registrationId: 'r1', direction: 'out', result: 'exited', source: 'auto', scannedAt: new Date('2027-03-01T09:30:00Z') });
    expect(await attendance.attendanceSummaries(EVENT)).toEqual([{ registrationId: 'r1', areas: [{ areaId: talk.id, areaKind: 'session', minutes: 30, entries: 1 }] }]);
    expect(attendance.expiryOf(talk, new Date('2027-03-01T10:00:00Z'))).toEqual(new Date('2027-03-01T10:30:00Z'));
  });

  it('gives the overview its figures: distinct attendees admitted in the range, and people inside now', async () => {
    const { attendance, area, enter, leave } = await setup();
    const gate = await area();
    const hall = await area({ kind: 'hall' });
    await enter(gate.id, 'r1', '2027-03-01T08:00:00Z');
    await enter(hall.id, 'r1', '2027-03-01T08:10:00Z');
    await enter(gate.id, 'r2', '2027-03-01T10:00:00Z');
    await leave(gate.id, 'r2', '2027-03-01T10:30:00Z');
    expect(await attendance.overviewFigures(ORG, EVENT, null, new Date('2027-03-01T11:00:00Z'))).toEqual({ checkIns: 2, liveFootfall: 1 });
    expect(await attendance.overviewFigures(ORG, EVENT, new Date('2027-03-01T09:00:00Z'), new Date('2027-03-01T11:00:00Z'))).toEqual({ checkIns: 1, liveFootfall: 1 });
  });

  it('lists attendees by first entry with their time per area, filtered by area kind, and one attendee’s detail', async () => {
    const { attendance, area, enter, leave } = await setup();
    const gate = await area();
    const talk = await area({ kind: 'session', name: 'Keynote' });
    await enter(gate.id, 'r2', '2027-03-01T08:00:00Z');
    await enter(gate.id, 'r1', '2027-03-01T08:30:00Z');
    await enter(talk.id, 'r1', '2027-03-01T09:00:00Z');
    await leave(talk.id, 'r1', '2027-03-01T09:50:00Z');

    const all = await attendance.attendance(organiser, ORG, EVENT, { page: 1, pageSize: 10 });
    expect(all.total).toBe(2);
    expect(all.items.map((r) => [r.registrationId, r.attendee?.lastName, r.totalMinutes])).toEqual([
      ['r2', 'r2', 180],
      ['r1', 'r1', 200],
    ]);
    const talks = await attendance.attendance(organiser, ORG, EVENT, { page: 1, pageSize: 10, kind: 'session' });
    expect(talks.items).toMatchObject([{ registrationId: 'r1', totalMinutes: 50, areas: [{ areaName: 'Keynote', entries: 1, exits: 1, inside: false, lastExitAt: '2027-03-01T09:50:00.000Z' }] }]);

    const detail = await attendance.attendanceDetail(organiser, ORG, EVENT, 'r1');
    expect(detail.scans.map((s) => [s.areaName, s.direction, s.result])).toEqual([
      ['Area 1', 'in', 'admitted'],
      ['Keynote', 'in', 'admitted'],
      ['Keynote', 'out', 'exited'],
    ]);
    await expect(attendance.attendanceDetail(organiser, ORG, EVENT, 'nobody')).rejects.toMatchObject({ status: 404, code: 'REGISTRATION_NOT_FOUND' });
  });

  it('exports one CSV line per attendee and area', async () => {
    const { attendance, area, enter } = await setup();
    const gate = await area({ name: 'Main gate' });
    await enter(gate.id, 'r1', '2027-03-01T10:00:00Z');
    const csv = await attendance.exportAttendance(organiser, ORG, EVENT, {});
    expect(csv.trimEnd().split('\n')).toEqual([
      'registrationId,registrationNo,firstName,lastName,ticket,category,area,areaKind,entries,exits,minutes,firstEntryAt,lastExitAt,inside',
      'r1,R-r1,Ada,r1,Standard,,Main gate,gate,1,0,60,2027-03-01T10:00:00.000Z,,true',
    ]);
  });
});
