import { onOrderExpectedLabel } from '@podbor/contract/offer-text';
import { readyForPickupLabel } from '@podbor/contract/pickup-text';
import {
  formatDateTime,
  formatPrice,
  productUrlFromCategories,
  type OrderDetailResponse,
} from '@podbor/contract';
import Link from 'next/link';
import { FitBadge } from '@/components/catalog/fit-badge';
import { buttonClass } from '@/components/ui/button';
import { safeUrl } from '@/lib/start-data';
import { PAYMENT_TYPE_LABELS } from './order-status';
import { OrderVehicleFact } from './order-vehicle';
import { StatusBadge } from './orders-view';
import styles from './profile.module.css';

export function OrderDetailView({ order }: { order: OrderDetailResponse }) {
  const number = order.number ?? String(order.id);
  const total =
    order.total_price ?? order.products.reduce((sum, p) => sum + (p.total_price ?? p.price * p.quantity), 0);
  const payUrl = !order.is_paid && order.status !== 'cancelled' ? safeUrl(order.payment_url) : null;
  return (
    <div className={styles.page} data-order-detail={number}>
      <p>
        <Link href="/profile/orders" className={styles.backLink}>
          ← История заказов
        </Link>
      </p>
      <div className={styles.detailHead}>
        <h1 className={styles.title}>Заказ № {number}</h1>
        <StatusBadge status={order.status} />
      </div>
      <dl className={`${styles.card} ${styles.facts}`}>
        <div>
          <dt>Дата</dt>
          <dd>
            <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Оплата</dt>
          <dd>
            {PAYMENT_TYPE_LABELS[order.payment_type]} ·{' '}
            {order.is_paid ? (
              <span className={styles.paid}>
                оплачен{order.payment_date ? ` ${formatDateTime(order.payment_date)}` : ''}
              </span>
            ) : (
              'не оплачен'
            )}
          </dd>
        </div>
        <div>
          <dt>Пункт выдачи</dt>
          <dd>{order.branch_office || '—'}</dd>
        </div>
        {order.vehicle ? <OrderVehicleFact vehicle={order.vehicle} /> : null}
        {order.pickup_ready_at ? (
          <div>
            <dt>Готовность</dt>
            <dd data-testid="order-pickup-ready">
              {readyForPickupLabel(order.pickup_ready_at)} — часть товара везём из другого филиала
            </dd>
          </div>
        ) : null}
        {order.comment ? (
          <div>
            <dt>Комментарий</dt>
            <dd>{order.comment}</dd>
          </div>
        ) : null}
      </dl>
      <section className={styles.card} aria-labelledby="order-items-title">
        <h2 id="order-items-title" className={styles.cardTitle}>
          Состав заказа
        </h2>
        <ul role="list" className={styles.lines}>
          {order.products.map((line) => {
            const image = safeUrl(line.image);
            const lineTotal = line.total_price ?? line.price * line.quantity;
            return (
              <li key={line.id} className={styles.line} data-order-line="">
                <span className={styles.lineImage}>
                  {image ? <img src={image} alt="" width={64} height={64} loading="lazy" /> : null}
                </span>
                <div className={styles.lineMain}>
                  <Link
                    href={productUrlFromCategories(line.product.categories, line.product.slug)}
                    className={styles.lineTitle}
                  >
                    {line.title}
                  </Link>
                  <FitBadge fit={line.fit} />
                  <p className={styles.muted}>
                    {line.vendor_code ? `Артикул ${line.vendor_code} · ` : ''}
                    {formatPrice(line.price)} × {line.quantity}
                    {line.with_installation
                      ? ` · с установкой${line.installation_price ? ` (${formatPrice(line.installation_price)})` : ''}`
                      : ''}
                  </p>
                  {line.on_order && line.expected_date ? (
                    <p className={styles.muted} data-order-line-offer="">
                      {onOrderExpectedLabel(line.expected_date)}
                    </p>
                  ) : null}
                </div>
                <span className={styles.lineTotal}>{formatPrice(lineTotal)}</span>
              </li>
            );
          })}
        </ul>
        <p className={styles.grandTotal}>
          <span>Итого</span>
          <strong data-order-detail-total="">{formatPrice(total)}</strong>
        </p>
      </section>
      {payUrl ? (
        <p>
          <a href={payUrl} className={buttonClass('accent', 'lg')}>
            Оплатить заказ
          </a>
        </p>
      ) : null}
    </div>
  );
}
