import { randomBytes } from 'node:crypto';
import {
  DEVICE_CODE_TTL_HOURS,
  type TDevice,
  type TDeviceArea,
  type TDeviceCommandResult,
  type TDeviceCreateRequest,
  type TDeviceGroup,
  type TDeviceGroupCreateRequest,
  type TDeviceGroupUpdateRequest,
  type TDeviceKind,
  type TDeviceLogEntry,
  type TDeviceLogKind,
  type TDevicePairResponse,
  type TDeviceSelf,
  type TDeviceUpdateRequest,
  type THospitalityDeviceEvent,
  type TPage,
  type TRelayConfig,
  type TRelayConfigRequest,
  type TRelayResult,
} from '@pavilion/domain';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { sqlState } from '../../platform/db.ts';
import { hashSecret, newId } from '../../platform/ids.ts';
import { areaView } from './checkin.areas.service.ts';
import { checkinErrors } from './checkin.errors.ts';
import { putRelay } from './checkin.relay.ts';
import type { AreaRow, CheckinRepository, DeviceGroupRow, DeviceRow } from './checkin.repository.ts';
import { CACHE_TTL_MS, csvLine, iso, pageOf, type CheckinShared, type DeviceSession, type ServiceDeps, type SharedRepository } from './checkin.shared.ts';

/** What the devices service reads and writes. */
export type DevicesRepository = SharedRepository &
  Pick<
    CheckinRepository,
    | 'transaction'
    | 'listAreas'
    | 'listDevices'
    | 'findDevice'
    | 'findDeviceByToken'
    | 'findDeviceByCode'
    | 'insertDevice'
    | 'updateDevice'
    | 'setDevicesStatus'
    | 'updateDevicesOfEvent'
    | 'consumeCode'
    | 'insertLogs'
    | 'listLogs'
    | 'listDeviceGroups'
    | 'findDeviceGroup'
    | 'insertDeviceGroup'
    | 'updateDeviceGroup'
    | 'deleteDeviceGroup'
    | 'setGroupMembers'
  >;

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U

/** A short, human-typeable pairing code: 8 Crockford characters (40 bits), shown as XXXX-XXXX. */
function newPairingCode(): string {
  const bytes = randomBytes(8);
  let s = '';
  for (const b of bytes) s += CODE_ALPHABET[b & 31];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}
