import type { PageMenuItem } from '@podbor/contract';
import Link from 'next/link';
import type { InfoPage } from './data';
import styles from './info-page.module.css';

export function InfoPageView({ page, menu }: { page: InfoPage; menu: readonly PageMenuItem[] }) {
  return (
    <div className={`container ${styles.layout}`}>
      <nav aria-label="Разделы для покупателей" className={styles.aside}>
        <p className={styles.asideTitle}>Покупателям</p>
        <ul role="list">
          {menu.map((item) => (
            <li key={item.slug}>
              <Link
                href={`/pages/${item.slug}`}
                aria-current={item.slug === page.slug ? 'page' : undefined}
                className={styles.asideLink}
              >
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <article className={styles.article}>
        <nav aria-label="Хлебные крошки" className={styles.crumbs}>
          <ol role="list">
            <li>
              <Link href="/">Главная</Link>
            </li>
            <li>
              <Link href="/pages">Покупателям</Link>
            </li>
            <li aria-current="page">{page.title}</li>
          </ol>
        </nav>
        <h1 className={styles.title}>{page.title}</h1>
        <div className={styles.content} dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
    </div>
  );
}
