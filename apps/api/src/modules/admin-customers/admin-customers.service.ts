import {
  CUSTOMER_MESSAGES,
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminCustomersQuery,
  type AdminCustomersResponse,
  type StaffRole,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { detailError, notFound } from '../../lib/http-error';
import { revokeAllSessions } from '../../lib/sessions';
import {
  customerOrders,
  findCustomer,
  searchCustomers,
  setBlocked,
  staffBranchIds,
  type BranchScope,
  type CustomerRow,
} from './admin-customers.repository';

// Customers in the back office (issue #14): search by phone or name, their orders, block and unblock. A manager
// tied to branches sees the orders of their branches only; an admin sees everything.

/** Orders shown on a customer's page. */
export const CUSTOMER_ORDERS_LIMIT = 100;

export interface Staff {
  userId: number;
  role: StaffRole;
}

async function scopeOf(db: Db, staff: Staff): Promise<BranchScope> {
  if (staff.role === 'admin') return null;
  const ids = await staffBranchIds(db, staff.userId);
  return ids.length ? ids : null;
}

const fullName = (row: Pick<CustomerRow, 'last_name' | 'first_name' | 'patronymic'>) =>
  [row.last_name, row.first_name, row.patronymic].filter(Boolean).join(' ');

function toCustomer(row: CustomerRow): AdminCustomer {
  return {
    id: row.id,
    phone_number: row.phone_number,
    name: fullName(row),
    email: row.email,
    date_joined: row.date_joined,
    is_active: row.is_active,
    blocked: row.blocked_at !== null,
    orders_count: row.orders_count,
  };
}

export async function customersList(
  db: Db,
  staff: Staff,
  query: AdminCustomersQuery,
): Promise<AdminCustomersResponse> {
  const { rows, total } = await searchCustomers(db, query, await scopeOf(db, staff));
  return { current: query.page, pages: Math.ceil(total / query.size), total, results: rows.map(toCustomer) };
}

async function detail(db: Db, row: CustomerRow, scope: BranchScope): Promise<AdminCustomerDetail> {
  const orders = await customerOrders(db, row.id, scope, CUSTOMER_ORDERS_LIMIT);
  return {
    ...toCustomer(row),
    last_name: row.last_name,
    first_name: row.first_name,
    patronymic: row.patronymic,
    last_login: row.last_login,
    blocked_at: row.blocked_at,
    blocked_reason: row.blocked_reason,
    blocked_by:
      row.blocked_by_id === null
        ? null
        : { id: row.blocked_by_id, name: row.blocked_by_name ?? `№${row.blocked_by_id}` },
    orders: orders.map((o) => ({
      id: o.id,
      number: o.number,
      created_at: o.created_at,
      status: o.status,
      total_price: o.total_price,
      is_paid: o.is_paid,
      branch: { id: o.branch_id, title: o.branch_title },
    })),
  };
}

/** Staff accounts are not customers: the desk neither shows nor blocks them (404). */
function customerOr404(row: CustomerRow | undefined): CustomerRow {
  if (!row || row.role !== 'customer') throw notFound();
  return row;
}

export async function customerDetail(db: Db, staff: Staff, id: number): Promise<AdminCustomerDetail> {
  const scope = await scopeOf(db, staff);
  return detail(db, customerOr404(await findCustomer(db, id, scope)), scope);
}

/**
 * Blocks or unblocks a customer. Blocking ends every session of theirs at once (their next request is 401, a
 * refresh fails) and sign-in answers CUSTOMER_MESSAGES.blocked. is_active keeps its meaning (registration
 * confirmed), so re-registering or resetting the password does not lift a block. Audited in the same transaction.
 */
export async function setCustomerBlock(
  db: Db,
  staff: Staff,
  input: { id: number; block: boolean; reason?: string },
): Promise<AdminCustomerDetail> {
  const scope = await scopeOf(db, staff);
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const before = customerOr404(await findCustomer(tx, input.id, scope, { lock: true }));
    const blocked = before.blocked_at !== null;
    if (input.block && blocked) throw detailError(409, CUSTOMER_MESSAGES.alreadyBlocked);
    if (!input.block && !blocked) throw detailError(409, CUSTOMER_MESSAGES.notBlocked);
    const reason = input.reason ?? '';
    await setBlocked(tx, input.id, input.block ? { by: staff.userId, reason } : null);
    if (input.block) await revokeAllSessions(tx, input.id, 'blocked');
    await recordAudit(tx, {
      userId: staff.userId,
      action: input.block ? 'user.block' : 'user.unblock',
      entity: 'user',
      entityId: input.id,
      data: input.block
        ? { blocked_before: false, blocked_after: true, reason }
        : { blocked_before: true, blocked_after: false, reason_before: before.blocked_reason },
    });
    return detail(tx, customerOr404(await findCustomer(tx, input.id, scope)), scope);
  });
}
