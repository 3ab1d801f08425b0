import { countRu, type ManufacturerResponse } from '@podbor/contract';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { buttonClass } from '@/components/ui/button';
import { safeUrl } from '@/lib/start-data';
import styles from './manufacturer.module.css';

export function ManufacturerPage({ manufacturer }: { manufacturer: ManufacturerResponse }) {
  const logo = safeUrl(manufacturer.logo);
  const count = manufacturer.products_count;
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs
        items={[
          { title: 'Главная', href: '/' },
          { title: 'Каталог', href: '/catalog' },
          { title: manufacturer.title },
        ]}
      />
      <article className={styles.card}>
        <div className={styles.logo} aria-hidden={logo ? undefined : true}>
          {logo ? (
            <img src={logo} alt={`Логотип ${manufacturer.title}`} width={120} height={120} />
          ) : (
            <span>{manufacturer.title.charAt(0)}</span>
          )}
        </div>
        <div className={styles.body}>
          <h1 className={styles.title}>{manufacturer.title}</h1>
          <dl className={styles.facts}>
            {manufacturer.country ? (
              <div>
                <dt>Страна</dt>
                <dd>{manufacturer.country}</dd>
              </div>
            ) : null}
            <div>
              <dt>Товаров в каталоге</dt>
              <dd>{countRu(count, ['товар', 'товара', 'товаров'])}</dd>
            </div>
          </dl>
          {manufacturer.description ? <p className={styles.text}>{manufacturer.description}</p> : null}
          <Link href="/catalog" className={buttonClass('primary')}>
            Перейти в каталог
          </Link>
        </div>
      </article>
    </div>
  );
}
