import { generateKeyPairSync, sign } from 'node:crypto';
import { credentialMessage, formatCredential, parseCredential } from '@pavilion/domain';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { CheckinRegistrationView } from '../registration/index.ts';
import type { AreasRepository } from './checkin.areas.service.ts';
import type { AttendanceRepository } from './checkin.attendance.service.ts';
import type { DevicesRepository } from './checkin.devices.service.ts';
import type { AreaRow, ConflictRow, DeviceGroupRow, DeviceRow, PresenceRow, ScanBatchItem, ScanFilters, ScanInsert, ScanRow } from './checkin.repository.ts';
import type { ScanningRepository } from './checkin.scanning.service.ts';
import { createCheckinShared, type CheckinDeps, type ServiceDeps } from './checkin.shared.ts';

/** Every repository method the four check-in services use. */
export type FakeCheckinRepository = AreasRepository & DevicesRepository & ScanningRepository & AttendanceRepository;

type LogRow = { id: number; organisationId: string; eventId: string; deviceId: string; kind: string; message: string; meta: Record<string, unknown>; createdAt: Date };

const pairKey = (areaId: string, registrationId: string) => `${areaId} ${registrationId}`;
const accepted = (s: ScanRow) => s.result === 'admitted' || s.result === 'exited';

/**
 * An in-memory check-in repository for service tests (no database): the same answers as checkin.repository.ts for
 * the rows it holds, with no locking (a test runs one scan at a time). Its arrays are open for a test to read.
 */
