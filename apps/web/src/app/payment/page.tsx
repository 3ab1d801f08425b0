import { MESSAGES, PAGE_TITLES, type PaymentStatusResponse } from '@podbor/contract';
import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
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
  const [status, data] = await Promise.all([
    orderId ? apiTry('paymentStatus', { query: { orderId } }) : null,
    getStartData(),
  ]);
  return (
    <div className={`container ${styles.page}`} data-payment-status={status?.status ?? 'error'}>
      {status && orderId ? (
        <Result status={status} orderId={orderId} branch={data.branch} />
      ) : (
        <Failure orderId={orderId} />
      )}
    </div>
  );
}

function Result({
  status,
  orderId,
  branch,
}: {
  status: PaymentStatusResponse;
  orderId: number;
  branch: { title: string; street: string } | null;
}) {
  const number = status.number ?? String(orderId);
  if (status.status && SUCCESS.has(status.status)) {
    const cash = status.status === 'new';
    return (
      <StatusPanel code="✓" title={cash ? `Заказ №${number} оформлен` : `Заказ №${number} оплачен`}>
        <p data-payment-detail="">{status.detail}</p>
        <ol className={styles.steps}>
          <li>Мы соберём заказ и пришлём SMS, когда он будет готов к выдаче — обычно в течение дня.</li>
          <li>
            Заберите его в филиале{branch ? ` «${branch.title}», ${branch.street}` : ''}
            {cash ? ' и оплатите при получении.' : '. Возьмите с собой номер заказа.'}
          </li>
          <li>Если заказана установка, мастер свяжется с вами и согласует удобное время.</li>
        </ol>
        <div className={styles.actions}>
          <Link href="/profile/orders" className={buttonClass('primary')}>
            Мои заказы
          </Link>
          <Link href="/catalog" className={buttonClass('secondary')}>
            Продолжить покупки
          </Link>
        </div>
      </StatusPanel>
    );
  }
  if (status.status === 'awaiting_payment') {
    return (
      <StatusPanel code="…" title={`Заказ №${number} ожидает оплаты`}>
        <p data-payment-detail="">{status.detail}</p>
        <PaymentPoller />
      </StatusPanel>
    );
  }
  return (
    <StatusPanel code="!" title="Оплата не прошла">
      <p className={styles.error} data-payment-error="">
        {MESSAGES.paymentStatusError}
      </p>
      <p data-payment-detail="">{status.detail}</p>
      <div className={styles.actions}>
        <RetryButton orderId={orderId} />
        <Link href="/" className={buttonClass('secondary')}>
          На главную
        </Link>
      </div>
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
