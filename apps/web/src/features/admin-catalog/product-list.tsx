'use client';

import { formatPrice } from '@podbor/contract';
import Link from 'next/link';
import { useAdminQuery } from '@/components/admin/admin-query';
import {
  adminStyles as styles,
  Badge,
  EmptyState,
  LoadError,
  Pager,
  TableSkeleton,
} from '@/components/admin/admin-ui';
import { useListSearch } from '@/components/admin/use-search';
import { ProductExport } from './product-export';

/** The catalogue as staff search it: by number, article in any spelling, or title words. */
export function ProductList() {
  const { typed, setTyped, q, page, setPage } = useListSearch();
  const list = useAdminQuery('adminProducts', { query: { q: q || undefined, page } });
  const data = list.data;
  return (
    <>
      <div className={styles.toolbar} role="search">
        <label className={styles.control}>
          Номер, артикул или название
          <input
            className={styles.input}
            type="search"
            value={typed}
            maxLength={200}
            placeholder="например, OC 90 или масляный фильтр"
            onChange={(e) => setTyped(e.target.value)}
            style={{ minWidth: 320 }}
          />
        </label>
        <ProductExport q={q} />
      </div>
      {list.error ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      <div className={styles.tableWrap} role="region" aria-label="Товары" tabIndex={0}>
        {!data ? (
          list.isPending ? (
            <TableSkeleton />
          ) : null
        ) : data.results.length === 0 ? (
          <EmptyState title="Ничего не найдено">Проверьте артикул или попробуйте другое слово.</EmptyState>
        ) : (
          <table className={styles.table} data-products="">
            <thead>
              <tr>
                <th scope="col">№</th>
                <th scope="col">Товар</th>
                <th scope="col">Артикул</th>
                <th scope="col">Категория</th>
                <th scope="col" className={styles.num}>
                  Цена
                </th>
                <th scope="col" className={styles.num}>
                  Остаток
                </th>
                <th scope="col">На витрине</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((p) => (
                <tr key={p.id}>
                  <td className={styles.muted}>{p.id}</td>
                  <td>
                    <Link href={`/admin/products/${p.id}`}>{p.title}</Link>
                    {p.manufacturer ? <div className={styles.muted}>{p.manufacturer}</div> : null}
                  </td>
                  <td>{p.article}</td>
                  <td className={styles.muted}>{p.category.title}</td>
                  <td className={styles.num}>
                    {formatPrice(p.price)}
                    {p.old_price ? <div className={styles.muted}>было {formatPrice(p.old_price)}</div> : null}
                  </td>
                  <td className={styles.num}>{p.stock > 0 ? p.stock : <Badge tone="warning">нет</Badge>}</td>
                  <td>{p.active ? <Badge tone="success">Да</Badge> : <Badge>Скрыт</Badge>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {data ? <Pager list={data} onPage={setPage} /> : null}
    </>
  );
}
