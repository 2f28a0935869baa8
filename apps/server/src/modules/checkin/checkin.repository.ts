import { and, asc, count, desc, eq, gte, inArray, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { checkinAreas, checkinConflicts, checkinDeviceGroups, checkinDeviceLogs, checkinDevices, checkinPresence, checkinScans } from './checkin.tables.ts';

export type AreaRow = typeof checkinAreas.$inferSelect;
export type DeviceRow = typeof checkinDevices.$inferSelect;
export type DeviceGroupRow = typeof checkinDeviceGroups.$inferSelect;
export type ScanRow = typeof checkinScans.$inferSelect;
export type ScanInsert = typeof checkinScans.$inferInsert;
export type ConflictRow = typeof checkinConflicts.$inferSelect;
export type PresenceRow = typeof checkinPresence.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type ScanFilters = {
  areaId?: string;
  deviceId?: string;
  registrationId?: string;
  result?: string;
  source?: string;
  direction?: string;
  conflict?: boolean;
  from?: Date;
  to?: Date;
};

/** A ledger row that found someone at a door (programme's attendance catch-up reads these through check-in's port). */
export type DoorScanRow = { id: number; eventId: string; areaId: string; registrationId: string; direction: string; scannedAt: Date };

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** One scan of a batched write (see `scanBatch`). */
export type ScanBatchItem = {
  direction: 'in' | 'out';
  areaId: string;
  registrationId: string | null;
  organisationId: string;
  eventId: string;
  deviceId: string | null;
  actorUserId: string | null;
  source: string;
  at: Date;
  /** A result decided before the write (a refusal): only the ledger row is written. */
  fixed: string | null;
};

/** The only file that queries checkin_* tables. No business rules: the service decides, this stores. */
export function createCheckinRepository(db: Db) {
  function scanWhere(eventId: string, f: ScanFilters): SQL {
    const w = [eq(checkinScans.eventId, eventId)];
    if (f.areaId) w.push(eq(checkinScans.areaId, f.areaId));
    if (f.deviceId) w.push(eq(checkinScans.deviceId, f.deviceId));
    if (f.registrationId) w.push(eq(checkinScans.registrationId, f.registrationId));
    if (f.result) w.push(eq(checkinScans.result, f.result));
    if (f.source) w.push(eq(checkinScans.source, f.source));
    if (f.direction) w.push(eq(checkinScans.direction, f.direction));
    if (f.conflict === true) w.push(sql`${checkinScans.conflict} is not null`);
    if (f.conflict === false) w.push(sql`${checkinScans.conflict} is null`);
    if (f.from) w.push(gte(checkinScans.scannedAt, f.from));
    if (f.to) w.push(lte(checkinScans.scannedAt, f.to));
    return and(...w)!;
  }

  return {
    db,
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    // ------------------------------------------------------------ areas
    async listAreas(organisationId: string, eventId: string): Promise<AreaRow[]> {
      return db
        .select()
        .from(checkinAreas)
        .where(and(eq(checkinAreas.organisationId, organisationId), eq(checkinAreas.eventId, eventId), isNull(checkinAreas.deletedAt)))
        .orderBy(asc(checkinAreas.createdAt), asc(checkinAreas.id));
    },
    async findArea(areaId: string): Promise<AreaRow | null> {
      const [row] = await db
        .select()
        .from(checkinAreas)
        .where(and(eq(checkinAreas.id, areaId), isNull(checkinAreas.deletedAt)))
        .limit(1);
      return row ?? null;
    },
    async insertArea(row: typeof checkinAreas.$inferInsert): Promise<AreaRow> {
      const [r] = await db.insert(checkinAreas).values(row).returning();
      return r!;
    },
    async updateArea(areaId: string, patch: Partial<typeof checkinAreas.$inferInsert>): Promise<AreaRow | null> {
      const [r] = await db.update(checkinAreas).set(patch).where(eq(checkinAreas.id, areaId)).returning();
      return r ?? null;
    },
    async insideCounts(eventId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ areaId: checkinPresence.areaId, n: count() })
        .from(checkinPresence)
        .where(and(eq(checkinPresence.eventId, eventId), eq(checkinPresence.inside, true)))
        .groupBy(checkinPresence.areaId);
      return new Map(rows.map((r) => [r.areaId, Number(r.n)]));
    },
    async insideCount(areaId: string, tx: DbOrTx = db): Promise<number> {
      const [r] = await tx
        .select({ n: count() })
        .from(checkinPresence)
        .where(and(eq(checkinPresence.areaId, areaId), eq(checkinPresence.inside, true)));
      return Number(r?.n ?? 0);
    },

    // ------------------------------------------------------------ device groups
    async listDeviceGroups(organisationId: string, eventId: string): Promise<DeviceGroupRow[]> {
      return db
        .select()
        .from(checkinDeviceGroups)
        .where(and(eq(checkinDeviceGroups.organisationId, organisationId), eq(checkinDeviceGroups.eventId, eventId)))
        .orderBy(asc(sql`lower(${checkinDeviceGroups.name})`), asc(checkinDeviceGroups.id));
    },
    async findDeviceGroup(groupId: string, tx: DbOrTx = db): Promise<DeviceGroupRow | null> {
      const [row] = await tx.select().from(checkinDeviceGroups).where(eq(checkinDeviceGroups.id, groupId)).limit(1);
      return row ?? null;
    },
    async insertDeviceGroup(row: typeof checkinDeviceGroups.$inferInsert, tx: DbOrTx = db): Promise<DeviceGroupRow> {
      const [r] = await tx.insert(checkinDeviceGroups).values(row).returning();
      return r!;
    },
    async updateDeviceGroup(groupId: string, patch: Partial<typeof checkinDeviceGroups.$inferInsert>, tx: DbOrTx = db): Promise<DeviceGroupRow | null> {
      const [r] = await tx.update(checkinDeviceGroups).set(patch).where(eq(checkinDeviceGroups.id, groupId)).returning();
      return r ?? null;
    },
    /** Deletes the group; its devices stay, out of any group (the foreign key sets their group_id to null). */
    async deleteDeviceGroup(groupId: string): Promise<boolean> {
      const rows = await db.delete(checkinDeviceGroups).where(eq(checkinDeviceGroups.id, groupId)).returning({ id: checkinDeviceGroups.id });
      return rows.length > 0;
    },
    /** The group's whole membership: the listed devices (of this event, not deleted) join it, its other devices leave. */
    async setGroupMembers(organisationId: string, eventId: string, groupId: string, deviceIds: string[], tx: DbOrTx = db): Promise<void> {
      const leaving = deviceIds.length ? and(eq(checkinDevices.groupId, groupId), notInArray(checkinDevices.id, deviceIds)) : eq(checkinDevices.groupId, groupId);
      await tx.update(checkinDevices).set({ groupId: null }).where(leaving);
      if (!deviceIds.length) return;
      await tx
        .update(checkinDevices)
        .set({ groupId })
        .where(and(eq(checkinDevices.organisationId, organisationId), eq(checkinDevices.eventId, eventId), inArray(checkinDevices.id, deviceIds), isNull(checkinDevices.deletedAt)));
    },

    // ------------------------------------------------------------ devices
    async listDevices(organisationId: string, eventId: string): Promise<DeviceRow[]> {
      return db
        .select()
        .from(checkinDevices)
        .where(and(eq(checkinDevices.organisationId, organisationId), eq(checkinDevices.eventId, eventId), isNull(checkinDevices.deletedAt)))
        .orderBy(asc(checkinDevices.createdAt), asc(checkinDevices.id));
    },
    async findDevice(deviceId: string): Promise<DeviceRow | null> {
      const [row] = await db
        .select()
        .from(checkinDevices)
        .where(and(eq(checkinDevices.id, deviceId), isNull(checkinDevices.deletedAt)))
        .limit(1);
      return row ?? null;
    },
    async findDeviceByToken(tokenHash: string): Promise<DeviceRow | null> {
      const [row] = await db
        .select()
        .from(checkinDevices)
        .where(and(eq(checkinDevices.tokenHash, tokenHash), eq(checkinDevices.status, 'active'), isNull(checkinDevices.deletedAt)))
        .limit(1);
      return row ?? null;
    },
    async insertDevice(row: typeof checkinDevices.$inferInsert): Promise<DeviceRow> {
      const [r] = await db.insert(checkinDevices).values(row).returning();
      return r!;
    },
    async updateDevice(deviceId: string, patch: Partial<typeof checkinDevices.$inferInsert>): Promise<DeviceRow | null> {
      const [r] = await db.update(checkinDevices).set(patch).where(eq(checkinDevices.id, deviceId)).returning();
      return r ?? null;
    },
    async setDevicesStatus(ids: string[], status: string): Promise<void> {
      await db.update(checkinDevices).set({ status }).where(inArray(checkinDevices.id, ids));
    },
    async updateDevicesOfEvent(organisationId: string, eventId: string, patch: Partial<typeof checkinDevices.$inferInsert>): Promise<DeviceRow[]> {
      return db
        .update(checkinDevices)
        .set(patch)
        .where(and(eq(checkinDevices.organisationId, organisationId), eq(checkinDevices.eventId, eventId), isNull(checkinDevices.deletedAt)))
        .returning();
    },
    /** Single use even under concurrency: one conditional UPDATE consumes the code. */
    async consumeCode(codeHash: string, tokenHash: string, now: Date): Promise<DeviceRow | null> {
      const [r] = await db
        .update(checkinDevices)
        .set({ tokenHash, codeHash: null, codeExpiresAt: null, status: 'active', pairedAt: now, lastSeenAt: now, updatedAt: now })
        .where(
          and(
            eq(checkinDevices.codeHash, codeHash),
            sql`${checkinDevices.codeExpiresAt} > ${now}`,
            sql`${checkinDevices.status} <> 'revoked'`,
            isNull(checkinDevices.deletedAt),
          ),
        )
        .returning();
      return r ?? null;
    },
    async findDeviceByCode(codeHash: string): Promise<DeviceRow | null> {
      const [row] = await db.select().from(checkinDevices).where(eq(checkinDevices.codeHash, codeHash)).limit(1);
      return row ?? null;
    },
    async devicesBoundToArea(areaId: string): Promise<DeviceRow[]> {
      return db
        .select()
        .from(checkinDevices)
        .where(and(sql`${checkinDevices.areaIds} @> ${JSON.stringify([areaId])}::jsonb`, isNull(checkinDevices.deletedAt), sql`${checkinDevices.status} <> 'revoked'`));
    },
    async touchDevices(ids: string[], now: Date): Promise<void> {
      if (ids.length) await db.update(checkinDevices).set({ lastSeenAt: now }).where(inArray(checkinDevices.id, ids));
    },

    // ------------------------------------------------------------ device log
    async insertLog(row: typeof checkinDeviceLogs.$inferInsert): Promise<void> {
      await db.insert(checkinDeviceLogs).values(row);
    },
    /** One statement for a command sent to every device of an event. */
    async insertLogs(rows: (typeof checkinDeviceLogs.$inferInsert)[]): Promise<void> {
      if (rows.length) await db.insert(checkinDeviceLogs).values(rows);
    },
    /** Device events and scans (scans live in the ledger with their device id), newest first. */
    async listLogs(eventId: string, q: { deviceId?: string; kind?: string; limit: number; offset: number }) {
      const logWhere = sql`l.event_id = ${eventId}${q.deviceId ? sql` and l.device_id = ${q.deviceId}` : sql``}${q.kind ? sql` and l.kind = ${q.kind}` : sql``}`;
      const wantScans = !q.kind || q.kind === 'scan';
      const wantLogs = q.kind !== 'scan';
      const scanWhere = sql`s.event_id = ${eventId} and s.device_id is not null${q.deviceId ? sql` and s.device_id = ${q.deviceId}` : sql``}`;
      const parts: SQL[] = [];
      if (wantLogs) parts.push(sql`select 'l' || l.id as id, l.device_id, l.kind, l.message, l.meta, l.created_at as at from checkin_device_logs l where ${logWhere}`);
      if (wantScans)
        parts.push(
          sql`select 's' || s.id as id, s.device_id, 'scan' as kind, s.direction || ' ' || s.result as message, jsonb_build_object('areaId', s.area_id, 'registrationId', s.registration_id, 'result', s.result, 'direction', s.direction) as meta, s.received_at as at from checkin_scans s where ${scanWhere}`,
        );
      const union = sql.join(parts, sql` union all `);
      const items = rowsOf<{ id: string; device_id: string; kind: string; message: string; meta: Record<string, unknown>; at: string | Date }>(
        await db.execute(sql`select * from (${union}) u order by at desc, id desc limit ${q.limit} offset ${q.offset}`),
      );
      const [{ n }] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from (${union}) u`)) as [{ n: string | number }];
      return { items, total: Number(n) };
    },

    // ------------------------------------------------------------ scans
    async insertScan(row: ScanInsert, tx: DbOrTx = db): Promise<number> {
      const [r] = await tx.insert(checkinScans).values(row).returning({ id: checkinScans.id });
      return r!.id;
    },
    /**
     * Bulk ledger insert as one statement over column arrays (unnest): no per-row query building, no 65,535-parameter
     * limit. Duplicates by (device, nonce) are skipped; the answer lists what was inserted.
     */
    async insertScans(rows: ScanInsert[], tx: DbOrTx = db): Promise<{ id: number; nonce: string | null }[]> {
      if (rows.length === 0) return [];
      const col = <T>(f: (r: ScanInsert) => T) => sql.param(rows.map(f));
      const res = rowsOf<{ id: string | number; nonce: string | null }>(
        await tx.execute(sql`
        insert into checkin_scans (organisation_id, event_id, area_id, device_id, registration_id, direction, result, source, local_result, nonce, conflict, actor_user_id, scanned_at, received_at)
        select * from unnest(${col((r) => r.organisationId)}::text[], ${col((r) => r.eventId)}::text[], ${col((r) => r.areaId)}::text[], ${col((r) => r.deviceId ?? null)}::text[],
                             ${col((r) => r.registrationId ?? null)}::text[], ${col((r) => r.direction)}::text[], ${col((r) => r.result)}::text[], ${col((r) => r.source)}::text[],
                             ${col((r) => r.localResult ?? null)}::text[], ${col((r) => r.nonce ?? null)}::text[], ${col((r) => r.conflict ?? null)}::text[], ${col((r) => r.actorUserId ?? null)}::text[],
                             ${col((r) => r.scannedAt.toISOString())}::timestamptz[], ${col((r) => (r.receivedAt ?? r.scannedAt).toISOString())}::timestamptz[])
        on conflict do nothing
        returning id, nonce`),
      );
      return res.map((r) => ({ id: Number(r.id), nonce: r.nonce }));
    },
    async scansByNonce(deviceId: string, nonces: string[], tx: DbOrTx = db): Promise<{ nonce: string; result: string; conflict: string | null }[]> {
      if (nonces.length === 0) return [];
      return rowsOf<{ nonce: string; result: string; conflict: string | null }>(
        await tx.execute(sql`select nonce, result, conflict from checkin_scans where device_id = ${deviceId} and nonce = any(${sql.param(nonces)}::text[])`),
      );
    },

    /**
     * The atomic entry: flips (area, registration) to inside only if it is not inside (and, without re-entry, has
     * never left). Two gates at the same millisecond: one statement wins, the other waits on the row and then finds
     * it inside. Returns true when this call admitted.
     */
    async tryEnter(tx: DbOrTx, p: { areaId: string; registrationId: string; organisationId: string; eventId: string; at: Date; allowsReentry: boolean }): Promise<boolean> {
      const rows = rowsOf(
        await tx.execute(sql`
        insert into checkin_presence as p (area_id, registration_id, organisation_id, event_id, inside, has_left, entered_at, entries, updated_at)
        values (${p.areaId}, ${p.registrationId}, ${p.organisationId}, ${p.eventId}, true, false, ${p.at}, 1, ${p.at})
        on conflict (area_id, registration_id) do update
          set inside = true, entered_at = excluded.entered_at, entries = p.entries + 1, updated_at = excluded.updated_at
          where p.inside = false ${p.allowsReentry ? sql`` : sql`and p.has_left = false`}
        returning 1 as ok`),
      );
      return rows.length === 1;
    },
    /**
     * The hot path: many scans' presence changes and ledger rows as ONE statement (one implicit transaction, one
     * round trip), whatever the number of gates waiting. Each item is an entry into a re-entry area (a refusal can
     * then only mean "already inside"), an exit, or a refusal decided before (`fixed`: only its ledger row).
     * Atomic like `tryEnter`: a concurrent statement on the same presence row waits for this one and re-checks
     * `inside`. The caller puts each (area, registration) at most once in a batch; rows are locked in key order, and a
     * deadlock with another instance's batch rolls the whole statement back, so the caller may run it again.
     */
    async scanBatch(items: ScanBatchItem[]): Promise<string[]> {
      if (items.length === 0) return [];
      const col = <K extends keyof ScanBatchItem>(k: K, f: (v: ScanBatchItem[K]) => string | null = (v) => (v as string | null) ?? null) =>
        sql.param(items.map((i) => f(i[k])));
      const rows = rowsOf<{ n: number; result: string }>(
        await db.execute(sql`
        with input as (
          select * from unnest(${col('areaId')}::text[], ${col('registrationId')}::text[], ${col('organisationId')}::text[], ${col('eventId')}::text[],
                               ${col('direction')}::text[], ${col('deviceId')}::text[], ${col('actorUserId')}::text[], ${col('source')}::text[],
                               ${col('at', (d) => d.toISOString())}::timestamptz[], ${col('fixed')}::text[])
            with ordinality as t(area_id, registration_id, organisation_id, event_id, direction, device_id, actor_user_id, source, at, fixed, n)
        ),
        ins as (
          insert into checkin_presence as p (area_id, registration_id, organisation_id, event_id, inside, has_left, entered_at, entries, updated_at)
          select area_id, registration_id, organisation_id, event_id, true, false, at, 1, at
            from input where direction = 'in' and fixed is null order by area_id, registration_id
          on conflict (area_id, registration_id) do update
            set inside = true, entered_at = excluded.entered_at, entries = p.entries + 1, updated_at = excluded.updated_at
            where p.inside = false
          returning p.area_id, p.registration_id
        ),
        outs as (
          update checkin_presence p set inside = false, has_left = true, left_at = i.at, updated_at = i.at
            from input i
           where i.direction = 'out' and i.fixed is null and p.area_id = i.area_id and p.registration_id = i.registration_id and p.inside
          returning p.area_id, p.registration_id
        ),
        decided as (
          select i.*, case
              when i.fixed is not null then i.fixed
              when i.direction = 'in' then case when exists (select 1 from ins where ins.area_id = i.area_id and ins.registration_id = i.registration_id) then 'admitted' else 'already_inside' end
              else case when exists (select 1 from outs where outs.area_id = i.area_id and outs.registration_id = i.registration_id) then 'exited' else 'not_inside' end
            end as result
            from input i
        ),
        ledger as (
          insert into checkin_scans (organisation_id, event_id, area_id, device_id, registration_id, direction, result, source, actor_user_id, scanned_at, received_at)
          select organisation_id, event_id, area_id, device_id, registration_id, direction, result, source, actor_user_id, at, at from decided order by n
        )
        select n::int as n, result from decided order by n`),
      );
      return rows.map((r) => r.result);
    },
    /** The race-test control: read, then write without a condition (what the atomic statement prevents). */
    async readPresence(tx: DbOrTx, areaId: string, registrationId: string): Promise<PresenceRow | null> {
      const [r] = await tx
        .select()
        .from(checkinPresence)
        .where(and(eq(checkinPresence.areaId, areaId), eq(checkinPresence.registrationId, registrationId)))
        .limit(1);
      return r ?? null;
    },
    async forceEnter(tx: DbOrTx, p: { areaId: string; registrationId: string; organisationId: string; eventId: string; at: Date }): Promise<void> {
      await tx.execute(sql`
        insert into checkin_presence as p (area_id, registration_id, organisation_id, event_id, inside, has_left, entered_at, entries, updated_at)
        values (${p.areaId}, ${p.registrationId}, ${p.organisationId}, ${p.eventId}, true, false, ${p.at}, 1, ${p.at})
        on conflict (area_id, registration_id) do update set inside = true, entered_at = excluded.entered_at, entries = p.entries + 1, updated_at = excluded.updated_at`);
    },
    async tryExit(tx: DbOrTx, areaId: string, registrationId: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(checkinPresence)
        .set({ inside: false, hasLeft: true, leftAt: at, updatedAt: at })
        .where(and(eq(checkinPresence.areaId, areaId), eq(checkinPresence.registrationId, registrationId), eq(checkinPresence.inside, true)))
        .returning({ areaId: checkinPresence.areaId });
      return rows.length === 1;
    },
    /** Serialises entries of one area (capacity in refuse mode only). */
    async lockArea(tx: DbOrTx, areaId: string): Promise<void> {
      await tx.execute(sql`select id from checkin_areas where id = ${areaId} for update`);
    },

    /**
     * Automatic check-out as one statement: closes every expired presence (by the area's instant or its minutes after
     * entry, the earlier) and writes an `exited`/`auto` ledger row at the computed time. Scoped to an event, an area or
     * one presence; unscoped for the periodic timer. Returns the areas touched.
     */
    async autoCheckout(now: Date, scope: { eventId?: string; areaId?: string; registrationId?: string } = {}, tx: DbOrTx = db): Promise<string[]> {
      const w: SQL[] = [sql`p.inside`, sql`p.area_id = a.id`];
      if (scope.eventId) w.push(sql`a.event_id = ${scope.eventId}`);
      if (scope.areaId) w.push(sql`p.area_id = ${scope.areaId}`);
      if (scope.registrationId) w.push(sql`p.registration_id = ${scope.registrationId}`);
      const until = sql`least(coalesce(a.auto_checkout_at, 'infinity'::timestamptz), coalesce(p.entered_at + make_interval(mins => a.auto_checkout_after_minutes), 'infinity'::timestamptz))`;
      const rows = rowsOf<{ area_id: string }>(
        await tx.execute(sql`
        with closed as (
          update checkin_presence p set inside = false, has_left = true, left_at = ${until}, updated_at = ${now}
          from checkin_areas a
          where ${sql.join(w, sql` and `)} and (a.auto_checkout_at is not null or a.auto_checkout_after_minutes is not null) and ${until} <= ${now}
          returning p.area_id, p.registration_id, p.organisation_id, p.event_id, p.left_at
        )
        insert into checkin_scans (organisation_id, event_id, area_id, registration_id, direction, result, source, scanned_at, received_at)
        select organisation_id, event_id, area_id, registration_id, 'out', 'exited', 'auto', left_at, ${now} from closed
        returning area_id`),
      );
      return [...new Set(rows.map((r) => r.area_id))];
    },

    /** Presence rows for many pairs, locked (offline sync); rows that do not exist yet are created empty first. */
    async lockPresence(tx: DbOrTx, pairs: { areaId: string; registrationId: string }[], organisationId: string, eventId: string, now: Date): Promise<PresenceRow[]> {
      if (pairs.length === 0) return [];
      const areaIds = pairs.map((p) => p.areaId);
      const regIds = pairs.map((p) => p.registrationId);
      await tx.execute(sql`
        insert into checkin_presence (area_id, registration_id, organisation_id, event_id, inside, has_left, entries, updated_at)
        select a, r, ${organisationId}, ${eventId}, false, false, 0, ${now}
        from unnest(${sql.param(areaIds)}::text[], ${sql.param(regIds)}::text[]) as t(a, r)
        on conflict do nothing`);
      // Locked in key order so two syncs touching the same pairs cannot deadlock.
      const rows = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
        select p.* from checkin_presence p
        join unnest(${sql.param(areaIds)}::text[], ${sql.param(regIds)}::text[]) as t(a, r) on p.area_id = t.a and p.registration_id = t.r
        order by p.area_id, p.registration_id
        for update of p`),
      );
      return rows.map((r) => ({
        areaId: r.area_id as string,
        registrationId: r.registration_id as string,
        organisationId: r.organisation_id as string,
        eventId: r.event_id as string,
        inside: r.inside as boolean,
        hasLeft: r.has_left as boolean,
        enteredAt: r.entered_at ? new Date(r.entered_at as string) : null,
        leftAt: r.left_at ? new Date(r.left_at as string) : null,
        entries: Number(r.entries),
        updatedAt: new Date(r.updated_at as string),
      }));
    },
    async setPresence(tx: DbOrTx, rows: { areaId: string; registrationId: string; inside: boolean; hasLeft: boolean; enteredAt: Date | null; leftAt: Date | null; entries: number }[], now: Date): Promise<void> {
      for (let i = 0; i < rows.length; i += 2000) {
        const c = rows.slice(i, i + 2000);
        await tx.execute(sql`
          update checkin_presence p set inside = v.inside, has_left = v.has_left, entered_at = v.entered_at, left_at = v.left_at, entries = v.entries, updated_at = ${now}
          from unnest(${sql.param(c.map((r) => r.areaId))}::text[], ${sql.param(c.map((r) => r.registrationId))}::text[], ${sql.param(c.map((r) => r.inside))}::boolean[],
                      ${sql.param(c.map((r) => r.hasLeft))}::boolean[], ${sql.param(c.map((r) => r.enteredAt?.toISOString() ?? null))}::timestamptz[],
                      ${sql.param(c.map((r) => r.leftAt?.toISOString() ?? null))}::timestamptz[], ${sql.param(c.map((r) => r.entries))}::int[])
            as v(area_id, registration_id, inside, has_left, entered_at, left_at, entries)
          where p.area_id = v.area_id and p.registration_id = v.registration_id`);
      }
    },
    /** Accepted entries and exits of these registrations in these areas, oldest first. */
    async acceptedScans(areaIds: string[], registrationIds: string[], tx: DbOrTx = db): Promise<{ areaId: string; registrationId: string; direction: string; scannedAt: Date }[]> {
      if (areaIds.length === 0 || registrationIds.length === 0) return [];
      const rows = rowsOf<{ area_id: string; registration_id: string; direction: string; scanned_at: string | Date }>(
        await tx.execute(sql`
        select area_id, registration_id, direction, scanned_at from checkin_scans
        where area_id = any(${sql.param(areaIds)}::text[]) and registration_id = any(${sql.param(registrationIds)}::text[]) and result in ('admitted', 'exited')
        order by scanned_at, id`),
      );
      return rows.map((r) => ({ areaId: r.area_id, registrationId: r.registration_id, direction: r.direction, scannedAt: new Date(r.scanned_at) }));
    },
    async insertConflicts(rows: (typeof checkinConflicts.$inferInsert)[], tx: DbOrTx = db): Promise<void> {
      for (let i = 0; i < rows.length; i += 2000) await tx.insert(checkinConflicts).values(rows.slice(i, i + 2000));
    },

    // ------------------------------------------------------------ reads
    async listScans(eventId: string, f: ScanFilters, limit: number, offset: number): Promise<{ items: ScanRow[]; total: number }> {
      const where = scanWhere(eventId, f);
      const items = await db.select().from(checkinScans).where(where).orderBy(desc(checkinScans.scannedAt), desc(checkinScans.id)).limit(limit).offset(offset);
      const [c] = await db.select({ n: count() }).from(checkinScans).where(where);
      return { items, total: Number(c?.n ?? 0) };
    },
    async listConflicts(eventId: string, f: { areaId?: string; deviceId?: string; kind?: string; resolved?: boolean }, limit: number, offset: number) {
      const w = [eq(checkinConflicts.eventId, eventId)];
      if (f.areaId) w.push(eq(checkinConflicts.areaId, f.areaId));
      if (f.deviceId) w.push(eq(checkinConflicts.deviceId, f.deviceId));
      if (f.kind) w.push(eq(checkinConflicts.kind, f.kind));
      if (f.resolved === true) w.push(sql`${checkinConflicts.resolvedAt} is not null`);
      if (f.resolved === false) w.push(isNull(checkinConflicts.resolvedAt));
      const where = and(...w);
      const items = await db.select().from(checkinConflicts).where(where).orderBy(desc(checkinConflicts.detectedAt), desc(checkinConflicts.id)).limit(limit).offset(offset);
      const [c] = await db.select({ n: count() }).from(checkinConflicts).where(where);
      return { items, total: Number(c?.n ?? 0) };
    },
    async findConflict(eventId: string, id: string): Promise<ConflictRow | null> {
      const [r] = await db
        .select()
        .from(checkinConflicts)
        .where(and(eq(checkinConflicts.eventId, eventId), eq(checkinConflicts.id, id)))
        .limit(1);
      return r ?? null;
    },
    async resolveConflict(id: string, patch: { resolvedAt: Date; resolvedBy: string; note: string | null }): Promise<ConflictRow | null> {
      const [r] = await db.update(checkinConflicts).set(patch).where(eq(checkinConflicts.id, id)).returning();
      return r ?? null;
    },
    async presenceOf(eventId: string, areaIds: string[]): Promise<PresenceRow[]> {
      if (areaIds.length === 0) return [];
      return db
        .select()
        .from(checkinPresence)
        .where(and(eq(checkinPresence.eventId, eventId), inArray(checkinPresence.areaId, areaIds), sql`(${checkinPresence.inside} or ${checkinPresence.hasLeft})`));
    },
    /**
     * Entries and exits per hour since `from` (the event's local midnight) for an area. Hours are counted from `from`,
     * not truncated in UTC, so they are the venue's hours also where the offset is not whole hours (e.g. +05:30).
     */
    async hourly(areaId: string, from: Date): Promise<{ hour: Date; entries: number; exits: number }[]> {
      const rows = rowsOf<{ hour: string | Date; entries: string | number; exits: string | number }>(
        await db.execute(sql`
        select ${from}::timestamptz + floor(extract(epoch from (scanned_at - ${from}::timestamptz)) / 3600) * interval '1 hour' as hour,
               count(*) filter (where result = 'admitted') as entries,
               count(*) filter (where result = 'exited') as exits
        from checkin_scans where area_id = ${areaId} and scanned_at >= ${from} and result in ('admitted', 'exited')
        group by 1 order by 1`),
      );
      return rows.map((r) => ({ hour: new Date(r.hour), entries: Number(r.entries), exits: Number(r.exits) }));
    },
    async entriesSince(areaId: string, from: Date): Promise<number> {
      const [r] = await db
        .select({ n: count() })
        .from(checkinScans)
        .where(and(eq(checkinScans.areaId, areaId), eq(checkinScans.result, 'admitted'), gte(checkinScans.scannedAt, from)));
      return Number(r?.n ?? 0);
    },
    async eventAdmissions(organisationId: string, eventId: string, from: Date | null, to: Date): Promise<number> {
      const w = [eq(checkinScans.organisationId, organisationId), eq(checkinScans.eventId, eventId), eq(checkinScans.result, 'admitted'), lte(checkinScans.scannedAt, to)];
      if (from) w.push(gte(checkinScans.scannedAt, from));
      const [r] = await db.select({ n: sql<number>`count(distinct ${checkinScans.registrationId})` }).from(checkinScans).where(and(...w));
      return Number(r?.n ?? 0);
    },
    async eventInside(organisationId: string, eventId: string): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(distinct ${checkinPresence.registrationId})` })
        .from(checkinPresence)
        .where(and(eq(checkinPresence.organisationId, organisationId), eq(checkinPresence.eventId, eventId), eq(checkinPresence.inside, true)));
      return Number(r?.n ?? 0);
    },
    /** Registrations with at least one accepted scan (optionally in some areas), a page of them, by first scan. */
    async attendeePage(eventId: string, areaIds: string[] | null, limit: number, offset: number): Promise<{ ids: string[]; total: number }> {
      const areaFilter = areaIds ? sql` and area_id in (${sql.join(areaIds.length ? areaIds.map((a) => sql`${a}`) : [sql`null`], sql`, `)})` : sql``;
      const base = sql`from checkin_scans where event_id = ${eventId} and registration_id is not null and result in ('admitted', 'exited')${areaFilter}`;
      const ids = rowsOf<{ id: string }>(
        await db.execute(sql`select registration_id as id, min(scanned_at) as first ${base} group by registration_id order by first, registration_id limit ${limit} offset ${offset}`),
      ).map((r) => r.id);
      const [{ n }] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(distinct registration_id) as n ${base}`)) as [{ n: string | number }];
      return { ids, total: Number(n) };
    },
    async acceptedScansOfEvent(eventId: string, registrationIds: string[] | null): Promise<{ areaId: string; registrationId: string; direction: string; scannedAt: Date }[]> {
      const w = [eq(checkinScans.eventId, eventId), inArray(checkinScans.result, ['admitted', 'exited']), sql`${checkinScans.registrationId} is not null`];
      if (registrationIds) {
        if (registrationIds.length === 0) return [];
        w.push(inArray(checkinScans.registrationId, registrationIds));
      }
      return db
        .select({ areaId: checkinScans.areaId, registrationId: sql<string>`${checkinScans.registrationId}`, direction: checkinScans.direction, scannedAt: checkinScans.scannedAt })
        .from(checkinScans)
        .where(and(...w))
        .orderBy(asc(checkinScans.scannedAt), asc(checkinScans.id));
    },
    /**
     * The ledger's door scans that found someone present (admitted, exited, already inside; not automatic check-outs)
     * at these areas, with an id above `afterId`, in id order (programme's attendance catch-up). The id range reads
     * the primary key, so only the rows written since `afterId` are visited, whatever the areas.
     */
    async doorScansAfter(afterId: number, areaIds: string[], limit: number): Promise<DoorScanRow[]> {
      if (areaIds.length === 0) return [];
      return db
        .select({ id: checkinScans.id, eventId: checkinScans.eventId, areaId: checkinScans.areaId, registrationId: sql<string>`${checkinScans.registrationId}`, direction: checkinScans.direction, scannedAt: checkinScans.scannedAt })
        .from(checkinScans)
        .where(
          and(
            sql`${checkinScans.id} > ${afterId}`,
            inArray(checkinScans.areaId, areaIds),
            inArray(checkinScans.result, ['admitted', 'exited', 'already_inside']),
            sql`${checkinScans.registrationId} is not null`,
            sql`${checkinScans.source} <> 'auto'`,
          ),
        )
        .orderBy(asc(checkinScans.id))
        .limit(limit);
    },
    /**
     * One registration's scans in an event that found it present (admitted, exited, already inside; not automatic
     * check-outs), at any area, in id order (programme's session attendance reckons presence spans in rooms from them).
     */
    async presenceScansOf(eventId: string, registrationId: string): Promise<DoorScanRow[]> {
      return db
        .select({ id: checkinScans.id, eventId: checkinScans.eventId, areaId: checkinScans.areaId, registrationId: sql<string>`${checkinScans.registrationId}`, direction: checkinScans.direction, scannedAt: checkinScans.scannedAt })
        .from(checkinScans)
        .where(
          and(
            eq(checkinScans.registrationId, registrationId),
            eq(checkinScans.eventId, eventId),
            inArray(checkinScans.result, ['admitted', 'exited', 'already_inside']),
            sql`${checkinScans.source} <> 'auto'`,
          ),
        )
        .orderBy(asc(checkinScans.id));
    },
    /** The ledger's newest id (0 when empty). */
    async ledgerHead(): Promise<number> {
      const [r] = await db.select({ id: sql<string | null>`max(${checkinScans.id})` }).from(checkinScans);
      return Number(r?.id ?? 0);
    },
    async areasByIds(ids: string[]): Promise<AreaRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(checkinAreas).where(inArray(checkinAreas.id, ids));
    },
    async devicesByIds(ids: string[]): Promise<DeviceRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(checkinDevices).where(inArray(checkinDevices.id, ids));
    },
  };
}
export type CheckinRepository = ReturnType<typeof createCheckinRepository>;
