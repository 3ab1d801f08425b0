import type { ProductListItem } from '@podbor/contract';
import { ProductCard } from './product-card';
import styles from './product-shelf.module.css';

/**
 * A titled row of product cards («С этим покупают» on the product page and in the cart). A server component:
 * no client JavaScript beyond the cards' links. Nothing is rendered for an empty list.
 */
export function ProductShelf({
  id,
  title,
  products,
}: {
  /** id of the heading (the section is labelled by it). */
  id: string;
  title: string;
  products: readonly ProductListItem[];
}) {
  if (products.length === 0) return null;
  return (
    <section className={`${styles.shelf} render-lazy`} aria-labelledby={id} data-product-shelf={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      <ul role="list" className={styles.grid}>
        {products.map((product) => (
          <li key={product.slug}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
