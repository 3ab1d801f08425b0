'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

/** Re-reads the status a few times while the provider has not confirmed the payment yet. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_ATTEMPTS = 5;

export function PaymentPoller() {
  const router = useRouter();
  const [left, setLeft] = useState(POLL_ATTEMPTS);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => {
      setLeft((n) => n - 1);
      router.refresh();
    }, POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [left, router]);
  return (
    <p role="status" data-payment-polling={left > 0 ? 'true' : 'false'}>
      {left > 0
        ? 'Проверяем оплату…'
        : 'Платёжный сервис ещё не подтвердил оплату. Обновите страницу через пару минут — статус заказа также придёт в SMS.'}
    </p>
  );
}