/** What the user typed, back to the stored form: case, dashes and spaces ignored, I/L → 1, O → 0. */
export function normaliseCode(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

/** An area as a device sees it: no display key, no figures. */
function deviceAreaView(a: AreaRow): TDeviceArea {
  const { displayKey: _k, inside: _i, eventId: _e, createdAt: _c, updatedAt: _u, ...rest } = areaView(a, 0);
  return rest;
}

/**
 * Check-in devices: scanners and screens, their pairing codes and tokens (device authentication, revocation), device
 * groups, the dashboard's commands to them over the socket, relay settings and the device log.
 */
export function createCheckinDevicesService(deps: ServiceDeps<DevicesRepository>, shared: CheckinShared) {
  const { repo } = deps;
  const { now, deviceCache, invalidateDevice, roomSize, log } = shared;

  async function deviceInEvent(organisationId: string, eventId: string, deviceId: string): Promise<DeviceRow> {
    const d = await repo.findDevice(deviceId);
    if (!d || d.organisationId !== organisationId || d.eventId !== eventId) throw checkinErrors.deviceNotFound();
    return d;
  }
  async function groupInEvent(organisationId: string, eventId: string, groupId: string): Promise<DeviceGroupRow> {
    const g = await repo.findDeviceGroup(groupId);
    if (!g || g.organisationId !== organisationId || g.eventId !== eventId) throw checkinErrors.deviceGroupNotFound();
    return g;
  }
  /** Every listed device must be a live device of this event. */
  async function assertDevices(organisationId: string, eventId: string, deviceIds: string[]) {
    const known = new Set((await repo.listDevices(organisationId, eventId)).map((d) => d.id));
    if (deviceIds.some((id) => !known.has(id))) throw checkinErrors.unknownDevices();
  }
  const sessionOf = (d: DeviceRow): DeviceSession => ({
    id: d.id,
    organisationId: d.organisationId,
    eventId: d.eventId,
    name: d.name,
    kind: d.kind as TDeviceKind,
    areaIds: d.areaIds,
    relayUrl: d.relayUrl,
    relayEnabled: d.relayEnabled,
  });


  function deviceView(d: DeviceRow): TDevice {
    return {
      id: d.id,
      eventId: d.eventId,
      name: d.name,
      kind: d.kind as TDeviceKind,
      areaIds: d.areaIds,
      status: d.status as TDevice['status'],
      codeExpiresAt: d.codeHash && d.codeExpiresAt && d.codeExpiresAt > now() ? d.codeExpiresAt.toISOString() : null,
      pairedAt: iso(d.pairedAt),
      lastSeenAt: iso(d.lastSeenAt),
      revokedAt: iso(d.revokedAt),
      relayUrl: d.relayUrl,
      relayEnabled: d.relayEnabled,
      groupId: d.groupId,
      isOnline: roomSize(`device:${d.id}`) > 0,
      createdAt: d.createdAt.toISOString(),
    };
  }

  async function assertAreas(organisationId: string, eventId: string, areaIds: string[]) {
    const areas = await repo.listAreas(organisationId, eventId);
    const known = new Set(areas.map((a) => a.id));
    if (areaIds.some((id) => !known.has(id))) throw checkinErrors.unknownAreas();
  }

  // ---------------------------------------------------------------- realtime
  function emitDevice(room: string, event: THospitalityDeviceEvent, eventId: string, deviceId: string | null, reason: string | null): number {
    const rt = deps.realtime;
    if (!rt) return 0;
    rt.hospitality.to(room).emit(event, { event, eventId, deviceId, reason, at: now().toISOString() });
    return roomSize(room);
  }
  function disconnectLater(room: string) {
    const rt = deps.realtime;
    if (!rt) return;
    // Let the deviceLogout packet leave before the socket closes.
    setTimeout(() => rt.hospitality.in(room).disconnectSockets(true), 250).unref();
  }

  async function issueCode(d: DeviceRow): Promise<{ device: DeviceRow; code: string; codeExpiresAt: Date }> {
    for (let attempt = 0; ; attempt++) {
      const code = newPairingCode();
      const codeExpiresAt = new Date(now().getTime() + DEVICE_CODE_TTL_HOURS * 3_600_000);
      try {
        const row = await repo.updateDevice(d.id, { codeHash: hashSecret(normaliseCode(code)), codeExpiresAt, updatedAt: now() });
        return { device: row!, code, codeExpiresAt };
      } catch (err) {
        if (attempt >= 3) throw err; // a 40-bit collision among outstanding codes: try another
      }
    }
  }

  /**
   * A dashboard command to one device (`target` its id), to a device group's devices (`{ groupId }`, each sent the
   * single-device event in its own room), or to every device of the event (`null`, the *All events).
   */
  async function command(caller: AuthUser, organisationId: string, eventId: string, target: string | { groupId: string } | null, event: THospitalityDeviceEvent): Promise<TDeviceCommandResult> {
    await deps.assertEvent(caller, organisationId, eventId);
    let ids: string[];
    let reached = 0;
    if (target) {
      if (typeof target !== 'string') await groupInEvent(organisationId, eventId, target.groupId);
      const devices =
        typeof target === 'string'
          ? [await deviceInEvent(organisationId, eventId, target)]
          : (await repo.listDevices(organisationId, eventId)).filter((d) => d.groupId === target.groupId && d.status !== 'revoked');
      ids = devices.map((d) => d.id);
      for (const d of devices) {
        if (event === 'deviceLogout') {
          await repo.updateDevice(d.id, { tokenHash: null, status: d.status === 'revoked' ? 'revoked' : 'pending', updatedAt: now() });
          invalidateDevice(d.id);
        }
        const got = emitDevice(`device:${d.id}`, event, eventId, d.id, 'dashboard');
        reached += got;
        if (event === 'deviceLogout') disconnectLater(`device:${d.id}`);
        await log(d, event === 'deviceLogout' ? 'logout' : 'command', `${event} from the dashboard${typeof target === 'string' ? '' : ' (device group)'}`, { reached: got, by: caller.userId });
      }
    } else {
      const all = await repo.listDevices(organisationId, eventId);
      ids = all.map((d) => d.id);
      if (event === 'deviceLogoutAll') {
        await repo.updateDevicesOfEvent(organisationId, eventId, { tokenHash: null, updatedAt: now() });
        // Signed-out devices wait for a new pairing; revoked ones stay revoked.
        const active = all.filter((d) => d.status === 'active').map((d) => d.id);
        if (active.length) await repo.setDevicesStatus(active, 'pending');
        for (const d of all) invalidateDevice(d.id);
      }
      reached = emitDevice(`event:${eventId}:devices`, event, eventId, null, 'dashboard');
      if (event === 'deviceLogoutAll') disconnectLater(`event:${eventId}:devices`);
      const at = now();
      const kind: TDeviceLogKind = event === 'deviceLogoutAll' ? 'logout' : 'command';
      await repo.insertLogs(all.map((d) => ({ organisationId: d.organisationId, eventId: d.eventId, deviceId: d.id, kind, message: `${event} from the dashboard`, meta: { by: caller.userId }, createdAt: at })));
    }
    return { event, deviceIds: ids, reached };
  }

  function deviceGroupView(g: DeviceGroupRow, devices: DeviceRow[]): TDeviceGroup {
    const members = devices.filter((d) => d.groupId === g.id);
    return {
      id: g.id,
      eventId: g.eventId,
      name: g.name,
      description: g.description,
      deviceIds: members.map((d) => d.id),
      onlineCount: members.filter((d) => roomSize(`device:${d.id}`) > 0).length,
      createdAt: g.createdAt.toISOString(),
      updatedAt: g.updatedAt.toISOString(),
    };
  }
  const groupNameTaken = (err: unknown): never => {
    if (sqlState(err) === '23505') throw checkinErrors.deviceGroupNameTaken();
    throw err;
  };

  const service = {
    // ---------------------------------------------------------------- devices
    async listDevices(caller: AuthUser, organisationId: string, eventId: string): Promise<TDevice[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      return (await repo.listDevices(organisationId, eventId)).map(deviceView);
    },
    async getDevice(caller: AuthUser, organisationId: string, eventId: string, deviceId: string): Promise<TDevice> {
      await deps.assertEvent(caller, organisationId, eventId);
      return deviceView(await deviceInEvent(organisationId, eventId, deviceId));
    },
    async createDevice(caller: AuthUser, organisationId: string, eventId: string, input: TDeviceCreateRequest) {
      await deps.assertEvent(caller, organisationId, eventId);
      await assertAreas(organisationId, eventId, input.areaIds);
      const t = now();
      const d = await repo.insertDevice({
        id: newId(),
        organisationId,
        eventId,
        name: input.name,
        kind: input.kind,
        areaIds: [...new Set(input.areaIds)],
        status: 'pending',
        relayUrl: input.relayUrl ?? null,
        relayEnabled: !!input.relayUrl,
        createdAt: t,
        updatedAt: t,
      });
      const issued = await issueCode(d);
      await log(d, 'code', 'device created, pairing code issued', { by: caller.userId });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.device.create', target: d.id, meta: { eventId, name: d.name } });
      return { device: deviceView(issued.device), code: issued.code, codeExpiresAt: issued.codeExpiresAt.toISOString() };
    },
    async updateDevice(caller: AuthUser, organisationId: string, eventId: string, deviceId: string, patch: TDeviceUpdateRequest): Promise<TDevice> {
      await deps.assertEvent(caller, organisationId, eventId);
      await deviceInEvent(organisationId, eventId, deviceId);
      if (patch.areaIds) await assertAreas(organisationId, eventId, patch.areaIds);
      if (patch.groupId) await groupInEvent(organisationId, eventId, patch.groupId).catch(() => Promise.reject(checkinErrors.unknownDeviceGroup()));
      const d = await repo.updateDevice(deviceId, { ...patch, ...(patch.areaIds ? { areaIds: [...new Set(patch.areaIds)] } : {}), updatedAt: now() });
      invalidateDevice(deviceId);
      emitDevice(`device:${deviceId}`, 'deviceRefresh', eventId, deviceId, 'configuration changed');
      return deviceView(d!);
    },
    async newCode(caller: AuthUser, organisationId: string, eventId: string, deviceId: string) {
      await deps.assertEvent(caller, organisationId, eventId);
      const d = await deviceInEvent(organisationId, eventId, deviceId);
      if (d.status === 'revoked') throw checkinErrors.deviceRevoked();
      const issued = await issueCode(d);
      await log(d, 'code', 'new pairing code issued', { by: caller.userId });
      return { device: deviceView(issued.device), code: issued.code, codeExpiresAt: issued.codeExpiresAt.toISOString() };
    },
    async revokeDevice(caller: AuthUser, organisationId: string, eventId: string, deviceId: string, remove = false): Promise<TDevice> {
      await deps.assertEvent(caller, organisationId, eventId);
      await deviceInEvent(organisationId, eventId, deviceId);
      const t = now();
      const d = await repo.updateDevice(deviceId, { status: 'revoked', tokenHash: null, codeHash: null, codeExpiresAt: null, revokedAt: t, updatedAt: t, ...(remove ? { deletedAt: t } : {}) });
      invalidateDevice(deviceId);
      emitDevice(`device:${deviceId}`, 'deviceLogout', eventId, deviceId, remove ? 'deleted' : 'revoked');
      disconnectLater(`device:${deviceId}`);
      await log(d!, 'revoke', remove ? 'device deleted' : 'device revoked', { by: caller.userId });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: remove ? 'checkin.device.delete' : 'checkin.device.revoke', target: deviceId, meta: { eventId } });
      return deviceView(d!);
    },
    async exportDevices(caller: AuthUser, organisationId: string, eventId: string): Promise<string> {
      const devices = await service.listDevices(caller, organisationId, eventId);
      const lines = [csvLine(['id', 'name', 'kind', 'status', 'areaIds', 'pairedAt', 'lastSeenAt', 'revokedAt', 'relayUrl', 'relayEnabled'])];
      for (const d of devices) lines.push(csvLine([d.id, d.name, d.kind, d.status, d.areaIds.join(' '), d.pairedAt, d.lastSeenAt, d.revokedAt, d.relayUrl, d.relayEnabled]));
      return `${lines.join('\n')}\n`;
    },
    command,

    // ---------------------------------------------------------------- device groups (AP-283..287)
    async listDeviceGroups(caller: AuthUser, organisationId: string, eventId: string): Promise<TDeviceGroup[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      const [groups, devices] = await Promise.all([repo.listDeviceGroups(organisationId, eventId), repo.listDevices(organisationId, eventId)]);
      return groups.map((g) => deviceGroupView(g, devices));
    },
    async createDeviceGroup(caller: AuthUser, organisationId: string, eventId: string, input: TDeviceGroupCreateRequest): Promise<TDeviceGroup> {
      await deps.assertEvent(caller, organisationId, eventId);
      const deviceIds = [...new Set(input.deviceIds ?? [])];
      await assertDevices(organisationId, eventId, deviceIds);
      const t = now();
      const g = await repo
        .transaction(async (tx) => {
          const row = await repo.insertDeviceGroup({ id: newId(), organisationId, eventId, name: input.name, description: input.description ?? '', createdAt: t, updatedAt: t }, tx);
          await repo.setGroupMembers(organisationId, eventId, row.id, deviceIds, tx);
          return row;
        })
        .catch(groupNameTaken);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.device_group.create', target: g.id, meta: { eventId, name: g.name, devices: deviceIds.length } });
      return deviceGroupView(g, await repo.listDevices(organisationId, eventId));
    },
    async updateDeviceGroup(caller: AuthUser, organisationId: string, eventId: string, groupId: string, patch: TDeviceGroupUpdateRequest): Promise<TDeviceGroup> {
      await deps.assertEvent(caller, organisationId, eventId);
      await groupInEvent(organisationId, eventId, groupId);
      const deviceIds = patch.deviceIds ? [...new Set(patch.deviceIds)] : null;
      if (deviceIds) await assertDevices(organisationId, eventId, deviceIds);
      const g = await repo
        .transaction(async (tx) => {
          const { deviceIds: _members, ...fields } = patch;
          const row = await repo.updateDeviceGroup(groupId, { ...fields, updatedAt: now() }, tx);
          if (deviceIds) await repo.setGroupMembers(organisationId, eventId, groupId, deviceIds, tx);
          return row!;
        })
        .catch(groupNameTaken);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.device_group.update', target: groupId, meta: { eventId, ...(deviceIds ? { devices: deviceIds.length } : {}) } });
      return deviceGroupView(g, await repo.listDevices(organisationId, eventId));
    },
    async deleteDeviceGroup(caller: AuthUser, organisationId: string, eventId: string, groupId: string): Promise<void> {
      await deps.assertEvent(caller, organisationId, eventId);
      const g = await groupInEvent(organisationId, eventId, groupId);
      await repo.deleteDeviceGroup(groupId);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.device_group.delete', target: groupId, meta: { eventId, name: g.name } });
    },
    async exportDeviceGroups(caller: AuthUser, organisationId: string, eventId: string): Promise<string> {
      const groups = await service.listDeviceGroups(caller, organisationId, eventId);
      const names = new Map((await repo.listDevices(organisationId, eventId)).map((d) => [d.id, d.name]));
      const lines = [csvLine(['id', 'name', 'description', 'devices', 'deviceNames', 'createdAt'])];
      for (const g of groups) lines.push(csvLine([g.id, g.name, g.description, g.deviceIds.length, g.deviceIds.map((id) => names.get(id) ?? id).join('; '), g.createdAt]));
      return `${lines.join('\n')}\n`;
    },
    async getRelay(caller: AuthUser, organisationId: string, eventId: string, deviceId: string): Promise<TRelayConfig> {
      await deps.assertEvent(caller, organisationId, eventId);
      const d = await deviceInEvent(organisationId, eventId, deviceId);
      return { relayUrl: d.relayUrl, relayEnabled: d.relayEnabled, lastRelayAt: iso(d.lastRelayAt), lastRelayStatus: d.lastRelayStatus };
    },
    async setRelay(caller: AuthUser, organisationId: string, eventId: string, deviceId: string, input: TRelayConfigRequest): Promise<TRelayConfig> {
      await deps.assertEvent(caller, organisationId, eventId);
      await deviceInEvent(organisationId, eventId, deviceId);
      const d = await repo.updateDevice(deviceId, { relayUrl: input.relayUrl, relayEnabled: input.relayEnabled && !!input.relayUrl, updatedAt: now() });
      invalidateDevice(deviceId);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.device.relay', target: deviceId, meta: { eventId, relayUrl: input.relayUrl } });
      return { relayUrl: d!.relayUrl, relayEnabled: d!.relayEnabled, lastRelayAt: iso(d!.lastRelayAt), lastRelayStatus: d!.lastRelayStatus };
    },
    async toggleRelay(caller: AuthUser, organisationId: string, eventId: string, deviceId: string): Promise<TRelayResult> {
      await deps.assertEvent(caller, organisationId, eventId);
      const d = await deviceInEvent(organisationId, eventId, deviceId);
      if (!d.relayUrl) throw checkinErrors.relayNotConfigured();
      const r = await putRelay(d.relayUrl);
      await repo.updateDevice(d.id, { lastRelayAt: now(), lastRelayStatus: r.ok ? `HTTP ${r.httpStatus}` : (r.error ?? 'failed') });
      await log(d, 'relay', `PUT relay: ${r.ok ? 'ok' : r.error} (toggled from the dashboard)`, { ...r, by: caller.userId });
      return r;
    },
    async listLogs(caller: AuthUser, organisationId: string, eventId: string, q: { page: number; pageSize: number; deviceId?: string; kind?: TDeviceLogKind }): Promise<TPage<TDeviceLogEntry>> {
      await deps.assertEvent(caller, organisationId, eventId);
      const { items, total } = await repo.listLogs(eventId, { deviceId: q.deviceId, kind: q.kind, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      const devices = new Map((await repo.devicesByIds([...new Set(items.map((i) => i.device_id))])).map((d) => [d.id, d]));
      return pageOf(
        items.map((i) => ({ id: i.id, deviceId: i.device_id, deviceName: devices.get(i.device_id)?.name ?? '', kind: i.kind as TDeviceLogKind, message: i.message, meta: i.meta ?? {}, at: new Date(i.at).toISOString() })),
        total,
        q,
      );
    },
    async exportLogs(caller: AuthUser, organisationId: string, eventId: string, q: { deviceId?: string; kind?: TDeviceLogKind }): Promise<string> {
      const lines = [csvLine(['at', 'deviceId', 'deviceName', 'kind', 'message'])];
      for (let page = 1; page <= 1000; page++) {
        const p = await service.listLogs(caller, organisationId, eventId, { ...q, page, pageSize: 100 });
        for (const i of p.items) lines.push(csvLine([i.at, i.deviceId, i.deviceName, i.kind, i.message]));
        if (page * 100 >= p.total) break;
      }
      return `${lines.join('\n')}\n`;
    },

    // ---------------------------------------------------------------- device side
    /** The device behind a token, cached for a few seconds; revocation invalidates this instance's cache at once. */
    async authenticateDevice(token: string): Promise<DeviceSession | null> {
      if (!token.startsWith('pvd_') || token.length > 200) return null;
      const h = hashSecret(token);
      const hit = deviceCache.get(h);
      if (hit && hit.until > Date.now()) return hit.device;
      const row = await repo.findDeviceByToken(h);
      const device = row ? sessionOf(row) : null;
      deviceCache.set(h, { device, until: Date.now() + CACHE_TTL_MS });
      return device;
    },
    async pair(code: string): Promise<TDevicePairResponse> {
      const h = hashSecret(normaliseCode(code));
      const token = `pvd_${randomBytes(32).toString('base64url')}`;
      const row = await repo.consumeCode(h, hashSecret(token), now());
      if (!row) {
        const d = await repo.findDeviceByCode(h);
        if (d?.status === 'revoked') throw checkinErrors.deviceRevoked();
        throw checkinErrors.codeInvalid();
      }
      invalidateDevice(row.id);
      await log(row, 'pair', 'device paired with its one-time code');
      return { deviceToken: token, device: await service.deviceSelf(sessionOf(row)) };
    },
    async deviceSelf(device: DeviceSession): Promise<TDeviceSelf> {
      const evt = await deps.findEvent(device.eventId);
      const areas = (await repo.areasByIds(device.areaIds)).filter((a) => !a.deletedAt);
      return {
        id: device.id,
        name: device.name,
        kind: device.kind,
        eventId: device.eventId,
        eventName: evt?.name ?? '',
        areas: areas.map(deviceAreaView),
        hasRelay: !!(device.relayEnabled && device.relayUrl),
      };
    },
  };
  return service;
}
export type CheckinDevicesService = ReturnType<typeof createCheckinDevicesService>;
