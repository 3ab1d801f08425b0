import type { Metadata } from 'next';
import { StatusPanel } from '@/components/ui/status-panel';
import { OrderLookup } from '@/features/payment/order-lookup';
import styles from '@/features/payment/payment.module.css';

export const metadata: Metadata = { title: 'Статус заказа', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Issue #13: a guest follows an order by its number and phone (linked from the order page and the footer). */
export default async function OrderStatusPage({ searchParams }: Props) {
  const raw = (await searchParams).number;
  const number = typeof raw === 'string' ? raw.replace(/\D/g, '').slice(0, 9) : '';
  return (
    <div className={`container ${styles.page}`}>
      <StatusPanel title="Статус заказа">
        <p>Введите номер заказа и телефон, который вы указали при оформлении.</p>
        <OrderLookup initialNumber={number} />
      </StatusPanel>
    </div>
  );
}
