import {
  formatNumber,
  formatPrice,
  countRu,
  productUrlFromCategories,
  type ProductListItem,
} from '@podbor/contract';
import { discountPercent } from '@podbor/contract/money';
import { onOrderTitle } from '@podbor/contract/offer-text';
import Link from 'next/link';
import type { CSSProperties } from 'react';
import { CheckIcon, WrenchIcon } from '@/components/ui/icons';
import { safeUrl } from '@/lib/start-data';
import { fitLabel, listItemFit } from './fit';
import styles from './product-card.module.css';

export interface ProductCardProps {
  /** One `results` item of categoryProducts (the shop's listing item). */
  product: ProductListItem;
  /** The card is in the first row: load its image eagerly (not lazily), at the browser's own priority — on a phone
   *  the page's largest element is the category's heading text, and a high-priority image would compete with it. */
  priority?: boolean;
}

/**
 * Product tile used across the shop (listing, home page, analogues). A server component without client
 * JavaScript: the whole tile is one link (the title's link stretched over it), and the image sits over a
 * placeholder, so a missing or broken image (decorative, `alt=""`) leaves the placeholder visible.
 */
export function ProductCard({ product, priority = false }: ProductCardProps) {
  const href = productUrlFromCategories(product.categories, product.slug);
  const image = safeUrl(product.image);
  const offer = product.is_service ? null : (product.offer ?? null);
  const discount = discountPercent(product.price, product.old_price);
  const rating = product.average_rating ?? 0;
  const reviews = product.reviews_count ?? 0;
  const fit = listItemFit(product);

  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <span className={styles.placeholder} aria-hidden="true">
          <WrenchIcon size={40} />
        </span>
        {image ? (
          <img
            src={image}
            alt=""
            width={320}
            height={320}
            className={styles.image}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : null}
        {discount ? <span className={styles.discount}>−{discount}%</span> : null}
        {/* Fit everywhere: with a vehicle chosen, «Подходит» / «Не подходит» / «Универсальный» (universal
            products fit every vehicle, which is not the fitment check «Подходит» promises). */}
        {fit ? (
          <span className={`${styles.fits} ${fit === 'fits' ? '' : styles[fit]}`} data-fit={fit}>
            {fit === 'fits' ? <CheckIcon size={14} /> : null}
            {fitLabel(fit, 'short')}
          </span>
        ) : null}
      </div>

      <div className={styles.body}>
        {product.vendor_code ? (
          <p className={styles.article}>
            <span className="visually-hidden">Артикул: </span>
            {product.vendor_code}
            {product.manufacturer ? <span className={styles.vendor}> · {product.manufacturer}</span> : null}
          </p>
        ) : product.manufacturer ? (
          <p className={styles.article}>{product.manufacturer}</p>
        ) : null}

        <h3 className={styles.title}>
          <Link href={href} className={styles.link} prefetch={false}>
            {product.title}
          </Link>
        </h3>

        {reviews > 0 || rating > 0 ? (
          <p className={styles.rating}>
            <span
              className={styles.stars}
              aria-hidden="true"
              style={{ '--rating': Math.min(5, Math.max(0, rating)) } as CSSProperties}
            />
            <span className="visually-hidden">
              Рейтинг {formatNumber(Math.round(rating * 10) / 10)} из 5,{' '}
            </span>
            <span aria-hidden="true">{formatNumber(Math.round(rating * 10) / 10)}</span>
            <span className={styles.reviews}>{countRu(reviews, ['отзыв', 'отзыва', 'отзывов'])}</span>
          </p>
        ) : (
          <p className={`${styles.rating} ${styles.noReviews}`}>Нет отзывов</p>
        )}

        <div className={styles.bottom}>
          <p className={styles.prices}>
            <span className={styles.price}>
              {product.is_service ? <span className={styles.from}>от </span> : null}
              {formatPrice(offer ? offer.price : product.price)}
            </span>
            {discount && product.old_price && !offer ? (
              <s className={styles.oldPrice}>
                <span className="visually-hidden">Старая цена: </span>
                {formatPrice(product.old_price)}
              </s>
            ) : null}
          </p>
          <p className={product.is_service || product.in_stock !== false ? styles.inStock : styles.onOrder}>
            {product.is_service
              ? 'Услуга'
              : offer
                ? onOrderTitle(offer.delivery_days)
                : product.in_stock === false
                  ? 'Под заказ'
                  : 'В наличии'}
          </p>
        </div>
      </div>
    </article>
  );
}
