import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, type AdminCustomersQuery } from '@podbor/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { intArray, parseRows, pgIso, pgNumber } from '../../db/sql';
import { staffName } from '../../lib/staff';

// Customers as the back office reads them (users with role customer), and their block.

/** Orders a staff member may see: every branch (null) or a manager's branches. */
export type BranchScope = number[] | null;

const orderScope = (scope: BranchScope, alias = 'o'): SQL =>
  scope === null ? sql`true` : sql`${sql.raw(alias)}.branch_id = any(${intArray(scope)})`;

const customerRow = z.object({
  id: pgNumber,
  phone_number: z.string().nullable(),
  last_name: z.string(),
  first_name: z.string(),
  patronymic: z.string(),
  email: z.string(),
  date_joined: pgIso,
  last_login: pgIso.nullable(),
  is_active: z.boolean(),
  blocked_at: pgIso.nullable(),
  blocked_reason: z.string(),
  blocked_by_id: pgNumber.nullable(),
  blocked_by_name: z.string().nullable(),
  role: z.string(),
  orders_count: pgNumber,
});
export type CustomerRow = z.output<typeof customerRow>;

const select = (
  scope: BranchScope,
) => sql`select u.id, u.phone_number, u.last_name, u.first_name, u.patronymic,
    u.email, u.date_joined, u.last_login, u.is_active, u.blocked_at, u.blocked_reason,
    u.blocked_by as blocked_by_id, coalesce(${staffName('b')}, b.phone_number) as blocked_by_name, u.role,
    (select count(*)::int from orders o where o.user_id = u.id and ${orderScope(scope)}) as orders_count
  from users u left join users b on b.id = u.blocked_by`;

/**
 * What the search box was given: digits of a phone in any spelling (+7 (912) 345-67-89, 89123456789, 345-67)
 * match the stored +7XXXXXXXXXX by substring; anything else matches the name (any of its parts, in any order).
 */
function searchCondition(q: string): SQL {
  const digits = q.replace(/\D/g, '');
  if (/^[\d\s()+-]+$/.test(q) && digits.length >= 3) {
    // 8 9XX… and 7 9XX… are the same number as +7 9XX…; the stored form has no leading 8.
    const local = digits.length === 11 && /^[78]/.test(digits) ? `7${digits.slice(1)}` : digits;
    return sql`u.phone_number like ${`%${local}%`}`;
  }
  const words = q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/[\\%_]/g, '\\$&'));
  return sql.join(
    words.map(
      (w) =>
        sql`lower(u.last_name || ' ' || u.first_name || ' ' || u.patronymic || ' ' || u.email) like ${`%${w}%`}`,
    ),
    sql` and `,
  );
}

export async function searchCustomers(
  db: Db,
  query: AdminCustomersQuery,
  scope: BranchScope,
): Promise<{ rows: CustomerRow[]; total: number }> {
  const where: SQL[] = [sql`u.role = 'customer'`];
  if (query.q) where.push(searchCondition(query.q));
  const condition = sql.join(where, sql` and `);
  const [rows, counted] = await Promise.all([
    parseRows(
      db,
      sql`${select(scope)} where ${condition} order by u.date_joined desc, u.id desc
          limit ${query.size} offset ${(query.page - 1) * query.size}`,
      customerRow,
    ),
    parseRows(db, sql`select count(*)::int as n from users u where ${condition}`, z.object({ n: pgNumber })),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export async function findCustomer(
  db: Db,
  id: number,
  scope: BranchScope,
  opts: { lock?: boolean } = {},
): Promise<CustomerRow | undefined> {
  const [row] = await parseRows(
    db,
    sql`${select(scope)} where u.id = ${id}${opts.lock ? sql` for update of u` : sql``}`,
    customerRow,
  );
  return row;
}

const orderRow = z.object({
  id: pgNumber,
  number: z.string(),
  created_at: pgIso,
  status: z.enum(ORDER_STATUSES),
  total_price: pgNumber,
  is_paid: z.boolean(),
  branch_id: pgNumber,
  branch_title: z.string(),
});

/** The customer's orders, newest first (at most `limit`), within the staff member's branches. */
export async function customerOrders(db: Db, userId: number, scope: BranchScope, limit: number) {
  return parseRows(
    db,
    sql`select o.id, o.number, o.created_at, o.status, o.total_price, o.is_paid, b.id as branch_id, b.title as branch_title
        from orders o join branches b on b.id = o.branch_id
        where o.user_id = ${userId} and ${orderScope(scope)}
        order by o.created_at desc, o.id desc limit ${limit}`,
    orderRow,
  );
}

export async function setBlocked(
  db: Db,
  id: number,
  block: { by: number; reason: string } | null,
): Promise<void> {
  await db.execute(
    block
      ? sql`update users set blocked_at = now(), blocked_reason = ${block.reason}, blocked_by = ${block.by} where id = ${id}`
      : sql`update users set blocked_at = null, blocked_reason = '', blocked_by = null where id = ${id}`,
  );
}

/** A manager's branches; empty for an admin or a manager tied to none (both see every branch). */
export async function staffBranchIds(db: Db, userId: number): Promise<number[]> {
  const rows = await parseRows(
    db,
    sql`select branch_id from staff_branches where user_id = ${userId} order by branch_id`,
    z.object({ branch_id: pgNumber }),
  );
  return rows.map((r) => r.branch_id);
}
