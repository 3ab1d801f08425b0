'use client';

import type { PaymentStatusResponse } from '@podbor/contract';
import { MASKS, applyMask, maskPhone } from '@podbor/contract/masks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { Button } from '@/components/ui/button';
import { applyServerErrors } from '@/lib/form-errors';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useRevealOnInvalid } from '@/lib/reveal-error';
import { OrderSummaryView } from './order-summary';
import styles from './payment.module.css';

// Issue #13: a guest (no account) follows an order by its number and the phone it was placed with. The answer
// never says whether a number exists when the phone does not match.

interface LookupValues {
  number: string;
  phone: string;
}

const resolver = lazyResolver(() => import('./lookup-resolver').then((m) => m.lookupResolver));
const maskNumber = (raw: string) => applyMask(MASKS.orderNumber, raw);

export function OrderLookup({ initialNumber }: { initialNumber: string }) {
  const [found, setFound] = useState<PaymentStatusResponse | null>(null);
  const form = useForm<LookupValues>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    resolver,
    defaultValues: { number: maskNumber(initialNumber), phone: '' },
  });
  const revealOnInvalid = useRevealOnInvalid(form);
  const busy = form.formState.isSubmitting;
  const general = form.formState.errors.root?.server?.message;

  const submit = form.handleSubmit(async (values) => {
    setFound(null);
    const { browserApi } = await import('@/lib/api/browser');
    const res = await browserApi('orderLookup', { body: values });
    if (res.ok) {
      setFound(res.data);
      return;
    }
    applyServerErrors(
      form,
      res.error,
      { number: 'number', phone: 'phone', detail: 'general', non_field_errors: 'general' },
      {
        fallbackMessage:
          res.status === 0
            ? 'Нет связи с магазином. Проверьте интернет и попробуйте ещё раз.'
            : 'Не удалось проверить заказ. Попробуйте ещё раз или позвоните нам.',
      },
    );
  }, revealOnInvalid);

  return (
    <>
      <form className={styles.lookup} onSubmit={submit} noValidate data-order-lookup="">
        <FormTextField
          form={form}
          name="number"
          id="lookup-number"
          label="Номер заказа"
          hint="9 цифр из SMS или со страницы заказа"
          mask={maskNumber}
          required
          inputMode="numeric"
          autoComplete="off"
          placeholder="123456789"
        />
        <FormTextField
          form={form}
          name="phone"
          id="lookup-phone"
          label="Телефон, указанный в заказе"
          mask={maskPhone}
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 (___) ___-__-__"
        />
        {general ? (
          <p role="alert" className={styles.actionError} data-lookup-error="">
            {general}
          </p>
        ) : null}
        <Button type="submit" variant="accent" size="lg" block loading={busy} data-lookup-submit="">
          Найти заказ
        </Button>
      </form>
      {found?.order ? (
        <div data-lookup-result={found.status ?? ''}>
          <p className={styles.lookupStatus} role="status" data-lookup-detail="">
            {found.detail}
          </p>
          <OrderSummaryView order={found.order} />
        </div>
      ) : null}
    </>
  );
}
