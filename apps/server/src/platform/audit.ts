import type { Db } from './db.ts';
import { auditLog } from './platform.tables.ts';

export type AuditEntry = {
  organisationId?: string | null;
  actorUserId?: string | null;
  action: string;
  target?: string | null;
  ip?: string | null;
  meta?: Record<string, unknown>;
};

export type Audit = { record(entry: AuditEntry): Promise<void> };

export function createAudit(db: Db): Audit {
  return {
    async record(entry) {
      await db.insert(auditLog).values({
        organisationId: entry.organisationId ?? null,
        actorUserId: entry.actorUserId ?? null,
        action: entry.action,
        target: entry.target ?? null,
        ip: entry.ip ?? null,
        meta: entry.meta ?? null,
      });
    },
  };
}
