import { expectedLabel, onOrderTitle } from '@podbor/contract/offer-text';
import {
  formatNumber,
  formatPrice,
  manufacturerUrl,
  pluralRu,
  productUrlFromCategories,
  type ProductDetailResponse,
} from '@podbor/contract';
import { discountPercent } from '@podbor/contract/money';
import Link from 'next/link';
import { Suspense } from 'react';
import { ProductShelf } from '@/components/catalog/product-shelf';
import { HelpOfferButtons } from '@/components/shell/help-offer-buttons';
import { Breadcrumbs, type Crumb } from '@/components/ui/breadcrumbs';
import { PinIcon } from '@/components/ui/icons';
import { recommendationsFor } from '@/lib/recommendations';
import { InstallmentBlock } from './installment-block';
import { sanitizePageHtml } from '@/lib/sanitize';
import { absoluteUrl, breadcrumbListLd, JsonLd } from '@/lib/seo';
import { safeUrl, type StartData } from '@/lib/start-data';
import { BuyPanel } from './buy-panel';
import { FitmentCheck, type FitmentStatus } from './fitment-check';
import { Gallery } from './gallery';
import { ProductTabs } from './product-tabs';
import styles from './product.module.css';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** «С этим покупают» (SPEC §3 recommendations): streamed after the page, nothing when there are none. */
async function Recommendations({
  slug,
  categorySlug,
  transportId,
}: {
  slug: string;
  categorySlug: string;
  transportId: number | null;
}) {
  const products = await recommendationsFor(slug, categorySlug, transportId);
  return <ProductShelf id="product-recommendations" title="С этим покупают" products={products} />;
}

