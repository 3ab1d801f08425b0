import { MESSAGES, PAGE_TITLES, type PaymentMethodGroup, type PaymentStatusResponse } from '@podbor/contract';
import type { Metadata } from 'next';
import { formatDateTime } from '@podbor/contract/format';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { OrderSummaryView } from '@/features/payment/order-summary';
import { PaymentActions } from '@/features/payment/payment-actions';
import { PaymentPoller } from '@/features/payment/payment-poller';
import { RetryButton } from '@/features/payment/retry-button';
import styles from '@/features/payment/payment.module.css';
import { apiTry } from '@/lib/api/server';
import { getStartData } from '@/lib/start-data';

// SPEC §2 title prefix «Заказ»: the page shows an order's payment status.
export const metadata: Metadata = { title: PAGE_TITLES.order, robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const SUCCESS = new Set(['new', 'paid', 'assembling', 'ready', 'completed']);

/** SPEC §2 /payment: where the provider sends the customer back (`?orderId=`), and where a cash order lands. */
export default async function PaymentPage({ searchParams }: Props) {
  const raw = (await searchParams).orderId;
  const orderId = typeof raw === 'string' && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
  const [status, data, methods] = await Promise.all([
    orderId ? apiTry('paymentStatus', { query: { orderId } }) : null,
    getStartData(),
    orderId ? apiTry('paymentMethods', { revalidate: 30 }) : null,
  ]);
  return (
    <div
      className={`container ${styles.page}`}
      data-payment-status={status?.status ?? 'error'}
      data-payment-state={status?.order?.payment_status ?? ''}
    >
      {status && orderId ? (
        <Result
          status={status}
          orderId={orderId}
          branch={data.branch}
          signedIn={data.isAuthorized}
          methods={methods ?? []}
        />
      ) : (
        <Failure orderId={orderId} />
      )}
    </div>
  );
}

function firstMethod(groups: PaymentMethodGroup[], type: 'CARD' | 'CASH'): number | null {
  return groups.find((g) => g.type === type)?.values[0]?.id ?? null;
}

function Result({
  status,
  orderId,
  branch,
  signedIn,
  methods,
}: {
  status: PaymentStatusResponse;
  orderId: number;
  branch: { title: string; street: string } | null;
  signedIn: boolean;
  methods: PaymentMethodGroup[];
}) {
  const number = status.number ?? String(orderId);
  const order = status.order;
  const pickup = order
    ? ` «${order.branch_office.title}», ${order.branch_office.street}`
    : branch
      ? ` «${branch.title}», ${branch.street}`
      : '';
  const summary = order ? <OrderSummaryView order={order} /> : null;
  const actions = order ? (
    <PaymentActions
      orderId={orderId}
      cardMethodId={firstMethod(methods, 'CARD')}
      cashMethodId={firstMethod(methods, 'CASH')}
      canPay={order.can_pay}
      canPayAtPickup={order.can_pay_at_pickup}
      canCancel={order.can_cancel}
    />
  ) : null;
  // A guest has no order history behind a login: the order-status page follows the order by number and phone.
  const follow = signedIn ? (
    <Link href="/profile/orders" className={buttonClass('primary')}>
      Мои заказы
    </Link>
  ) : (
    <Link href={`/order-status?number=${number}`} className={buttonClass('primary')} data-payment-follow="">
      Отслеживать заказ
    </Link>
  );
  if (status.status && SUCCESS.has(status.status)) {
    const cash = status.status === 'new';
    return (
      <StatusPanel code="✓" title={cash ? `Заказ №${number} оформлен` : `Заказ №${number} оплачен`}>
        <p data-payment-detail="">{status.detail}</p>
        <ol className={styles.steps}>
          <li>Мы соберём заказ и пришлём SMS, когда он будет готов к выдаче.</li>
          <li>
            Заберите его в филиале{pickup}
            {cash ? ' и оплатите при получении.' : '. Возьмите с собой номер заказа.'}
          </li>
          <li>Если заказана установка, мастер свяжется с вами и согласует удобное время.</li>
        </ol>
        {summary}
        <div className={styles.actions}>
          {follow}
          <Link href="/catalog" className={buttonClass('secondary')}>
            Продолжить покупки
          </Link>
        </div>
        {cash && order?.can_cancel ? (
          <PaymentActions
            orderId={orderId}
            cardMethodId={null}
            cashMethodId={null}
            canPay={false}
            canPayAtPickup={false}
            canCancel
          />
        ) : null}
      </StatusPanel>
    );
  }
  if (status.status === 'awaiting_payment') {
    // The customer backed out of paying (or the card was declined): the order and its goods wait for them.
    if (order?.payment_status === 'canceled') {
      return (
        <StatusPanel code="…" title={`Заказ №${number} не оплачен`}>
          <p data-payment-unfinished="">
            Оплата не завершена, но заказ сохранён и товар зарезервирован
            {order.expires_at ? ` до ${formatDateTime(order.expires_at)}` : ''}. Оплатите картой ещё раз или
            выберите оплату при получении в филиале.
          </p>
          {actions}
          {summary}
        </StatusPanel>
      );
    }
    return (
      <StatusPanel code="…" title={`Заказ №${number} ожидает оплаты`}>
        <p data-payment-detail="">{status.detail}</p>
        <PaymentPoller />
        {actions}
        {summary}
      </StatusPanel>
    );
  }
  // Cancelled: by the customer, or the payment time ran out.
  return (
    <StatusPanel code="!" title={`Заказ №${number} отменён`}>
      <p data-payment-detail="">{status.detail}</p>
      <div className={styles.actions}>
        <RetryButton orderId={orderId} />
        <Link href="/" className={buttonClass('secondary')}>
          На главную
        </Link>
      </div>
      {summary}
    </StatusPanel>
  );
}

function Failure({ orderId }: { orderId: number | null }) {
  return (
    <StatusPanel code="!" title="Статус заказа">
      <p className={styles.error} data-payment-error="">
        {MESSAGES.paymentStatusError}
      </p>
      <p>
        {orderId
          ? 'Не удалось получить статус заказа. Обновите страницу через минуту или позвоните нам.'
          : 'Заказ не указан. Откройте ссылку из письма или список своих заказов.'}
      </p>
      <div className={styles.actions}>
        {orderId ? <RetryButton orderId={orderId} /> : null}
        <Link href="/cart" className={buttonClass('secondary')}>
          В корзину
        </Link>
      </div>
    </StatusPanel>
  );
}