export function createFakeCheckinRepository() {
  const areas = new Map<string, AreaRow>();
  const devices = new Map<string, DeviceRow>();
  const groups = new Map<string, DeviceGroupRow>();
  const presence = new Map<string, PresenceRow>();
  const scans: ScanRow[] = [];
  const conflicts: ConflictRow[] = [];
  const logs: LogRow[] = [];
  let seq = 0;

  const live = (a: { deletedAt: Date | null }) => !a.deletedAt;
  const insideOf = (areaId: string) => [...presence.values()].filter((p) => p.areaId === areaId && p.inside).length;
  function scanRow(r: ScanInsert): ScanRow {
    return {
      id: ++seq,
      organisationId: r.organisationId,
      eventId: r.eventId,
      areaId: r.areaId,
      deviceId: r.deviceId ?? null,
      registrationId: r.registrationId ?? null,
      direction: r.direction,
      result: r.result,
      source: r.source,
      localResult: r.localResult ?? null,
      nonce: r.nonce ?? null,
      conflict: r.conflict ?? null,
      actorUserId: r.actorUserId ?? null,
      scannedAt: r.scannedAt,
      receivedAt: r.receivedAt ?? r.scannedAt,
    };
  }
  function enter(p: { areaId: string; registrationId: string; organisationId: string; eventId: string; at: Date }, allows: (cur: PresenceRow) => boolean): boolean {
    const cur = presence.get(pairKey(p.areaId, p.registrationId));
    if (cur && !allows(cur)) return false;
    presence.set(pairKey(p.areaId, p.registrationId), {
      areaId: p.areaId,
      registrationId: p.registrationId,
      organisationId: p.organisationId,
      eventId: p.eventId,
      inside: true,
      hasLeft: cur?.hasLeft ?? false,
      enteredAt: p.at,
      leftAt: cur?.leftAt ?? null,
      entries: (cur?.entries ?? 0) + 1,
      updatedAt: p.at,
    });
    return true;
  }
  function exit(areaId: string, registrationId: string, at: Date): boolean {
    const cur = presence.get(pairKey(areaId, registrationId));
    if (!cur?.inside) return false;
    presence.set(pairKey(areaId, registrationId), { ...cur, inside: false, hasLeft: true, leftAt: at, updatedAt: at });
    return true;
  }
  function scanMatches(s: ScanRow, eventId: string, f: ScanFilters): boolean {
    if (s.eventId !== eventId) return false;
    if (f.areaId && s.areaId !== f.areaId) return false;
    if (f.deviceId && s.deviceId !== f.deviceId) return false;
    if (f.registrationId && s.registrationId !== f.registrationId) return false;
    if (f.result && s.result !== f.result) return false;
    if (f.source && s.source !== f.source) return false;
    if (f.direction && s.direction !== f.direction) return false;
    if (f.conflict !== undefined && (s.conflict !== null) !== f.conflict) return false;
    return (!f.from || s.scannedAt >= f.from) && (!f.to || s.scannedAt <= f.to);
  }
  const newestFirst = (a: ScanRow, b: ScanRow) => b.scannedAt.getTime() - a.scannedAt.getTime() || b.id - a.id;
  const oldestFirst = (a: ScanRow, b: ScanRow) => a.scannedAt.getTime() - b.scannedAt.getTime() || a.id - b.id;

  const repo: FakeCheckinRepository = {
    transaction: (fn) => fn(undefined as never),

    // ------------------------------------------------------------ areas
    async listAreas(organisationId, eventId) {
      return [...areas.values()].filter((a) => a.organisationId === organisationId && a.eventId === eventId && live(a));
    },
    async findArea(areaId) {
      const a = areas.get(areaId);
      return a && live(a) ? a : null;
    },
    async insertArea(row) {
      const t = new Date();
      const a: AreaRow = {
        ticketIds: [],
        categoryIds: [],
        timeWindows: [],
        tracksExit: true,
        allowsReentry: true,
        autoCheckoutAt: null,
        autoCheckoutAfterMinutes: null,
        capacity: null,
        capacityMode: 'warn',
        deletedAt: null,
        createdAt: t,
        updatedAt: t,
        ...row,
      };
      areas.set(a.id, a);
      return a;
    },
    async updateArea(areaId, patch) {
      const a = areas.get(areaId);
      if (!a) return null;
      const next = { ...a, ...patch } as AreaRow;
      areas.set(areaId, next);
      return next;
    },
    async insideCounts(eventId) {
      const out = new Map<string, number>();
      for (const p of presence.values()) if (p.eventId === eventId && p.inside) out.set(p.areaId, (out.get(p.areaId) ?? 0) + 1);
      return out;
    },
    async insideCount(areaId) {
      return insideOf(areaId);
    },
    async areasByIds(ids) {
      return ids.flatMap((id) => areas.get(id) ?? []);
    },

    // ------------------------------------------------------------ device groups
    async listDeviceGroups(organisationId, eventId) {
      return [...groups.values()].filter((g) => g.organisationId === organisationId && g.eventId === eventId).sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    },
    async findDeviceGroup(groupId) {
      return groups.get(groupId) ?? null;
    },
    async insertDeviceGroup(row) {
      const t = new Date();
      const g: DeviceGroupRow = { description: '', createdAt: t, updatedAt: t, ...row };
      groups.set(g.id, g);
      return g;
    },
    async updateDeviceGroup(groupId, patch) {
      const g = groups.get(groupId);
      if (!g) return null;
      const next = { ...g, ...patch } as DeviceGroupRow;
      groups.set(groupId, next);
      return next;
    },
    async deleteDeviceGroup(groupId) {
      for (const d of devices.values()) if (d.groupId === groupId) devices.set(d.id, { ...d, groupId: null });
      return groups.delete(groupId);
    },
    async setGroupMembers(organisationId, eventId, groupId, deviceIds) {
      for (const d of devices.values()) {
        if (d.groupId === groupId && !deviceIds.includes(d.id)) devices.set(d.id, { ...d, groupId: null });
        if (deviceIds.includes(d.id) && d.organisationId === organisationId && d.eventId === eventId && live(d)) devices.set(d.id, { ...d, groupId });
      }
    },

    // ------------------------------------------------------------ devices
    async listDevices(organisationId, eventId) {
      return [...devices.values()].filter((d) => d.organisationId === organisationId && d.eventId === eventId && live(d));
    },
    async findDevice(deviceId) {
      const d = devices.get(deviceId);
      return d && live(d) ? d : null;
    },
    async findDeviceByToken(tokenHash) {
      return [...devices.values()].find((d) => d.tokenHash === tokenHash && d.status === 'active' && live(d)) ?? null;
    },
    async findDeviceByCode(codeHash) {
      return [...devices.values()].find((d) => d.codeHash === codeHash) ?? null;
    },
    async insertDevice(row) {
      const t = new Date();
      const d: DeviceRow = {
        areaIds: [],
        status: 'pending',
        tokenHash: null,
        codeHash: null,
        codeExpiresAt: null,
        pairedAt: null,
        lastSeenAt: null,
        revokedAt: null,
        deletedAt: null,
        relayUrl: null,
        relayEnabled: false,
        groupId: null,
        lastRelayAt: null,
        lastRelayStatus: null,
        createdAt: t,
        updatedAt: t,
        ...row,
      };
      devices.set(d.id, d);
      return d;
    },
    async updateDevice(deviceId, patch) {
      const d = devices.get(deviceId);
      if (!d) return null;
      const next = { ...d, ...patch } as DeviceRow;
      devices.set(deviceId, next);
      return next;
    },
    async setDevicesStatus(ids, status) {
      for (const id of ids) {
        const d = devices.get(id);
        if (d) devices.set(id, { ...d, status });
      }
    },
    async updateDevicesOfEvent(organisationId, eventId, patch) {
      const rows = await repo.listDevices(organisationId, eventId);
      return Promise.all(rows.map(async (d) => (await repo.updateDevice(d.id, patch))!));
    },
    async consumeCode(codeHash, tokenHash, now) {
      const d = [...devices.values()].find((x) => x.codeHash === codeHash && x.codeExpiresAt && x.codeExpiresAt > now && x.status !== 'revoked' && live(x));
      if (!d) return null;
      return repo.updateDevice(d.id, { tokenHash, codeHash: null, codeExpiresAt: null, status: 'active', pairedAt: now, lastSeenAt: now, updatedAt: now });
    },
    async devicesBoundToArea(areaId) {
      return [...devices.values()].filter((d) => d.areaIds.includes(areaId) && live(d) && d.status !== 'revoked');
    },
    async touchDevices(ids, now) {
      for (const id of ids) await repo.updateDevice(id, { lastSeenAt: now });
    },
    async devicesByIds(ids) {
      return ids.flatMap((id) => devices.get(id) ?? []);
    },

    // ------------------------------------------------------------ device log
    async insertLog(row) {
      logs.push({ id: ++seq, meta: {}, createdAt: new Date(), ...row });
    },
    async insertLogs(rows) {
      for (const r of rows) await repo.insertLog(r);
    },
    async listLogs(eventId, q) {
      const rows = [
        ...(q.kind === 'scan' ? [] : logs.filter((l) => l.eventId === eventId && (!q.deviceId || l.deviceId === q.deviceId) && (!q.kind || l.kind === q.kind))).map((l) => ({
          id: `l${l.id}`,
          device_id: l.deviceId,
          kind: l.kind,
          message: l.message,
          meta: l.meta,
          at: l.createdAt,
        })),
        ...(q.kind && q.kind !== 'scan' ? [] : scans.filter((s) => s.eventId === eventId && s.deviceId && (!q.deviceId || s.deviceId === q.deviceId))).map((s) => ({
          id: `s${s.id}`,
          device_id: s.deviceId!,
          kind: 'scan',
          message: `${s.direction} ${s.result}`,
          meta: { areaId: s.areaId, registrationId: s.registrationId, result: s.result, direction: s.direction },
          at: s.receivedAt,
        })),
      ].sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1));
      return { items: rows.slice(q.offset, q.offset + q.limit), total: rows.length };
    },

    // ------------------------------------------------------------ scans and presence
    async insertScan(row) {
      const s = scanRow(row);
      scans.push(s);
      return s.id;
    },
    async insertScans(rows) {
      const out: { id: number; nonce: string | null }[] = [];
      for (const r of rows) {
        if (r.nonce && scans.some((s) => s.deviceId === (r.deviceId ?? null) && s.nonce === r.nonce)) continue;
        out.push({ id: await repo.insertScan(r), nonce: r.nonce ?? null });
      }
      return out;
    },
    async scansByNonce(deviceId, nonces) {
      return scans.filter((s) => s.deviceId === deviceId && s.nonce && nonces.includes(s.nonce)).map((s) => ({ nonce: s.nonce!, result: s.result, conflict: s.conflict }));
    },
    async tryEnter(_tx, p) {
      return enter(p, (cur) => !cur.inside && (p.allowsReentry || !cur.hasLeft));
    },
    async scanBatch(items: ScanBatchItem[]) {
      return items.map((i) => {
        let result = i.fixed;
        if (result === null && i.direction === 'in') result = enter({ ...i, registrationId: i.registrationId! }, (cur) => !cur.inside) ? 'admitted' : 'already_inside';
        if (result === null) result = exit(i.areaId, i.registrationId!, i.at) ? 'exited' : 'not_inside';
        scans.push(scanRow({ ...i, result, scannedAt: i.at, receivedAt: i.at }));
        return result;
      });
    },
    async readPresence(_tx, areaId, registrationId) {
      return presence.get(pairKey(areaId, registrationId)) ?? null;
    },
    async forceEnter(_tx, p) {
      enter(p, () => true);
    },
    async tryExit(_tx, areaId, registrationId, at) {
      return exit(areaId, registrationId, at);
    },
    async lockArea() {},
    async autoCheckout(now, scope = {}) {
      const touched = new Set<string>();
      for (const p of [...presence.values()]) {
        const a = areas.get(p.areaId);
        if (!p.inside || !a || (scope.eventId && a.eventId !== scope.eventId) || (scope.areaId && p.areaId !== scope.areaId)) continue;
        if (scope.registrationId && p.registrationId !== scope.registrationId) continue;
        const until = Math.min(a.autoCheckoutAt?.getTime() ?? Infinity, a.autoCheckoutAfterMinutes && p.enteredAt ? p.enteredAt.getTime() + a.autoCheckoutAfterMinutes * 60_000 : Infinity);
        if (until > now.getTime()) continue;
        const leftAt = new Date(until);
        presence.set(pairKey(p.areaId, p.registrationId), { ...p, inside: false, hasLeft: true, leftAt, updatedAt: now });
        scans.push(scanRow({ organisationId: p.organisationId, eventId: p.eventId, areaId: p.areaId, registrationId: p.registrationId, direction: 'out', result: 'exited', source: 'auto', scannedAt: leftAt, receivedAt: now }));
        touched.add(p.areaId);
      }
      return [...touched];
    },
    async lockPresence(_tx, pairs, organisationId, eventId, now) {
      return pairs.map((p) => {
        const k = pairKey(p.areaId, p.registrationId);
        const row = presence.get(k) ?? { ...p, organisationId, eventId, inside: false, hasLeft: false, enteredAt: null, leftAt: null, entries: 0, updatedAt: now };
        presence.set(k, row);
        return row;
      });
    },
    async setPresence(_tx, rows, now) {
      for (const r of rows) {
        const k = pairKey(r.areaId, r.registrationId);
        const cur = presence.get(k);
        if (cur) presence.set(k, { ...cur, ...r, updatedAt: now });
      }
    },
    async acceptedScans(areaIds, registrationIds) {
      return scans
        .filter((s) => accepted(s) && areaIds.includes(s.areaId) && s.registrationId && registrationIds.includes(s.registrationId))
        .sort(oldestFirst)
        .map((s) => ({ areaId: s.areaId, registrationId: s.registrationId!, direction: s.direction, scannedAt: s.scannedAt }));
    },
    async insertConflicts(rows) {
      for (const r of rows) conflicts.push({ deviceId: null, registrationId: null, scanId: null, detectedAt: new Date(), resolvedAt: null, resolvedBy: null, note: null, ...r });
    },
    async presenceOf(eventId, areaIds) {
      return [...presence.values()].filter((p) => p.eventId === eventId && areaIds.includes(p.areaId) && (p.inside || p.hasLeft));
    },

    // ------------------------------------------------------------ reads
    async listScans(eventId, f, limit, offset) {
      const rows = scans.filter((s) => scanMatches(s, eventId, f)).sort(newestFirst);
      return { items: rows.slice(offset, offset + limit), total: rows.length };
    },
    async listConflicts(eventId, f, limit, offset) {
      const rows = conflicts
        .filter((c) => c.eventId === eventId && (!f.areaId || c.areaId === f.areaId) && (!f.deviceId || c.deviceId === f.deviceId) && (!f.kind || c.kind === f.kind))
        .filter((c) => f.resolved === undefined || (c.resolvedAt !== null) === f.resolved)
        .sort((a, b) => b.detectedAt.getTime() - a.detectedAt.getTime());
      return { items: rows.slice(offset, offset + limit), total: rows.length };
    },
    async findConflict(eventId, id) {
      return conflicts.find((c) => c.eventId === eventId && c.id === id) ?? null;
    },
    async resolveConflict(id, patch) {
      const i = conflicts.findIndex((c) => c.id === id);
      if (i < 0) return null;
      conflicts[i] = { ...conflicts[i]!, ...patch };
      return conflicts[i]!;
    },
    async hourly(areaId, from) {
      const out = new Map<number, { hour: Date; entries: number; exits: number }>();
      for (const s of scans.filter((x) => x.areaId === areaId && x.scannedAt >= from && accepted(x))) {
        const h = from.getTime() + Math.floor((s.scannedAt.getTime() - from.getTime()) / 3_600_000) * 3_600_000;
        const row = out.get(h) ?? { hour: new Date(h), entries: 0, exits: 0 };
        if (s.result === 'admitted') row.entries++;
        else row.exits++;
        out.set(h, row);
      }
      return [...out.values()].sort((a, b) => a.hour.getTime() - b.hour.getTime());
    },
    async entriesSince(areaId, from) {
      return scans.filter((s) => s.areaId === areaId && s.result === 'admitted' && s.scannedAt >= from).length;
    },
    async eventAdmissions(organisationId, eventId, from, to) {
      return new Set(scans.filter((s) => s.organisationId === organisationId && s.eventId === eventId && s.result === 'admitted' && s.scannedAt <= to && (!from || s.scannedAt >= from)).map((s) => s.registrationId)).size;
    },
    async eventInside(organisationId, eventId) {
      return new Set([...presence.values()].filter((p) => p.organisationId === organisationId && p.eventId === eventId && p.inside).map((p) => p.registrationId)).size;
    },
    async attendeePage(eventId, areaIds, limit, offset) {
      const first = new Map<string, number>();
      for (const s of scans.filter((x) => x.eventId === eventId && x.registrationId && accepted(x) && (!areaIds || areaIds.includes(x.areaId))).sort(oldestFirst))
        if (!first.has(s.registrationId!)) first.set(s.registrationId!, s.scannedAt.getTime());
      const ids = [...first].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
      return { ids: ids.slice(offset, offset + limit), total: ids.length };
    },
    async acceptedScansOfEvent(eventId, registrationIds) {
      return scans
        .filter((s) => s.eventId === eventId && accepted(s) && s.registrationId && (!registrationIds || registrationIds.includes(s.registrationId)))
        .sort(oldestFirst)
        .map((s) => ({ areaId: s.areaId, registrationId: s.registrationId!, direction: s.direction, scannedAt: s.scannedAt }));
    },
  };
  return { repo, areas, devices, groups, presence, scans, conflicts, logs };
}

