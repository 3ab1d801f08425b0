import {
  CALLBACK_MESSAGES,
  type AdminCallback,
  type AdminCallbacksQuery,
  type AdminCallbacksResponse,
  type AdminCallbacksSummary,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { detailError, notFound } from '../../lib/http-error';
import {
  callbackSummary,
  findCallback,
  listCallbacks,
  updateCallback,
  type CallbackRow,
} from './admin-callbacks.repository';

// The callback desk (issue #14): requests from the storefront's help modal, to be called back within 17 minutes.
// The database is the only state, so any number of API processes answer the desk the same.

function toCallback(row: CallbackRow): AdminCallback {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    name: row.name,
    phone: row.phone,
    message: row.message,
    source: row.source,
    vehicle: row.vehicle,
    created_at: row.created_at,
    due_at: row.due_at,
    overdue: row.overdue,
    taken_by:
      row.taken_by_id === null
        ? null
        : { id: row.taken_by_id, name: row.taken_by_name ?? `№${row.taken_by_id}` },
    taken_at: row.taken_at,
    done_at: row.done_at,
    note: row.note,
    server_time: row.server_time,
  };
}

export async function callbacksList(db: Db, query: AdminCallbacksQuery): Promise<AdminCallbacksResponse> {
  const { rows, total } = await listCallbacks(db, query);
  return {
    current: query.page,
    pages: Math.ceil(total / query.size),
    total,
    results: rows.map(toCallback),
    server_time: rows[0]?.server_time ?? new Date().toISOString(),
  };
}

export async function callbacksSummary(db: Db): Promise<AdminCallbacksSummary> {
  return callbackSummary(db);
}

/** Someone else's request: 409 naming who has it. */
function takenByOther(row: CallbackRow, userId: number): boolean {
  return row.status === 'taken' && row.taken_by_id !== null && row.taken_by_id !== userId;
}

/**
 * A staff member takes a request. The row is locked, so of two managers clicking at once one gets it and the
 * other a 409 that names the first; taking one's own request again changes nothing.
 */
export async function takeCallback(db: Db, input: { id: number; userId: number }): Promise<AdminCallback> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const row = await findCallback(tx, input.id, { lock: true });
    if (!row) throw notFound();
    if (row.status === 'done') throw detailError(409, CALLBACK_MESSAGES.alreadyDone);
    if (takenByOther(row, input.userId))
      throw detailError(409, CALLBACK_MESSAGES.takenBy(row.taken_by_name ?? `сотрудник №${row.taken_by_id}`));
    if (row.status === 'taken') return toCallback(row);
    await updateCallback(tx, input.id, { status: 'taken', takenBy: input.userId, take: true });
    await recordAudit(tx, {
      userId: input.userId,
      action: 'callback.take',
      entity: 'callback',
      entityId: input.id,
      data: { status_before: row.status, status_after: 'taken' },
    });
    return toCallback((await findCallback(tx, input.id))!);
  });
}

/** The staff's note on a request (any staff member may add to it, the audit log keeps every version). */
export async function noteCallback(
  db: Db,
  input: { id: number; userId: number; note: string },
): Promise<AdminCallback> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const row = await findCallback(tx, input.id, { lock: true });
    if (!row) throw notFound();
    if (row.note === input.note) return toCallback(row);
    await updateCallback(tx, input.id, { note: input.note });
    await recordAudit(tx, {
      userId: input.userId,
      action: 'callback.note',
      entity: 'callback',
      entityId: input.id,
      data: { note_before: row.note, note_after: input.note },
    });
    return toCallback((await findCallback(tx, input.id))!);
  });
}

/**
 * Marks a request done. A new one is taken and done in one step by whoever called; someone else's is refused (409
 * naming them) so two people never call the same customer; done again changes nothing.
 */
export async function finishCallback(db: Db, input: { id: number; userId: number }): Promise<AdminCallback> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const row = await findCallback(tx, input.id, { lock: true });
    if (!row) throw notFound();
    if (row.status === 'done') return toCallback(row);
    if (takenByOther(row, input.userId))
      throw detailError(409, CALLBACK_MESSAGES.takenBy(row.taken_by_name ?? `сотрудник №${row.taken_by_id}`));
    await updateCallback(tx, input.id, {
      status: 'done',
      done: true,
      ...(row.status === 'new' ? { takenBy: input.userId, take: true } : {}),
    });
    await recordAudit(tx, {
      userId: input.userId,
      action: 'callback.done',
      entity: 'callback',
      entityId: input.id,
      data: { status_before: row.status, status_after: 'done', overdue: row.overdue },
    });
    return toCallback((await findCallback(tx, input.id))!);
  });
}
