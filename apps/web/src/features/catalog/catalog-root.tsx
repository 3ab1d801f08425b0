import { catalogLink, countRu, type CategoryNode } from '@podbor/contract';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { CarIcon } from '@/components/ui/icons';
import { safeUrl } from '@/lib/start-data';
import styles from './catalog.module.css';

const CHILDREN_SHOWN = 6;

/** `/catalog`: top-level categories with their first subcategories; empty ones for the vehicle are hidden. */
export function CatalogRoot({
  tree,
  transportId,
  transportLabel,
}: {
  tree: readonly CategoryNode[];
  transportId: number | null;
  transportLabel: string | null;
}) {
  const visible = tree.filter((n) => n.found > 0);
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs items={[{ title: 'Главная', href: '/' }, { title: 'Каталог' }]} />
      <header className={styles.header}>
        <h1 className={styles.title}>Каталог</h1>
        {transportLabel ? (
          <p className={styles.meta}>
            <span className={styles.vehicle}>
              <CarIcon size={16} /> Товары для {transportLabel}
            </span>
          </p>
        ) : (
          <p className={styles.lead}>Запчасти, масла, шины и аксессуары — выберите раздел.</p>
        )}
      </header>
      {visible.length === 0 ? (
        <div className={styles.empty}>
          <h2>Каталог пуст</h2>
          <p>Сейчас здесь нет товаров. Загляните позже или позвоните нам — подберём нужную деталь.</p>
        </div>
      ) : (
        <ul role="list" className={styles.rootGrid}>
          {visible.map((node) => {
            const image = safeUrl(node.image);
            const children = (node.children ?? []).filter((c) => c.found > 0);
            return (
              <li key={node.slug}>
                <section className={styles.rootCard} aria-labelledby={`cat-${node.slug}`}>
                  <Link href={catalogLink([node.slug], transportId)} className={styles.rootHead}>
                    {image ? (
                      <img
                        src={image}
                        alt=""
                        width={56}
                        height={56}
                        className={styles.tileImage}
                        loading="lazy"
                      />
                    ) : (
                      <span className={styles.tilePlaceholder} aria-hidden="true">
                        {node.title.charAt(0)}
                      </span>
                    )}
                    <span className={styles.tileText}>
                      <h2 id={`cat-${node.slug}`} className={styles.rootTitle}>
                        {node.title}
                      </h2>
                      <span className={styles.tileCount}>
                        {countRu(node.found, ['товар', 'товара', 'товаров'])}
                      </span>
                    </span>
                  </Link>
                  {children.length > 0 ? (
                    <ul role="list" className={styles.rootChildren}>
                      {children.slice(0, CHILDREN_SHOWN).map((child) => (
                        <li key={child.slug}>
                          <Link href={catalogLink([node.slug, child.slug], transportId)} prefetch={false}>
                            {child.title} <span>{child.found}</span>
                          </Link>
                        </li>
                      ))}
                      {children.length > CHILDREN_SHOWN ? (
                        <li>
                          <Link href={catalogLink([node.slug], transportId)} prefetch={false}>
                            Ещё {children.length - CHILDREN_SHOWN} →
                          </Link>
                        </li>
                      ) : null}
                    </ul>
                  ) : null}
                </section>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
