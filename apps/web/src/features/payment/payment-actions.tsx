'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import styles from './payment.module.css';

// Issue #13: a customer who backed out of paying keeps the order. From here they pay again (a new payment page),
// pay at pickup instead, or cancel the order — cancelling only on their explicit, confirmed request.

export interface PaymentActionsProps {
  orderId: number;
  cardMethodId: number | null;
  cashMethodId: number | null;
  canPay: boolean;
  canPayAtPickup: boolean;
  canCancel: boolean;
}

type Busy = 'card' | 'cash' | 'cancel' | null;

export function PaymentActions(props: PaymentActionsProps) {
  const { orderId, cardMethodId, cashMethodId } = props;
  const router = useRouter();
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');

  const pay = async (kind: 'card' | 'cash', methodId: number) => {
    setBusy(kind);
    setError('');
    const { browserApi } = await import('@/lib/api/browser');
    const res = await browserApi('orderPay', {
      params: { orderId },
      body: { payment_method_id: methodId },
    });
    if (res.ok && res.data.payment_url) {
      window.location.assign(res.data.payment_url);
      return;
    }
    setBusy(null);
    if (res.ok) {
      router.refresh();
      return;
    }
    const fields = res.error?.errors;
    setError(
      fields?.detail ??
        fields?.payment_method_id?.[0] ??
        (res.status === 0
          ? 'Нет связи с магазином. Проверьте интернет и попробуйте ещё раз.'
          : 'Не удалось изменить оплату. Попробуйте ещё раз или позвоните нам.'),
    );
    router.refresh();
  };

  const cancel = async () => {
    setBusy('cancel');
    setError('');
    const { browserApi } = await import('@/lib/api/browser');
    const res = await browserApi('orderCancel', { params: { orderId } });
    setBusy(null);
    setConfirming(false);
    if (!res.ok) {
      setError(
        res.error?.errors.detail ?? 'Не удалось отменить заказ. Попробуйте ещё раз или позвоните нам.',
      );
    }
    router.refresh();
  };

  return (
    <div className={styles.choices} data-payment-actions="">
      {props.canPay && cardMethodId !== null ? (
        <Button
          variant="accent"
          size="lg"
          block
          loading={busy === 'card'}
          disabled={busy !== null}
          onClick={() => void pay('card', cardMethodId)}
          data-payment-pay-again=""
        >
          Оплатить картой
        </Button>
      ) : null}
      {props.canPayAtPickup && cashMethodId !== null ? (
        <Button
          variant="secondary"
          size="lg"
          block
          loading={busy === 'cash'}
          disabled={busy !== null}
          onClick={() => void pay('cash', cashMethodId)}
          data-payment-pay-at-pickup=""
        >
          Оплатить при получении
        </Button>
      ) : null}
      {props.canCancel ? (
        confirming ? (
          <div role="group" aria-label="Отмена заказа" className={styles.choices}>
            <p>Отменить заказ? Товар вернётся в продажу.</p>
            <Button
              variant="secondary"
              block
              loading={busy === 'cancel'}
              disabled={busy !== null}
              onClick={() => void cancel()}
              data-payment-cancel-confirm=""
            >
              Да, отменить заказ
            </Button>
            <Button variant="ghost" block disabled={busy !== null} onClick={() => setConfirming(false)}>
              Нет, оставить
            </Button>
          </div>
        ) : (
          <Button
            variant="ghost"
            block
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
            data-payment-cancel=""
          >
            Отменить заказ
          </Button>
        )
      ) : null}
      {error ? (
        <p role="alert" className={styles.actionError} data-payment-action-error="">
          {error}
        </p>
      ) : null}
    </div>
  );
}
