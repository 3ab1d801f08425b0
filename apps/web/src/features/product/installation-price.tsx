'use client';

import { formatPrice } from '@podbor/contract';
import { useEffect, useState } from 'react';
import { useShell } from '@/components/shell/shell-context';
import { CarIcon, WrenchIcon } from '@/components/ui/icons';
import { browserApi } from '@/lib/api/browser';
import styles from './product.module.css';

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; price: string | null };

/** Installation price for the selected city and vehicle (POST …/installation-price/). */
export function InstallationPrice({ slug, categorySlug }: { slug: string; categorySlug: string }) {
  const { session } = useShell();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    void browserApi('installationPrice', {
      params: { productSlug: slug },
      body: { category: categorySlug, city: session.citySlug ?? '', transport: session.transportId ?? '' },
      signal: controller.signal,
    }).then((r) => {
      if (!controller.signal.aborted)
        setState(r.ok ? { kind: 'ready', price: r.data.price } : { kind: 'error' });
    });
    return () => controller.abort();
  }, [slug, categorySlug, session.citySlug, session.transportId]);

  return (
    <div className={styles.installBox} data-testid="installation-price" aria-live="polite">
      <WrenchIcon size={28} />
      <div>
        {state.kind === 'loading' ? (
          <p>Загрузка...</p>
        ) : state.kind === 'error' ? (
          <p>Не удалось узнать стоимость установки. Уточните её по телефону.</p>
        ) : state.price === null ? (
          <p>Установка этого товара в выбранном городе не выполняется.</p>
        ) : (
          <p>
            Стоимость установки: <strong>{formatPrice(state.price)}</strong>
          </p>
        )}
        <p className={styles.installHint}>
          {session.transportId ? (
            'Цена указана для выбранного автомобиля и города.'
          ) : (
            <>
              <CarIcon size={16} /> Выберите автомобиль, чтобы цена учитывала его тип.
            </>
          )}
        </p>
      </div>
    </div>
  );
}