export const ORG = 'org-1';
export const EVENT = 'event-1';
export const organiser = { userId: 'user-1', organisationId: ORG } as AuthUser;

/** A registration as registration's read model gives it to check-in: approved and paid unless told otherwise. */
export function registrationView(id: string, over: Partial<CheckinRegistrationView> = {}): CheckinRegistrationView {
  return {
    registrationId: id,
    organisationId: ORG,
    registrationNo: `R-${id}`,
    firstName: 'Ada',
    lastName: id,
    ticketId: 'ticket-std',
    ticketName: 'Standard',
    categoryId: null,
    categoryName: null,
    approvalStatus: 'approved',
    orderStatus: 'paid',
    paymentStatus: 'paid',
    photoUpdatedAt: null,
    ...over,
  };
}

/** EVENT's signing key: the fake credentials service gives its public half, as the credentials module does. */
const eventKeys = generateKeyPairSync('ed25519');
const eventPublicKey = eventKeys.publicKey.export({ format: 'jwk' }).x!;

/** A registration's credential string for EVENT, signed with the event key (offline sync checks the signature). */
export function credentialOf(registrationId: string, version = 1): string {
  const claims = { eventId: EVENT, registrationId, version };
  return formatCredential(claims, new Uint8Array(sign(null, Buffer.from(credentialMessage(claims)), eventKeys.privateKey)));
}

