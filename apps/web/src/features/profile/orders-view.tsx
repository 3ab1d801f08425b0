import {
  formatDateTime,
  formatPrice,
  pluralRu,
  productUrlFromCategories,
  type OrdersResponse,
} from '@podbor/contract';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { OrderNumberInput } from './order-number-input';
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONES } from './order-status';
import { isFiltered, ordersHref, pageWindow, type OrdersFilter } from './orders-query';
import styles from './profile.module.css';

/** Items shown per order in the list; the rest is counted. */
const ITEMS_SHOWN = 3;

export function StatusBadge({ status }: { status: keyof typeof ORDER_STATUS_LABELS | undefined }) {
  if (!status) return null;
  return (
    <span className={styles.status} data-tone={ORDER_STATUS_TONES[status]} data-order-status={status}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/** The filter bar: a plain GET form, so it works before any script loads and every state has its own URL. */
function Filters({ filter }: { filter: OrdersFilter }) {
  return (
    <form
      method="get"
      action="/profile/orders"
      role="search"
      aria-label="Поиск заказов"
      className={styles.filters}
    >
      <div className={styles.filterField}>
        <label htmlFor="orders-search">Номер заказа</label>
        <OrderNumberInput
          id="orders-search"
          name="search"
          type="search"
          defaultValue={filter.search}
          placeholder="Например, 100000123"
          className={styles.filterInput}
        />
      </div>
      <div className={styles.filterField}>
        <label htmlFor="orders-after">Дата с</label>
        <input
          id="orders-after"
          name="created_after"
          type="date"
          defaultValue={filter.created_after}
          className={styles.filterInput}
        />
      </div>
      <div className={styles.filterField}>
        <label htmlFor="orders-before">Дата по</label>
        <input
          id="orders-before"
          name="created_before"
          type="date"
          defaultValue={filter.created_before}
          className={styles.filterInput}
        />
      </div>
      <div className={styles.filterField}>
        <label htmlFor="orders-ordering">Сортировка</label>
        <select
          id="orders-ordering"
          name="ordering"
          defaultValue={filter.ordering}
          className={styles.filterInput}
        >
          <option value="-created_at">Сначала новые</option>
          <option value="created_at">Сначала старые</option>
        </select>
      </div>
      <div className={styles.filterActions}>
        <button type="submit" className={buttonClass('primary')} data-orders-apply="">
          Найти
        </button>
        {isFiltered(filter) || filter.ordering !== '-created_at' ? (
          <Link href="/profile/orders" className={buttonClass('ghost')} data-orders-reset="">
            Сбросить
          </Link>
        ) : null}
      </div>
    </form>
  );
}

function Pagination({ filter, current, pages }: { filter: OrdersFilter; current: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Страницы" className={styles.pagination}>
      {current > 1 ? (
        <Link href={ordersHref(filter, current - 1)} className={styles.pageLink} rel="prev">
          ← Назад
        </Link>
      ) : null}
      {pageWindow(current, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className={styles.pageGap} aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            href={ordersHref(filter, p)}
            className={styles.pageLink}
            aria-current={p === current ? 'page' : undefined}
            aria-label={`Страница ${p}`}
          >
            {p}
          </Link>
        ),
      )}
      {current < pages ? (
        <Link href={ordersHref(filter, current + 1)} className={styles.pageLink} rel="next">
          Вперёд →
        </Link>
      ) : null}
    </nav>
  );
}

export function OrdersView({ filter, data }: { filter: OrdersFilter; data: OrdersResponse }) {
  const filtered = isFiltered(filter);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>История заказов</h1>
      {data.total > 0 || filtered ? <Filters filter={filter} /> : null}
      {data.total > 0 ? (
        <p className={styles.muted} role="status" data-orders-total="">
          {filtered ? 'Найдено' : 'Всего'} {data.total} {pluralRu(data.total, ['заказ', 'заказа', 'заказов'])}
        </p>
      ) : null}
      {data.results.length === 0 ? (
        <div className={styles.empty} data-orders-empty="">
          {filtered ? (
            <>
              <h2 className={styles.emptyTitle}>Заказы не найдены</h2>
              <p>Проверьте номер заказа или измените даты.</p>
              <Link href="/profile/orders" className={buttonClass('secondary')}>
                Показать все заказы
              </Link>
            </>
          ) : (
            <>
              <h2 className={styles.emptyTitle}>У вас пока нет заказов</h2>
              <p>
                Подберите запчасти для своего автомобиля — заказ появится здесь, и вы сможете следить за его
                статусом.
              </p>
              <Link href="/catalog" className={buttonClass('primary')}>
                Перейти в каталог
              </Link>
            </>
          )}
        </div>
      ) : (
        <ul role="list" className={styles.orders}>
          {data.results.map((order) => {
            const items = order.products ?? [];
            const number = order.number ?? String(order.id);
            return (
              <li key={order.id} className={styles.order} data-order-number={number}>
                <div className={styles.orderHead}>
                  <h2 className={styles.orderTitle}>
                    <Link href={`/profile/orders/${order.number ?? order.id}`} className={styles.orderLink}>
                      Заказ № {number}
                    </Link>
                  </h2>
                  <StatusBadge status={order.status} />
                </div>
                <p className={styles.orderMeta}>
                  <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
                  {order.products_count !== undefined ? (
                    <span>
                      {order.products_count} {pluralRu(order.products_count, ['товар', 'товара', 'товаров'])}
                    </span>
                  ) : null}
                  {order.is_paid ? <span className={styles.paid}>Оплачен</span> : null}
                </p>
                {items.length > 0 ? (
                  <ul role="list" className={styles.orderItems}>
                    {items.slice(0, ITEMS_SHOWN).map((item) => (
                      <li key={item.id}>
                        <Link href={productUrlFromCategories(item.product.categories, item.product.slug)}>
                          {item.title}
                        </Link>
                        <span className={styles.qty}>× {item.quantity}</span>
                      </li>
                    ))}
                    {items.length > ITEMS_SHOWN ? (
                      <li className={styles.muted}>и ещё {items.length - ITEMS_SHOWN}</li>
                    ) : null}
                  </ul>
                ) : null}
                <div className={styles.orderFoot}>
                  <span className={styles.orderTotal} data-order-total="">
                    {formatPrice(order.total_price)}
                  </span>
                  <Link
                    href={`/profile/orders/${order.number ?? order.id}`}
                    className={buttonClass('secondary', 'sm')}
                  >
                    Подробнее
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination filter={filter} current={data.current} pages={data.pages} />
    </div>
  );
}
