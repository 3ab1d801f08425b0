import { sql, type SQL } from 'drizzle-orm';
import { CALLBACK_MINUTES, type AdminCallbacksQuery } from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { parseRows, pgIso, pgNumber } from '../../db/sql';
import { staffName } from '../../lib/staff';

// The callback desk's reads and writes of table feedback (callback and consultation requests).

const DUE = sql.raw(`interval '${CALLBACK_MINUTES} minutes'`);

export const callbackRow = z.object({
  id: pgNumber,
  type: z.enum(['CONSULTATION', 'HELP', 'SPECIAL_OFFER']),
  status: z.enum(['new', 'taken', 'done']),
  name: z.string(),
  phone: z.string(),
  message: z.string(),
  source: z.string(),
  vehicle: z.string().nullable(),
  created_at: pgIso,
  due_at: pgIso,
  overdue: z.boolean(),
  taken_by_id: pgNumber.nullable(),
  taken_by_name: z.string().nullable(),
  taken_at: pgIso.nullable(),
  done_at: pgIso.nullable(),
  note: z.string(),
  server_time: pgIso,
});
export type CallbackRow = z.output<typeof callbackRow>;

const SELECT = sql`select f.id, f.type, f.status, f.name, f.phone, f.message, f.source,
    (select nullif(concat_ws(' ', vb.title, vm.title,
        case when t.year_from = t.year_to then t.year_from::text else t.year_from || '–' || t.year_to end)
        || coalesce(', ' || nullif(e.title, ''), ''), '')
       from transports t
       join vehicle_models vm on vm.id = t.model_id
       join vehicle_brands vb on vb.id = vm.brand_id
       left join engines e on e.id = t.engine_id
      where t.id = f.transport_id) as vehicle,
    f.created_at, f.created_at + ${DUE} as due_at,
    (f.status <> 'done' and f.created_at + ${DUE} < now()) as overdue,
    f.taken_by as taken_by_id, coalesce(${staffName('u')}, u.phone_number) as taken_by_name,
    f.taken_at, f.done_at, f.staff_note as note, now() as server_time
  from feedback f left join users u on u.id = f.taken_by`;

function filter(query: Pick<AdminCallbacksQuery, 'status' | 'type'>): SQL {
  const where: SQL[] = [];
  if (query.status === 'open') where.push(sql`f.status <> 'done'`);
  if (query.status === 'done') where.push(sql`f.status = 'done'`);
  if (query.type) where.push(sql`f.type = ${query.type}`);
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

/** Open requests oldest first (the queue: the one closest to its deadline on top); done and all newest first. */
export async function listCallbacks(
  db: Db,
  query: AdminCallbacksQuery,
): Promise<{ rows: CallbackRow[]; total: number }> {
  const where = filter(query);
  const order = query.status === 'open' ? sql`f.created_at asc, f.id asc` : sql`f.created_at desc, f.id desc`;
  const [rows, counted] = await Promise.all([
    parseRows(
      db,
      sql`${SELECT} ${where} order by ${order} limit ${query.size} offset ${(query.page - 1) * query.size}`,
      callbackRow,
    ),
    parseRows(db, sql`select count(*)::int as n from feedback f ${where}`, z.object({ n: pgNumber })),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export async function findCallback(
  db: Db,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<CallbackRow | undefined> {
  // The lock is taken on feedback alone (FOR UPDATE OF f): the left-joined staff account is only read.
  const [row] = await parseRows(
    db,
    sql`${SELECT} where f.id = ${id}${opts.lock ? sql` for update of f` : sql``}`,
    callbackRow,
  );
  return row;
}

const summaryRow = z.object({
  open: pgNumber,
  overdue: pgNumber,
  latest_id: pgNumber,
  changed_at: pgIso.nullable(),
  server_time: pgIso,
});

/**
 * The header badge. Four index lookups (feedback_status_created_idx for the open ones, the primary key for the
 * newest, feedback_updated_idx for the last change), so every staff screen may ask every second.
 */
export async function callbackSummary(db: Db): Promise<z.output<typeof summaryRow>> {
  const [row] = await parseRows(
    db,
    sql`select
        (select count(*)::int from feedback where status in ('new', 'taken')) as open,
        (select count(*)::int from feedback where status in ('new', 'taken') and created_at < now() - ${DUE}) as overdue,
        coalesce((select max(id) from feedback), 0) as latest_id,
        (select max(updated_at) from feedback) as changed_at,
        now() as server_time`,
    summaryRow,
  );
  if (!row) throw new Error('callback summary returned nothing');
  return row;
}

export async function updateCallback(
  db: Db,
  id: number,
  set: { status?: 'taken' | 'done'; takenBy?: number; take?: boolean; done?: boolean; note?: string },
): Promise<void> {
  const parts: SQL[] = [sql`updated_at = now()`];
  if (set.status) parts.push(sql`status = ${set.status}`);
  if (set.takenBy !== undefined) parts.push(sql`taken_by = ${set.takenBy}`);
  if (set.take) parts.push(sql`taken_at = now()`);
  if (set.done) parts.push(sql`done_at = now()`);
  if (set.note !== undefined) parts.push(sql`staff_note = ${set.note}`);
  await db.execute(sql`update feedback set ${sql.join(parts, sql`, `)} where id = ${id}`);
}
