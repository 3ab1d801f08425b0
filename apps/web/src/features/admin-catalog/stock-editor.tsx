'use client';

import { adminStockUpdate, type AdminProduct, type AdminStockUpdate } from '@podbor/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminCallError, adminCall, adminKey } from '@/components/admin/admin-query';
import { adminStyles, Card } from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import styles from './product-editor.module.css';

// Stock of the product per warehouse: on hand is edited, the reserve of open orders is shown (on hand cannot go
// below it; the API says so in words).

type StockValues = { items: { warehouse_id: number; quantity: number }[] };

const valuesOf = (p: AdminProduct): StockValues => ({
  items: p.stock.map((s) => ({ warehouse_id: s.warehouse_id, quantity: s.quantity })),
});

export function StockEditor({ product }: { product: AdminProduct }) {
  const client = useQueryClient();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<StockValues, unknown, AdminStockUpdate>({
    resolver: zodResolver(adminStockUpdate),
    defaultValues: valuesOf(product),
  });
  const { register, handleSubmit, reset, formState } = form;
  useEffect(() => reset(valuesOf(product)), [product, reset]);

  const save = handleSubmit(async (values) => {
    setMessage(null);
    const changed = values.items.filter(
      (item) => product.stock.find((s) => s.warehouse_id === item.warehouse_id)?.quantity !== item.quantity,
    );
    if (changed.length === 0) return;
    try {
      const stock = await adminCall('adminProductStock', {
        params: { id: String(product.id) },
        body: { items: changed },
      });
      const key = adminKey('adminProductDetail', { params: { id: String(product.id) } });
      client.setQueryData<AdminProduct>(key, (old) => (old ? { ...old, stock } : old));
      setMessage({ ok: true, text: 'Остатки сохранены.' });
    } catch (error) {
      if (!(error instanceof AdminCallError)) throw error;
      const items = error.body?.errors.items;
      setMessage({ ok: false, text: Array.isArray(items) ? items.join('; ') : error.message });
    }
  });

  const fieldError = (i: number) => formState.errors.items?.[i]?.quantity?.message;

  return (
    <Card title="Остатки по складам" id="stock">
      <form noValidate onSubmit={save} data-stock-form="">
        <div className={adminStyles.tableWrap} role="region" aria-label="Остатки по складам" tabIndex={0}>
          <table className={adminStyles.table}>
            <thead>
              <tr>
                <th scope="col">Склад</th>
                <th scope="col" className={adminStyles.num}>
                  В резерве
                </th>
                <th scope="col" className={adminStyles.num}>
                  На складе
                </th>
              </tr>
            </thead>
            <tbody>
              {product.stock.map((s, i) => (
                <tr key={s.warehouse_id}>
                  <td>{s.warehouse}</td>
                  <td className={adminStyles.num}>{s.reserved}</td>
                  <td className={adminStyles.num}>
                    <input type="hidden" {...register(`items.${i}.warehouse_id`, { valueAsNumber: true })} />
                    <input
                      className={`${adminStyles.input} ${styles.qty}`}
                      inputMode="numeric"
                      aria-label={`На складе: ${s.warehouse}`}
                      aria-invalid={fieldError(i) ? true : undefined}
                      {...register(`items.${i}.quantity`, { valueAsNumber: true })}
                    />
                    {fieldError(i) ? <span className={adminStyles.fieldError}>{fieldError(i)}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" disabled={formState.isSubmitting || !formState.isDirty}>
            Сохранить остатки
          </Button>
          {message ? (
            <span
              role={message.ok ? 'status' : 'alert'}
              className={message.ok ? styles.saved : adminStyles.fieldError}
            >
              {message.text}
            </span>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
