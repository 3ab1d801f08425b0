'use client';

// Deep imports: a value import from the contract's index would bring zod and every schema into this island.
import type { CatalogFilter, CatalogOrderKey } from '@podbor/contract';
import { formatNumber } from '@podbor/contract/format';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useOptimistic, useState, useTransition, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { activeFilterCount, isOrderKey, listingQuery, type ListingState } from './url-state';
import styles from './listing-controls.module.css';

// The listing's client island: filters (a sidebar on desktop, a sheet on phones) and the sort select. It only
// rewrites the page URL; the server renders the listing for the new URL, so reload and sharing keep the state.

export const SORT_LABELS: Record<CatalogOrderKey, string> = {
  byPopularDown: 'Сначала популярные',
  byPopularUp: 'Сначала менее популярные',
  byPriceUp: 'Сначала дешёвые',
  byPriceDown: 'Сначала дорогие',
  byRatingDown: 'С высоким рейтингом',
  byNewDown: 'Новинки',
};

/**
 * Navigates to a new listing state. Until the server has rendered it, the controls show the chosen state
 * optimistically (a ticked box stays ticked), and `pending` is true.
 */
function useNavigate(basePath: string, current: ListingState, extra?: Record<string, string>) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [state, setOptimistic] = useOptimistic(current);
  const go = (next: ListingState) =>
    startTransition(() => {
      setOptimistic(next);
      router.replace(`${basePath}?${listingQuery(next, extra)}`, { scroll: false });
    });
  return { pending, go, state };
}

export function SortSelect({
  basePath,
  state: current,
  extra,
}: {
  basePath: string;
  state: ListingState;
  /** Query keys the page keeps besides the listing's (the search page's `q`). */
  extra?: Record<string, string>;
}) {
  const { pending, go, state } = useNavigate(basePath, current, extra);
  const id = useId();
  return (
    <div className={styles.sort} aria-busy={pending || undefined}>
      <label htmlFor={id} className={styles.sortLabel}>
        Сортировка
      </label>
      <select
        id={id}
        className={styles.select}
        value={state.order}
        onChange={(e) => {
          const order = e.target.value;
          if (isOrderKey(order)) go({ ...state, order, page: 1 });
        }}
      >
        {(Object.keys(SORT_LABELS) as CatalogOrderKey[]).map((key) => (
          <option key={key} value={key}>
            {SORT_LABELS[key]}
          </option>
        ))}
      </select>
    </div>
  );
}

function RangeFilter({
  filter,
  state,
  onApply,
}: {
  filter: CatalogFilter;
  state: ListingState;
  onApply: (range: { min?: number; max?: number } | null) => void;
}) {
  const current = state.ranges[filter.slug];
  const [min, setMin] = useState(current?.min !== undefined ? String(current.min) : '');
  const [max, setMax] = useState(current?.max !== undefined ? String(current.max) : '');
  const unit = filter.unit ? `, ${filter.unit}` : '';
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    const lo = min.trim() === '' ? undefined : Number(min.replace(',', '.'));
    const hi = max.trim() === '' ? undefined : Number(max.replace(',', '.'));
    const range = {
      ...(lo !== undefined && Number.isFinite(lo) ? { min: lo } : {}),
      ...(hi !== undefined && Number.isFinite(hi) ? { max: hi } : {}),
    };
    // «от» above «до» is corrected, not refused: the bounds swap places (and the fields show it).
    if (range.min !== undefined && range.max !== undefined && range.min > range.max) {
      [range.min, range.max] = [range.max, range.min];
      setMin(String(range.min));
      setMax(String(range.max));
    }
    const same = range.min === current?.min && range.max === current?.max;
    if (!same) onApply(Object.keys(range).length ? range : null);
  };
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>
        {filter.title}
        {unit}
      </legend>
      <div className={styles.range}>
        <label className={styles.rangeField}>
          <span className="visually-hidden">
            {filter.title} от{unit}
          </span>
          <span aria-hidden="true">от</span>
          <input
            inputMode="decimal"
            name={`min${filter.slug}`}
            value={min}
            placeholder={filter.min !== undefined ? formatNumber(filter.min) : ''}
            onChange={(e) => setMin(e.target.value.replace(/[^\d.,]/g, '').slice(0, 12))}
            onBlur={() => apply()}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply(e);
            }}
          />
        </label>
        <label className={styles.rangeField}>
          <span className="visually-hidden">
            {filter.title} до{unit}
          </span>
          <span aria-hidden="true">до</span>
          <input
            inputMode="decimal"
            name={`max${filter.slug}`}
            value={max}
            placeholder={filter.max !== undefined ? formatNumber(filter.max) : ''}
            onChange={(e) => setMax(e.target.value.replace(/[^\d.,]/g, '').slice(0, 12))}
            onBlur={() => apply()}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply(e);
            }}
          />
        </label>
      </div>
    </fieldset>
  );
}

