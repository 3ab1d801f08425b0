'use client';

import { expectedLabel } from '@podbor/contract/offer-text';
import { CART_QUANTITY_MAX } from '@podbor/contract/constants';
import type { CartLine, CartResponse, CartUpdateLine } from '@podbor/contract';
import { formatPrice } from '@podbor/contract/format';
import Link from 'next/link';
import { useCallback, useRef, useState } from 'react';
import { FitBadge } from '@/components/catalog/fit-badge';
import { notFittingWarning } from '@/components/catalog/fit';
import { useShell } from '@/components/shell/shell-context';
import { buttonClass } from '@/components/ui/button';
import { CartIcon, CloseIcon, WrenchIcon } from '@/components/ui/icons';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { checkedSummary, patchCart, type LinePatch } from './cart-lines';
import styles from './cart.module.css';

// The /cart page (SPEC §2, §4): lines with quantity, installation and a checkbox each, select all, delete checked,
// totals of the checked lines and the way to /order. Every change shows at once (optimistic) and is sent to the
// API in order; while one is pending the cart is "updating" (cartUpdated), a refusal restores the last confirmed
// cart and shows the server's message (cartError). The checked state is stored with the cart lines by the API,
// so it survives reloads and devices; lines added to the cart start checked.

type CartState = 'idle' | 'updating' | 'error';

export interface CartViewProps {
  initial: CartResponse;
  transportId: number | null;
  citySlug: string | null;
  /** The customer's pickup branch: each line says whether it has the goods or when a transfer brings them. */
  branchId?: number | null;
  /** The chosen vehicle's label, for «не подходит к вашему автомобилю …». */
  vehicleLabel?: string | null;
}

const pluralGoods = (n: number) => {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return 'товар';
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return 'товара';
  return 'товаров';
};

function productHref(line: CartLine): string {
  const path = line.product.categories?.[0];
  return path && path.length > 0
    ? `/catalog/${path.join('/')}/product_${line.product.slug}`
    : `/catalog?search=${encodeURIComponent(line.product.title ?? line.product.slug)}`;
}

