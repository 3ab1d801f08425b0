import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';

/** An order number that is not in the customer's history (or not theirs). */
export default function OrderNotFound() {
  return (
    <StatusPanel
      code="404"
      title="Заказ не найден"
      headingLevel={1}
      actions={
        <Link href="/profile/orders" className={buttonClass('primary')}>
          К истории заказов
        </Link>
      }
    >
      <p>Такого заказа нет в вашей истории. Проверьте ссылку или найдите заказ по номеру.</p>
    </StatusPanel>
  );
}