function quantityOf(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

function productJsonLd(product: ProductDetailResponse, origin: string) {
  const url = absoluteUrl(origin, productUrlFromCategories(product.categories, product.slug));
  const inStock =
    product.is_service || (product.in_stock ?? product.warehouses.some((w) => quantityOf(w.quantity) > 0));
  const reviews = product.reviews_count ?? 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    url,
    sku: product.vendor_code || product.slug,
    ...(product.vendor_code ? { mpn: product.vendor_code } : {}),
    ...(product.manufacturer ? { brand: { '@type': 'Brand', name: product.manufacturer } } : {}),
    image: product.images.map((src) => absoluteUrl(origin, src)),
    description: plainText(product.description).slice(0, 5000) || product.title,
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: 'RUB',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/BackOrder',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(reviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(product.average_rating * 10) / 10,
            reviewCount: reviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function ProductPage({
  product,
  chain,
  origin,
  crumbs,
  start,
}: {
  product: ProductDetailResponse;
  /** The category chain of the address the product was opened under. */
  chain: readonly string[];
  origin: string;
  /** Breadcrumbs up to and including the category. */
  crumbs: Crumb[];
  start: Pick<StartData, 'transport' | 'transportId' | 'city' | 'branch'>;
}) {
  const images = product.images.map((src) => safeUrl(src)).filter((src): src is string => src !== null);
  const discount = discountPercent(product.price, product.old_price);
  const reviews = product.reviews_count ?? 0;
  const rating = Math.round(product.average_rating * 10) / 10;
  const warehouses = [...product.warehouses].sort((a, b) => {
    const mine = (w: typeof a) => (start.branch && w.branch_id === start.branch.id ? 0 : 1);
    return mine(a) - mine(b) || quantityOf(b.quantity) - quantityOf(a.quantity);
  });
  const totalStock = warehouses.reduce((n, w) => n + quantityOf(w.quantity), 0);
  // Issue #17: per branch of the city, its units now or when a transfer brings them (the API's `pickup`).
  const pickup = [...(product.pickup ?? [])].sort((a, b) => {
    const mine = (p: typeof a) => (start.branch && p.branch_id === start.branch.id ? 0 : 1);
    return mine(a) - mine(b) || b.quantity - a.quantity;
  });
  const myTransfer = start.branch
    ? (pickup.find((p) => p.branch_id === start.branch?.id)?.transfer ?? null)
    : null;
  // No own stock in the city: the best supplier offer «под заказ» sells it at its price and term.
  const offer = !product.is_service && totalStock === 0 ? (product.offer ?? null) : null;
  const inStock = product.is_service || offer !== null || (product.in_stock ?? totalStock > 0);
  const price = offer ? offer.price : product.price;
  const fitment: FitmentStatus = product.is_universal
    ? 'universal'
    : !start.transportId
      ? 'no-vehicle'
      : product.is_linked_transport
        ? 'fits'
        : 'does-not-fit';
  const allCrumbs: Crumb[] = [...crumbs, { title: product.title }];
  const categorySlug = chain[chain.length - 1] ?? product.categories[0]?.at(-1) ?? '';
  const description = sanitizePageHtml(product.description);
  const installation = sanitizePageHtml(product.installation);

  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs items={allCrumbs} />
      <div className={styles.top}>
        <Gallery images={images} title={product.title} />
        <div className={styles.info}>
          <h1 className={styles.title}>{product.title}</h1>
          <dl className={styles.facts}>
            {product.vendor_code ? (
              <div>
                <dt>Артикул</dt>
                <dd data-testid="vendor-code">{product.vendor_code}</dd>
              </div>
            ) : null}
            {product.manufacturer ? (
              <div>
                <dt>Производитель</dt>
                <dd>
                  {product.manufacturer_slug ? (
                    <Link href={manufacturerUrl(product.manufacturer_slug)}>{product.manufacturer}</Link>
                  ) : (
                    product.manufacturer
                  )}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Рейтинг</dt>
              <dd>
                <a href="#reviews" className={styles.ratingLink}>
                  <span aria-hidden="true" className={styles.ratingStar}>
                    ★
                  </span>{' '}
                  {reviews > 0
                    ? `${formatNumber(rating)} · ${reviews} ${pluralRu(reviews, ['отзыв', 'отзыва', 'отзывов'])}`
                    : 'Нет отзывов'}
                </a>
              </dd>
            </div>
          </dl>

          <div className={styles.priceBox}>
            <p className={styles.prices}>
              <span className={styles.price} data-testid="price">
                {formatPrice(price)}
              </span>
              {discount && product.old_price && !offer ? (
                <>
                  <s className={styles.oldPrice}>
                    <span className="visually-hidden">Старая цена: </span>
                    {formatPrice(product.old_price)}
                  </s>
                  <span className={styles.discount}>−{discount}%</span>
                </>
              ) : null}
            </p>
            {offer ? (
              <p className={styles.onOrder} data-testid="offer">
                {onOrderTitle(offer.delivery_days)}
                <span className={styles.offerDate}>, {expectedLabel(offer.expected_date)}</span>
                {offer.multiplicity > 1 ? (
                  <span className={styles.offerNote}>Продаётся по {offer.multiplicity} шт.</span>
                ) : null}
              </p>
            ) : (
              <p className={inStock ? styles.inStock : styles.onOrder}>
                {product.is_service
                  ? 'Услуга в сервисе'
                  : totalStock > 0
                    ? `В наличии в городе ${start.city?.title ?? ''}: ${totalStock} шт.`
                    : 'Нет в наличии в вашем городе — под заказ'}
                {myTransfer ? (
                  <span className={styles.transferNote} data-testid="my-branch-transfer">
                    В вашем филиале — {myTransfer.label}
                  </span>
                ) : null}
              </p>
            )}
            <BuyPanel
              slug={product.slug}
              withInstallation={product.with_installation}
              installationPrice={product.installation_price}
              inStock={inStock}
              isService={product.is_service}
              price={price}
              offer={offer ? { supplierId: offer.supplier_id, multiplicity: offer.multiplicity } : null}
              stockNote={
                product.is_service
                  ? 'Услуга в сервисе'
                  : totalStock > 0
                    ? `В наличии ${totalStock} шт.`
                    : offer
                      ? onOrderTitle(offer.delivery_days)
                      : 'Под заказ'
              }
            />
            {product.is_service ? null : <InstallmentBlock slug={product.slug} />}
            <HelpOfferButtons place="product" helpLabel="Помощь в подборе" className={styles.helpRow} />
          </div>

          {product.is_service ? null : (
            <FitmentCheck
              slug={product.slug}
              status={fitment}
              vehicleLabel={start.transport?.label ?? null}
            />
          )}

          {!product.is_service && warehouses.length > 0 ? (
            <Suspense>
              <section className={styles.stock} aria-labelledby="stock-title">
                <h2 id="stock-title" className={styles.stockTitle}>
                  <PinIcon size={18} /> Наличие в филиалах{start.city ? ` — ${start.city.title}` : ''}
                </h2>
                <ul role="list" className={styles.stockList}>
                  {pickup.length > 0
                    ? pickup.map((b) => {
                        const mine = start.branch && b.branch_id === start.branch.id;
                        return (
                          <li key={b.branch_id} className={styles.stockItem} data-testid="pickup-branch">
                            <span>
                              <strong>{b.title}</strong>
                              {mine ? <span className={styles.badge}>Ваш филиал</span> : null}
                              <span className={styles.stockAddress}>{b.street}</span>
                            </span>
                            {b.quantity > 0 ? (
                              <span className={styles.inStock}>{b.quantity} шт.</span>
                            ) : b.transfer ? (
                              <span className={styles.stockTransfer} data-testid="pickup-transfer">
                                {capitalize(b.transfer.label)}
                              </span>
                            ) : (
                              <span className={styles.onOrder}>Нет</span>
                            )}
                          </li>
                        );
                      })
                    : warehouses.map((w) => {
                        const q = quantityOf(w.quantity);
                        const mine = start.branch && w.branch_id === start.branch.id;
                        return (
                          <li key={`${w.branch_id ?? ''}-${w.title}`} className={styles.stockItem}>
                            <span>
                              <strong>{w.title}</strong>
                              {mine ? <span className={styles.badge}>Ваш филиал</span> : null}
                              <span className={styles.stockAddress}>{w.address}</span>
                            </span>
                            <span className={q > 0 ? styles.inStock : styles.onOrder}>
                              {q > 0 ? `${q} шт.` : 'Нет'}
                            </span>
                          </li>
                        );
                      })}
                </ul>
              </section>
            </Suspense>
          ) : null}
        </div>
      </div>

      {/* Separate hydration units (stock list, tabs): shorter main-thread tasks while the page starts. */}
      <Suspense>
        <ProductTabs
          slug={product.slug}
          categorySlug={categorySlug}
          withInstallation={product.with_installation}
          reviewsCount={reviews}
          characteristics={
            product.properties.length > 0 || product.vendor_code ? (
              <table className={styles.props}>
                <caption className="visually-hidden">Характеристики</caption>
                <tbody>
                  {product.vendor_code ? (
                    <tr>
                      <th scope="row">Артикул</th>
                      <td>{product.vendor_code}</td>
                    </tr>
                  ) : null}
                  {product.manufacturer ? (
                    <tr>
                      <th scope="row">Производитель</th>
                      <td>{product.manufacturer}</td>
                    </tr>
                  ) : null}
                  {product.properties.map((p) => (
                    <tr key={`${p.slug ?? ''}-${p.title}`}>
                      <th scope="row">{p.title}</th>
                      <td>{typeof p.value === 'number' ? formatNumber(p.value) : p.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className={styles.panelMessage}>Характеристики не указаны.</p>
            )
          }
          description={
            description ? (
              <div className={styles.html} dangerouslySetInnerHTML={{ __html: description }} />
            ) : (
              <p className={styles.panelMessage}>Описание пока не добавлено.</p>
            )
          }
          installation={
            <>
              {installation ? (
                <div className={styles.html} dangerouslySetInnerHTML={{ __html: installation }} />
              ) : !product.with_installation ? (
                <p className={styles.panelMessage}>Установка этого товара в наших сервисах не выполняется.</p>
              ) : null}
              {product.faq.length > 0 ? (
                <div className={styles.faq}>
                  <h3>Частые вопросы</h3>
                  {product.faq.map((f) => (
                    <details key={f.question}>
                      <summary>{f.question}</summary>
                      <p>{f.answer}</p>
                    </details>
                  ))}
                </div>
              ) : null}
            </>
          }
        />
      </Suspense>
      <Suspense>
        <Recommendations slug={product.slug} categorySlug={categorySlug} transportId={start.transportId} />
      </Suspense>
      <JsonLd data={productJsonLd(product, origin)} />
      <JsonLd
        data={breadcrumbListLd(
          origin,
          allCrumbs.map((c) => ({
            title: c.title,
            href: c.href ?? productUrlFromCategories(product.categories, product.slug),
          })),
        )}
      />
    </div>
  );
}