export function CartView({
  initial,
  transportId,
  citySlug,
  branchId = null,
  vehicleLabel = null,
}: CartViewProps) {
  const { openModal } = useShell();
  const [cart, setCart] = useState(initial);
  const [state, setState] = useState<CartState>('idle');
  const [message, setMessage] = useState('');
  // Lines taken out by 'Удалить выбранные', until the next change: one click puts them back.
  const [removed, setRemoved] = useState<{ slug: string; quantity: number; withInstallation: boolean }[]>([]);
  // The last cart the server confirmed, and a queue so changes reach it in the order they were made.
  const confirmed = useRef(initial);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  const shown = useRef(initial);

  const send = useCallback(
    (patches: Map<string, LinePatch>) => {
      const previous = shown.current;
      setRemoved([]);
      const optimistic = patchCart(previous, patches);
      shown.current = optimistic;
      setCart(optimistic);
      setState('updating');
      setMessage('');
      pending.current += 1;
      const items: CartUpdateLine[] = [];
      for (const [slug, patch] of patches) {
        const before = previous.results.find((l) => l.product.slug === slug);
        if (!before) continue;
        const quantity = patch.quantity ?? before.quantity;
        items.push({
          product: slug,
          quantity,
          with_installation: quantity > 0 && (patch.withInstallation ?? before.product.with_installation),
          ...(patch.isChecked !== undefined ? { is_checked: patch.isChecked } : {}),
        });
      }
      if (items.length === 0) return;
      queue.current = queue.current.then(async () => {
        const { browserApi } = await import('@/lib/api/browser');
        const res = await browserApi('cartUpdateItem', {
          body: { items, transport: transportId ?? '', city: citySlug ?? '', branch: branchId ?? '' },
        });
        pending.current -= 1;
        if (res.ok) {
          confirmed.current = res.data;
          if (pending.current === 0) {
            shown.current = res.data;
            setCart(res.data);
            setState('idle');
          }
          return;
        }
        const text =
          res.error?.errors.detail ??
          Object.values(res.error?.errors ?? {})
            .flat()
            .find((v): v is string => typeof v === 'string') ??
          (res.status === 0
            ? 'Нет связи с магазином. Проверьте интернет и попробуйте ещё раз.'
            : 'Не удалось обновить корзину. Попробуйте ещё раз.');
        shown.current = confirmed.current;
        setCart(confirmed.current);
        setState('error');
        setMessage(text);
      });
    },
    [transportId, citySlug, branchId],
  );

  /** Puts the removed lines back, after whatever is still on its way to the server. */
  const undo = () => {
    const back = removed;
    setRemoved([]);
    setState('updating');
    setMessage('');
    pending.current += 1;
    queue.current = queue.current.then(async () => {
      const { browserApi } = await import('@/lib/api/browser');
      let last: CartResponse | null = null;
      let failure = '';
      for (const line of back) {
        const res = await browserApi('cartAddItem', {
          body: {
            product: line.slug,
            quantity: line.quantity,
            with_installation: line.withInstallation,
            transport: transportId ?? '',
            city: citySlug ?? '',
            branch: branchId ?? '',
          },
        });
        if (res.ok) last = res.data;
        else
          failure ||= res.error?.errors.detail ?? 'Не удалось вернуть все товары. Добавьте их из каталога.';
      }
      pending.current -= 1;
      if (last) confirmed.current = last;
      if (pending.current === 0) {
        shown.current = confirmed.current;
        setCart(confirmed.current);
        setState(failure ? 'error' : 'idle');
        setMessage(failure);
      }
    });
  };
  const undoBar =
    removed.length > 0 ? (
      <p className={styles.undo} role="status" data-cart-undo="">
        {removed.length === 1
          ? 'Товар удалён из корзины.'
          : `${removed.length} ${pluralGoods(removed.length)} удалено из корзины.`}{' '}
        <button type="button" className={styles.undoButton} onClick={undo}>
          Вернуть
        </button>
      </p>
    ) : null;

  const lines = cart.results;
  const summary = checkedSummary(cart);
  const allChecked = lines.length > 0 && lines.every((l) => l.is_checked !== false);
  const anyChecked = lines.some((l) => l.is_checked !== false);
  // Fit everywhere: the checked lines that do not fit the chosen vehicle are named above «Оформить заказ».
  const notFitting = lines.filter((l) => l.is_checked !== false && l.fit === 'no');
  const removeLines = (gone: CartLine[]) => {
    send(new Map(gone.map((l) => [l.product.slug, { quantity: 0 } satisfies LinePatch])));
    setRemoved(
      gone.map((l) => ({
        slug: l.product.slug,
        quantity: l.quantity,
        withInstallation: l.product.with_installation,
      })),
    );
  };

  if (lines.length === 0) {
    return (
      <section className={styles.empty} data-cart-empty="">
        <span className={styles.emptyIcon} aria-hidden="true">
          <CartIcon size={40} />
        </span>
        {undoBar}
        <h2 className={styles.emptyTitle}>В корзине пока пусто</h2>
        <p className={styles.emptyText}>
          Подберите запчасти для своего автомобиля в каталоге — товары с установкой можно заказать сразу с
          ней.
        </p>
        <Link href="/catalog" className={buttonClass('primary', 'lg')}>
          Перейти в каталог
        </Link>
        {state === 'error' && message ? (
          <p className={styles.error} role="alert">
            {message}
          </p>
        ) : null}
      </section>
    );
  }

  return (
    <div className={styles.layout} data-cart-state={state}>
      <section className={styles.lines} aria-label="Товары в корзине">
        <div className={styles.toolbar}>
          <label className={styles.checkLabel}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={allChecked}
              onChange={() =>
                send(
                  new Map(lines.map((l) => [l.product.slug, { isChecked: !allChecked } satisfies LinePatch])),
                )
              }
              data-cart-select-all=""
            />
            Выбрать все
          </label>
          <button
            type="button"
            className={styles.deleteChecked}
            disabled={!anyChecked}
            onClick={() => removeLines(lines.filter((l) => l.is_checked !== false))}
            data-cart-delete-checked=""
          >
            Удалить выбранные
          </button>
        </div>
        {undoBar}
        <p className={styles.status} aria-live="polite" data-cart-status="">
          {state === 'updating' ? 'Сохраняем изменения…' : ''}
        </p>
        {state === 'error' && message ? (
          <p className={styles.error} role="alert" data-cart-error="">
            {message}
          </p>
        ) : null}
        <ul role="list" className={styles.list}>
          {lines.map((line) => (
            <CartRow
              key={line.product.slug}
              line={line}
              onPatch={(patch) => send(new Map([[line.product.slug, patch]]))}
            />
          ))}
        </ul>
      </section>

      <aside className={styles.summary} aria-label="Итого" data-cart-summary="">
        <h2 className={styles.summaryTitle}>Ваш заказ</h2>
        <dl className={styles.summaryList}>
          <div>
            <dt>
              {/* Counted as the header's badge counts: products, with their units beside. */}
              Товары ({summary.lines} {pluralGoods(summary.lines)}
              {summary.units !== summary.lines ? `, ${summary.units} шт.` : ''})
            </dt>
            <dd>{formatPrice(summary.goods)}</dd>
          </div>
          {summary.installation > 0 ? (
            <div>
              <dt>Установка</dt>
              <dd>{formatPrice(summary.installation)}</dd>
            </div>
          ) : null}
          <div className={styles.summaryTotal}>
            <dt>Итого</dt>
            <dd data-cart-total-price="">{formatPrice(summary.total)}</dd>
          </div>
        </dl>
        {notFitting.length > 0 ? (
          <div className={styles.fitWarning} role="alert" data-cart-fit-warning="">
            <p>
              {notFittingWarning(
                notFitting.map((l) => l.product.title ?? l.product.slug),
                vehicleLabel,
              )}{' '}
              Смените автомобиль, удалите {notFitting.length === 1 ? 'товар' : 'их'} или оформите заказ как
              есть.
            </p>
            <div className={styles.fitActions}>
              <button type="button" onClick={() => openModal('transport')} data-cart-fit-vehicle="">
                Сменить автомобиль
              </button>
              <button type="button" onClick={() => removeLines(notFitting)} data-cart-fit-remove="">
                Удалить из корзины
              </button>
            </div>
          </div>
        ) : null}
        {anyChecked ? (
          <Link
            href="/order"
            className={buttonClass('accent', 'lg', true)}
            aria-disabled={state === 'updating' || undefined}
            onClick={(event) => {
              // The order page reads the cart from the server: let the last change land first.
              if (state === 'updating') event.preventDefault();
            }}
            data-cart-checkout=""
          >
            Оформить заказ
          </Link>
        ) : (
          <p className={styles.hint}>Отметьте товары, которые хотите заказать.</p>
        )}
        <p className={styles.note}>Самовывоз из филиала вашего города. Оплата онлайн или при получении.</p>
      </aside>
    </div>
  );
}

