import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

// The staff audit log (table audit_log). Write an entry in the transaction of the action it records, so an action
// that rolls back leaves no entry and an entry always means the action happened.

export interface AuditEntry {
  /** The staff member; null for the system itself. */
  userId: number | null;
  /** `<entity>.<verb>`, e.g. `order.release`. */
  action: string;
  entity: string;
  entityId: string | number;
  data?: Record<string, unknown>;
}

export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    data: entry.data ?? {},
  });
}
