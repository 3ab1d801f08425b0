'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { adminStyles, Card } from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import styles from './product-editor.module.css';

/** Opens a product's screen by its number (the product list with search comes with the catalogue list call). */
export function OpenProduct() {
  const router = useRouter();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Card title="Открыть товар" id="open">
      <form
        className={styles.openForm}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const id = value.trim();
          if (!/^[1-9]\d{0,9}$/.test(id)) {
            setError('Введите номер товара — целое положительное число');
            return;
          }
          router.push(`/admin/products/${id}`);
        }}
      >
        <label className={adminStyles.control}>
          Номер товара
          <input
            className={adminStyles.input}
            inputMode="numeric"
            value={value}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          />
          {error ? <span className={styles.error}>{error}</span> : null}
        </label>
        <Button type="submit">Открыть</Button>
      </form>
    </Card>
  );
}