function CartRow({ line, onPatch }: { line: CartLine; onPatch: (patch: LinePatch) => void }) {
  const p = line.product;
  const title = p.title ?? p.slug;
  const checked = line.is_checked !== false;
  const installationOffered = p.installation_available ?? p.installation_price > 0;
  return (
    <li className={styles.row} data-cart-line={p.slug}>
      <input
        type="checkbox"
        className={`${styles.checkbox} ${styles.rowCheck}`}
        checked={checked}
        aria-label={`Выбрать: ${title}`}
        onChange={() => onPatch({ isChecked: !checked })}
        data-cart-line-check=""
      />
      <Link href={productHref(line)} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
        {p.image ? (
          <img src={p.image} alt="" width={96} height={96} className={styles.image} loading="lazy" />
        ) : (
          <span className={styles.noImage}>Нет фото</span>
        )}
      </Link>
      <div className={styles.info}>
        <Link href={productHref(line)} className={styles.title}>
          {title}
        </Link>
        {p.vendor_code ? <span className={styles.meta}>Артикул: {p.vendor_code}</span> : null}
        <FitBadge fit={line.fit} />
        <span className={styles.meta}>
          {formatPrice(p.price)} за шт.
          {line.offer
            ? line.offer.available
              ? ` · ${line.offer.label}`
              : ''
            : p.warehouse_stock < CART_QUANTITY_MAX
              ? ` · в наличии ${p.warehouse_stock} шт.`
              : ''}
        </span>
        {line.offer ? (
          line.offer.available ? (
            <span className={styles.meta} data-cart-offer="">
              {line.offer.expected_date ? expectedLabel(line.offer.expected_date) : ''}
              {line.offer.multiplicity > 1 ? ` · по ${line.offer.multiplicity} шт.` : ''}
            </span>
          ) : (
            <span className={styles.stockWarning} data-cart-offer-gone="">
              {line.offer.label}. Удалите товар из корзины, чтобы оформить заказ.
            </span>
          )
        ) : line.pickup && line.quantity <= p.warehouse_stock ? (
          <span className={styles.meta} data-cart-pickup={line.pickup.in_branch ? 'here' : 'transfer'}>
            {line.pickup.label}
          </span>
        ) : line.quantity > p.warehouse_stock ? (
          <span className={styles.stockWarning} data-cart-stock-warning="">
            {p.warehouse_stock > 0
              ? `В наличии только ${p.warehouse_stock} шт. — уменьшите количество, чтобы оформить заказ.`
              : 'Товара сейчас нет в наличии в вашем городе.'}
          </span>
        ) : null}
        {installationOffered ? (
          <label className={styles.installation}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={p.with_installation}
              onChange={() => onPatch({ withInstallation: !p.with_installation })}
              data-cart-installation=""
            />
            <WrenchIcon size={16} />
            <span>
              Установка{' '}
              <span className={styles.installationPrice}>+{formatPrice(p.installation_price)} за шт.</span>
            </span>
          </label>
        ) : null}
      </div>
      <div className={styles.controls}>
        <QuantityStepper
          value={line.quantity}
          max={p.warehouse_stock}
          label={`Количество: ${title}`}
          onChange={(quantity) => onPatch({ quantity })}
        />
        <div className={styles.prices}>
          <span className={styles.lineTotal} data-cart-line-total="">
            {formatPrice(line.total_price ?? p.price * line.quantity)}
          </span>
          {p.with_installation && (line.total_installation_price ?? 0) > 0 ? (
            <span className={styles.meta}>
              вкл. установку {formatPrice(line.total_installation_price ?? 0)}
            </span>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        className={styles.remove}
        aria-label={`Удалить: ${title}`}
        onClick={() => onPatch({ quantity: 0 })}
        data-cart-remove=""
      >
        <CloseIcon size={18} />
      </button>
    </li>
  );
}