export function FiltersPanel({
  basePath,
  state: current,
  filters,
  extra,
}: {
  basePath: string;
  state: ListingState;
  filters: readonly CatalogFilter[];
  /** Query keys the page keeps besides the listing's (the search page's `q`). */
  extra?: Record<string, string>;
}) {
  const { pending, go, state } = useNavigate(basePath, current, extra);
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(state);
  const titleId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
    };
  }, [open]);

  const toggleValue = (filter: CatalogFilter, value: string, checked: boolean) => {
    const prev = state.values[filter.slug] ?? [];
    const next =
      filter.type === 'RADIO'
        ? checked
          ? [value]
          : []
        : checked
          ? [...prev, value]
          : prev.filter((v) => v !== value);
    const values = { ...state.values };
    if (next.length) values[filter.slug] = next;
    else delete values[filter.slug];
    go({ ...state, page: 1, values });
  };
  const setRange = (slug: string, range: { min?: number; max?: number } | null) => {
    const ranges = { ...state.ranges };
    if (range) ranges[slug] = range;
    else delete ranges[slug];
    go({ ...state, page: 1, ranges });
  };

  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary', 'md', false, styles.openButton)}
        aria-expanded={open}
        aria-controls="catalog-filters"
        onClick={() => setOpen(true)}
      >
        Фильтры{count ? ` (${count})` : ''}
      </button>
      <div
        className={`${styles.backdrop} ${open ? styles.backdropOpen : ''}`}
        onClick={() => setOpen(false)}
        aria-hidden="true"
      />
      <section
        id="catalog-filters"
        className={`${styles.panel} ${open ? styles.panelOpen : ''}`}
        aria-labelledby={titleId}
        aria-busy={pending || undefined}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            Фильтры
          </h2>
          {count > 0 ? (
            <button
              type="button"
              className={styles.reset}
              onClick={() => go({ ...state, page: 1, values: {}, ranges: {} })}
            >
              Сбросить
            </button>
          ) : null}
          <button
            type="button"
            className={styles.close}
            onClick={() => setOpen(false)}
            aria-label="Закрыть фильтры"
          >
            <CloseIcon size={22} />
          </button>
        </div>
        <div className={styles.groups}>
          {filters.map((filter) =>
            filter.type === 'RANGE' ? (
              <RangeFilter
                // Remounted when the URL's bounds change (reset, back/forward), so the inputs show them.
                key={`${filter.slug}:${state.ranges[filter.slug]?.min ?? ''}:${state.ranges[filter.slug]?.max ?? ''}`}
                filter={filter}
                state={state}
                onApply={(r) => setRange(filter.slug, r)}
              />
            ) : (
              <fieldset key={filter.slug} className={styles.group}>
                <legend className={styles.legend}>{filter.title}</legend>
                <ul className={styles.options} role="list">
                  {(filter.values ?? []).map((v) => {
                    const value = String(v.value);
                    const checked = state.values[filter.slug]?.includes(value) ?? false;
                    return (
                      <li key={value}>
                        <label
                          className={`${styles.option} ${v.count === 0 && !checked ? styles.optionEmpty : ''}`}
                        >
                          <input
                            type={filter.type === 'RADIO' ? 'radio' : 'checkbox'}
                            name={filter.slug}
                            value={value}
                            checked={checked}
                            onChange={(e) => toggleValue(filter, value, e.target.checked)}
                            onClick={(e) => {
                              // A radio can be cleared by clicking it again.
                              if (filter.type === 'RADIO' && checked) {
                                e.preventDefault();
                                toggleValue(filter, value, false);
                              }
                            }}
                          />
                          <span className={styles.optionTitle}>{v.title}</span>
                          <span
                            className={styles.optionCount}
                            title={filter.estimated ? 'Примерное число товаров' : undefined}
                          >
                            {filter.estimated ? '≈ ' : ''}
                            {formatNumber(v.count)}
                          </span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            ),
          )}
        </div>
        <div className={styles.sheetFooter}>
          <button type="button" className={buttonClass('primary', 'lg', true)} onClick={() => setOpen(false)}>
            {pending ? 'Загрузка...' : 'Показать товары'}
          </button>
        </div>
      </section>
    </>
  );
}