/**
 * A check-in service's world without a database: the fake repository, registrations and credentials held in memory,
 * every caller allowed into EVENT (other events answer 404), no realtime, an adjustable clock and the audit entries.
 */
export function fakeCheckinWorld(start = new Date('2027-03-01T09:00:00Z')) {
  const fake = createFakeCheckinRepository();
  const registrations = new Map<string, CheckinRegistrationView>();
  const revoked = new Set<string>();
  const audit: { action: string; target?: string }[] = [];
  const clock = { t: start };
  const now = () => new Date(clock.t);
  const credentialRow = (registrationId: string) => ({
    registrationId,
    eventId: EVENT,
    version: 1,
    status: revoked.has(registrationId) ? 'revoked' : 'valid',
    issuedAt: new Date(0),
    revokedAt: revoked.has(registrationId) ? new Date(0) : null,
  });
  const resolve = async (raw: string, eventId: string) => {
    const c = parseCredential(raw);
    if (!c) return { status: 'malformed' as const, credential: null };
    if (c.eventId !== eventId) return { status: 'other_event' as const, credential: null };
    if (!registrations.has(c.registrationId)) return { status: 'unknown' as const, credential: null };
    const credential = credentialRow(c.registrationId);
    return { status: revoked.has(c.registrationId) ? ('revoked' as const) : ('valid' as const), credential };
  };
  const deps = {
    repo: fake.repo,
    credentials: {
      resolve,
      resolveMany: (raws: string[], eventId: string) => Promise.all(raws.map((r) => resolve(r, eventId))),
      publicKey: async () => ({ publicKey: eventPublicKey }),
      listForEvent: async () => [...registrations.keys()].map(credentialRow),
    } as unknown as CheckinDeps['credentials'],
    registrations: async (eventId: string, q?: { ids?: string[] }) =>
      eventId === EVENT ? [...registrations.values()].filter((r) => !q?.ids || q.ids.includes(r.registrationId)) : [],
    photoUrlOf: () => null,
    assertEvent: async (_caller: AuthUser, organisationId: string, eventId: string) => {
      if (organisationId !== ORG || eventId !== EVENT) throw Object.assign(new Error('event not found'), { statusCode: 404 });
    },
    findEvent: async (eventId: string) => (eventId === EVENT ? { organisationId: ORG, name: 'Expo', timeZone: 'UTC' } : null),
    realtime: null,
    audit: {
      async record(e: { action: string; target?: string }) {
        audit.push({ action: e.action, target: e.target });
      },
    },
    now,
    testing: { unsafeDisableLocking: false, raceWindowMs: 0 },
  } satisfies ServiceDeps<FakeCheckinRepository>;
  const shared = createCheckinShared(deps);
  let areaNo = 0;
  /** An area of EVENT (area-1, area-2…): a gate that lets everyone in unless told otherwise. */
  const area = (over: Partial<AreaRow> = {}) => {
    areaNo++;
    return fake.repo.insertArea({ id: `area-${areaNo}`, organisationId: ORG, eventId: EVENT, name: `Area ${areaNo}`, kind: 'gate', displayKey: `key-${areaNo}`, ...over });
  };
  return { fake, deps, shared, registrations, revoked, audit, clock, area };
}
