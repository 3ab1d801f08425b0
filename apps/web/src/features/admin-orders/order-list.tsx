'use client';

import {
  ADMIN_ORDER_STATUS_TITLES,
  formatDateTime,
  formatPrice,
  type AdminBranch,
  type OrderStatus,
} from '@podbor/contract';
import Link from 'next/link';
import { useState } from 'react';
import { useAdminQuery } from '@/components/admin/admin-query';
import {
  adminStyles as styles,
  Badge,
  EmptyState,
  LoadError,
  Pager,
  TableSkeleton,
} from '@/components/admin/admin-ui';
import { TAB_STATUSES } from './status';
import { ORDER_STATUS_TONES, OrderStatusBadge } from '@/components/admin/order-status-badge';

/** The tabs' counts refresh this often: a new order shows up without a reload. */
const LIVE_MS = 5_000;

type Filters = {
  status?: OrderStatus;
  q: string;
  /** A branch id, or '' for every branch the staff member handles. */
  branch: string;
  payment_type: '' | 'CARD' | 'CASH';
  paid: '' | 'true' | 'false';
  date_from: string;
  date_to: string;
};

const countText = (c: { count: number; exact: boolean }) =>
  `${c.count.toLocaleString('ru-RU')}${c.exact ? '' : '+'}`;

/**
 * The order desk: status tabs with live counts, a filter bar, the list newest first. `branchIds`: the branches a
 * manager is tied to (empty: every branch), the only ones the branch filter offers.
 */
export function OrderList({ branchIds }: { branchIds: readonly number[] }) {
  const [filters, setFilters] = useState<Filters>({
    status: 'new',
    q: '',
    branch: '',
    payment_type: '',
    paid: '',
    date_from: '',
    date_to: '',
  });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  // Empty values are left out of the address (withQuery), so «any» filters are simply absent.
  const { branch, ...rest } = filters;
  const list = useAdminQuery(
    'adminOrders',
    { query: { ...rest, branch: branch ? Number(branch) : undefined, page } },
    { refetchInterval: LIVE_MS },
  );
  const data = list.data;
  const branches = useAdminQuery('adminBranches', {});
  const cities = groupByCity(
    (branches.data ?? []).filter((b) => branchIds.length === 0 || branchIds.includes(b.id)),
  );

  return (
    <>
      <form
        className={styles.toolbar}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: search.trim() });
        }}
      >
        <label className={styles.control}>
          Номер заказа или телефон
          <input
            className={styles.input}
            type="search"
            value={search}
            placeholder="123456789 или 8 916 123-45-67"
            maxLength={200}
            onChange={(e) => {
              setSearch(e.target.value);
              if (!e.target.value) set({ q: '' });
            }}
          />
        </label>
        {cities.length > 0 && cities.flatMap((c) => c.branches).length > 1 ? (
          <label className={styles.control}>
            Филиал
            <select
              className={styles.select}
              value={filters.branch}
              onChange={(e) => set({ branch: e.target.value })}
            >
              <option value="">{branchIds.length ? 'Все мои' : 'Все'}</option>
              {cities.map((c) => (
                <optgroup key={c.city} label={c.city}>
                  {c.branches.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.title}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
        ) : null}
        <label className={styles.control}>
          Оплата
          <select
            className={styles.select}
            value={filters.payment_type}
            onChange={(e) => set({ payment_type: e.target.value as Filters['payment_type'] })}
          >
            <option value="">Любая</option>
            <option value="CASH">При получении</option>
            <option value="CARD">Онлайн</option>
          </select>
        </label>
        <label className={styles.control}>
          Оплачен
          <select
            className={styles.select}
            value={filters.paid}
            onChange={(e) => set({ paid: e.target.value as Filters['paid'] })}
          >
            <option value="">Все</option>
            <option value="true">Оплачен</option>
            <option value="false">Не оплачен</option>
          </select>
        </label>
        <label className={styles.control}>
          С даты
          <input
            className={styles.input}
            type="date"
            value={filters.date_from}
            onChange={(e) => set({ date_from: e.target.value })}
          />
        </label>
        <label className={styles.control}>
          По дату
          <input
            className={styles.input}
            type="date"
            value={filters.date_to}
            onChange={(e) => set({ date_to: e.target.value })}
          />
        </label>
        <button type="submit" className={styles.input}>
          Найти
        </button>
      </form>

      <div className={styles.tabs} role="tablist" aria-label="Статусы заказов">
        <button
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={!filters.status}
          onClick={() => set({ status: undefined })}
        >
          Все
        </button>
        {TAB_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={filters.status === s}
            data-status-tab={s}
            onClick={() => set({ status: s })}
          >
            {ADMIN_ORDER_STATUS_TITLES[s]}
            {data ? <Badge tone={ORDER_STATUS_TONES[s]}>{countText(data.counts[s])}</Badge> : null}
          </button>
        ))}
      </div>

      {list.error ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      <div className={styles.tableWrap} role="region" aria-label="Заказы" tabIndex={0}>
        {!data ? (
          list.isPending ? (
            <TableSkeleton />
          ) : null
        ) : data.results.length === 0 ? (
          <EmptyState title="Заказов нет">Измените фильтры или дождитесь новых заказов.</EmptyState>
        ) : (
          <table className={styles.table} data-order-list="">
            <thead>
              <tr>
                <th scope="col">Заказ</th>
                <th scope="col">Оформлен</th>
                <th scope="col">Статус</th>
                <th scope="col">Филиал</th>
                <th scope="col">Покупатель</th>
                <th scope="col">Оплата</th>
                <th scope="col" className={styles.num}>
                  Сумма
                </th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((o) => (
                <tr key={o.id} data-order-row={o.number}>
                  <td>
                    <Link href={`/admin/orders/${o.number}`}>№{o.number}</Link>
                    <div className={styles.muted}>{o.lines} поз.</div>
                  </td>
                  <td className={styles.muted}>{formatDateTime(o.created_at)}</td>
                  <td>
                    <OrderStatusBadge status={o.status} />
                  </td>
                  <td>{o.branch.title}</td>
                  <td>
                    {o.customer_name}
                    <div className={styles.muted}>{o.customer_phone}</div>
                  </td>
                  <td>
                    {o.payment_type === 'CASH' ? 'При получении' : 'Онлайн'}
                    <div className={styles.muted}>{o.paid ? 'оплачен' : 'не оплачен'}</div>
                  </td>
                  <td className={styles.num}>{formatPrice(o.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {data ? <Pager list={data} onPage={setPage} /> : null}
    </>
  );
}

/** Branches under their city, cities and branches in alphabetical order. */
function groupByCity(branches: readonly AdminBranch[]) {
  const byCity = new Map<string, AdminBranch[]>();
  for (const b of branches) byCity.set(b.city.title, [...(byCity.get(b.city.title) ?? []), b]);
  return [...byCity]
    .sort(([a], [b]) => a.localeCompare(b, 'ru'))
    .map(([city, list]) => ({ city, branches: list.sort((a, b) => a.title.localeCompare(b.title, 'ru')) }));
}
