'use client';

import { formatPrice } from '@podbor/contract';
import { useQuery } from '@tanstack/react-query';
import { QueryIsland } from '@/components/query/query-island';
import { useShell } from '@/components/shell/shell-context';
import { CarIcon, WrenchIcon } from '@/components/ui/icons';
import { browserApi } from '@/lib/api/browser';
import styles from './product.module.css';

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; price: string | null };

/** Installation price for the selected city and vehicle (POST …/installation-price/). */
export function InstallationPrice(props: { slug: string; categorySlug: string }) {
  return (
    <QueryIsland>
      <Price {...props} />
    </QueryIsland>
  );
}

function Price({ slug, categorySlug }: { slug: string; categorySlug: string }) {
  const { session } = useShell();
  const city = session.citySlug ?? '';
  const transport = session.transportId ?? '';
  const price = useQuery({
    queryKey: ['installationPrice', slug, categorySlug, city, transport],
    queryFn: async ({ signal }) => {
      const r = await browserApi('installationPrice', {
        params: { productSlug: slug },
        body: { category: categorySlug, city, transport },
        signal,
      });
      if (!r.ok) throw new Error('installation price failed');
      return r.data.price;
    },
  });
  const state: State = price.isError
    ? { kind: 'error' }
    : price.data === undefined
      ? { kind: 'loading' }
      : { kind: 'ready', price: price.data };

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
