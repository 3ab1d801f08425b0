import Link from 'next/link';
import { ChevronRightIcon } from './icons';
import styles from './breadcrumbs.module.css';

export interface Crumb {
  title: string;
  /** Absent for the current page (the last crumb). */
  href?: string;
}

/** Breadcrumb trail; the last item is the current page. Scrolls sideways on narrow screens instead of wrapping. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Хлебные крошки" className={styles.nav}>
      <ol className={styles.list}>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${item.title}`} className={styles.item}>
              {item.href && !last ? (
                <Link href={item.href} className={styles.link} prefetch={false}>
                  {item.title}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={styles.current}>
                  {item.title}
                </span>
              )}
              {last ? null : <ChevronRightIcon size={14} className={styles.sep} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
