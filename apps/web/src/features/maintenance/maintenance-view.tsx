'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { MaintenanceCartResponse, MaintenanceLine, MaintenanceProduct } from '@podbor/contract';
import { formatNumber, formatPrice } from '@podbor/contract/format';
import { FormTextField } from '@/components/form/form-text-field';
import { QueryIsland } from '@/components/query/query-island';
import { Button } from '@/components/ui/button';
import { lazyBrowserApi } from '@/lib/api/browser-lazy';
import { cartSummaryText } from '@/lib/cart-summary';
import { CART_CHANGED_EVENT } from '@/lib/events';
import { lazyRequestResolver } from '@/lib/lazy-form-resolver';
import styles from './maintenance.module.css';

// Каталог ТО (issue #17): the chosen vehicle's next service for the mileage typed, each line with the product the
// API picked and its replacements, and the whole kit into the cart in one call.

interface Props {
  transportId: number;
  citySlug: string | null;
}

interface Values {
  mileage: string;
}

export function MaintenanceView(props: Props) {
  return (
    <QueryIsland>
      <Kit {...props} />
    </QueryIsland>
  );
}

function Kit({ transportId, citySlug }: Props) {
  const [mileage, setMileage] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Record<string, MaintenanceProduct>>({});
  const form = useForm<Values>({
    defaultValues: { mileage: '' },
    // The schema (and zod) load on the first submit: the page's first load stays within the JavaScript budget.
    resolver: lazyRequestResolver<Values>(
      () => import('@podbor/contract/maintenance').then((m) => m.maintenanceQuery),
      (v) => ({ transport_id: String(transportId), mileage: v.mileage }),
      { mileage: 'mileage' },
    ),
  });

  const kit = useQuery({
    queryKey: ['maintenance', transportId, mileage, citySlug],
    enabled: mileage !== null,
    queryFn: async () => {
      const res = await lazyBrowserApi('maintenanceKit', {
        query: { transport_id: String(transportId), mileage: mileage ?? '', city: citySlug ?? '' },
      });
      if (!res.ok) throw new Error(res.error?.errors.detail ?? 'Не удалось подобрать комплект.');
      return res.data;
    },
  });

  const lines = kit.data?.lines ?? [];
  const pick = (line: MaintenanceLine) => chosen[line.code] ?? line.product;
  const picked = lines.flatMap((l) => {
    const p = pick(l);
    return p ? [p] : [];
  });
  const total = picked.reduce((sum, p) => sum + p.price * p.quantity, 0);

  const add = useMutation({
    mutationFn: async (): Promise<MaintenanceCartResponse> => {
      const res = await lazyBrowserApi('maintenanceKitToCart', {
        body: {
          items: picked.map((p) => ({ product: p.slug, quantity: p.quantity })),
          transport: transportId,
          city: citySlug ?? '',
        },
      });
      if (!res.ok) {
        const errors = res.error?.errors;
        const first = errors ? (errors.detail ?? Object.values(errors).flat()[0]) : undefined;
        throw new Error(
          typeof first === 'string' ? first : 'Не удалось добавить комплект. Попробуйте ещё раз.',
        );
      }
      const { cart } = res.data;
      window.dispatchEvent(
        new CustomEvent(CART_CHANGED_EVENT, { detail: cartSummaryText(cart.total, cart.total_price) }),
      );
      return res.data;
    },
  });

  const submit = form.handleSubmit((v) => {
    setChosen({});
    add.reset();
    setMileage(v.mileage.replace(/\s/g, ''));
  });

  return (
    <div className={styles.kit}>
      <form className={styles.mileage} onSubmit={(e) => void submit(e)} noValidate>
        <FormTextField
          form={form}
          name="mileage"
          label="Пробег, км"
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          placeholder="Например, 28 000"
        />
        <Button type="submit" loading={kit.isFetching}>
          Подобрать ТО
        </Button>
      </form>

      {mileage === null ? (
        <p className={styles.hint}>
          Укажите пробег — покажем ближайшее плановое ТО и всё, что для него нужно: масло нужной вязкости и
          объёма, фильтры, свечи, тормозную жидкость.
        </p>
      ) : kit.isPending ? (
        <p className={styles.hint} role="status">
          Подбираем комплект…
        </p>
      ) : kit.isError ? (
        <p className={styles.error} role="alert">
          {kit.error.message}
        </p>
      ) : (
        <section aria-labelledby="kit-title" data-maintenance-kit="">
          <div className={styles.service}>
            <h2 id="kit-title">
              {kit.data.service.title} — {formatNumber(kit.data.service.km)} км
            </h2>
            <p>
              Регламент: {kit.data.service.schedule}. ТО каждые {formatNumber(kit.data.service.interval_km)}{' '}
              км. Масло {kit.data.oil.viscosity} ({kit.data.oil.approval}), заправочный объём{' '}
              {String(kit.data.oil.volume_l).replace('.', ',')} л.
            </p>
          </div>
          <ul className={styles.lines}>
            {lines.map((line) => (
              <KitLine
                key={line.code}
                line={line}
                product={pick(line)}
                onPick={(p) => setChosen((c) => ({ ...c, [line.code]: p }))}
              />
            ))}
          </ul>
          <div className={styles.summary}>
            <p className={styles.total}>
              Итого: <strong data-kit-total="">{formatPrice(total)}</strong>
            </p>
            <Button
              variant="accent"
              size="lg"
              loading={add.isPending}
              disabled={picked.length === 0}
              onClick={() => add.mutate()}
            >
              Добавить комплект в корзину
            </Button>
          </div>
          {add.isError ? (
            <p className={styles.error} role="alert">
              {add.error.message}
            </p>
          ) : null}
          {add.data ? (
            <div className={styles.added} role="status">
              <p>
                {add.data.added.length > 0 ? (
                  <>
                    Добавлено в корзину позиций: {add.data.added.length}.{' '}
                    <Link href="/cart">Перейти в корзину</Link>
                  </>
                ) : (
                  'Ни одну позицию добавить не удалось.'
                )}
              </p>
              {add.data.not_added.length > 0 ? (
                <ul>
                  {add.data.not_added.map((n) => (
                    <li key={n.product}>{n.message}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          {kit.data.upcoming.length > 0 ? (
            <div className={styles.upcoming}>
              <h3>Следующие ТО</h3>
              <ul>
                {kit.data.upcoming.map((u) => (
                  <li key={u.km}>
                    <strong>
                      {u.title}, {formatNumber(u.km)} км:
                    </strong>{' '}
                    {u.items.join(', ')}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      )}
    </div>
  );
}

function KitLine({
  line,
  product,
  onPick,
}: {
  line: MaintenanceLine;
  product: MaintenanceProduct | null;
  onPick: (p: MaintenanceProduct) => void;
}) {
  const [open, setOpen] = useState(false);
  const options = [line.product, ...line.replacements].filter(
    (p): p is MaintenanceProduct => p !== null && p.id !== product?.id,
  );
  const listId = `replace-${line.code}`;
  return (
    <li className={styles.line} data-kit-line={line.code}>
      <div className={styles.lineHead}>
        <h3>{line.title}</h3>
        <p className={styles.reason}>{line.reason}</p>
      </div>
      {product ? (
        <ProductRow product={product}>
          {options.length > 0 ? (
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Скрыть замены' : 'Заменить'}
            </Button>
          ) : null}
        </ProductRow>
      ) : (
        <p className={styles.note}>{line.note}</p>
      )}
      {open && options.length > 0 ? (
        <ul id={listId} className={styles.replacements} aria-label={`Замены: ${line.title}`}>
          {options.map((p) => (
            <li key={p.id}>
              <ProductRow product={p}>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    onPick(p);
                    setOpen(false);
                  }}
                >
                  Выбрать
                </Button>
              </ProductRow>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** `/media/x.jpg` and http(s) URLs pass; anything else (javascript:, data:) is dropped (as start-data's safeUrl). */
function imageUrl(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}

function ProductRow({ product, children }: { product: MaintenanceProduct; children?: React.ReactNode }) {
  const inStock = product.stock >= product.quantity;
  return (
    <div className={styles.product} data-kit-product={product.slug}>
      <div className={styles.thumb} aria-hidden="true">
        {imageUrl(product.image) ? (
          <img src={imageUrl(product.image)!} alt="" width={64} height={64} loading="lazy" />
        ) : null}
      </div>
      <div className={styles.info}>
        <p className={styles.name}>{product.title}</p>
        <p className={styles.meta}>
          {product.manufacturer ? `${product.manufacturer} · ` : ''}арт. {product.vendor_code}
          {product.is_analogue ? ' · аналог' : ''}
        </p>
        <p className={inStock ? styles.inStock : styles.outOfStock}>
          {inStock ? `В наличии: ${product.stock} шт.` : 'Нет в наличии в вашем городе'}
        </p>
      </div>
      <div className={styles.price}>
        <strong>{formatPrice(product.price * product.quantity)}</strong>
        {product.quantity > 1 ? (
          <span>
            {product.quantity} × {formatPrice(product.price)}
          </span>
        ) : null}
      </div>
      {children ? <div className={styles.actions}>{children}</div> : null}
    </div>
  );
}
