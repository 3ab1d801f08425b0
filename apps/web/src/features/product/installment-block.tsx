import { formatPrice, pluralRu } from '@podbor/contract';
import { apiTry } from '@/lib/api/server';
import styles from './installment-block.module.css';

/**
 * Product page instalment offer (GET /payment/installment/{slug}/): «4 платежа по N ₽». A server component: the
 * offer depends only on the price the page shows in the visitor's city — the product's own, or its best supplier
 * offer's where the city has none in stock (the API applies the page's rule to the X-City the call carries) — so
 * it is fetched with the page and shared between visitors of a city for 5 s: no process may show a changed price
 * longer than that (issue #16), and this part of the page repeats it. Renders nothing when the API has no offer for
 * this price or cannot answer.
 */
export async function InstallmentBlock({ slug }: { slug: string }) {
  const offer = await apiTry('installment', { params: { productSlug: slug }, revalidate: 5 });
  if (!offer?.available || offer.parts < 2) return null;
  const headline = `${offer.parts} ${pluralRu(offer.parts, ['платёж', 'платежа', 'платежей'])} по ${formatPrice(offer.part_price)}`;
  // The API's description usually starts with the same headline: show only the rest under it.
  const rest = offer.description.startsWith(headline)
    ? offer.description.slice(headline.length).trim()
    : offer.description;
  return (
    <section className={styles.installment} aria-label="Оплата частями" data-installment="">
      <p className={styles.installmentTitle}>
        {offer.parts} {pluralRu(offer.parts, ['платёж', 'платежа', 'платежей'])} по{' '}
        <span className={styles.installmentPart}>{formatPrice(offer.part_price)}</span>
      </p>
      <ol className={styles.parts} aria-hidden="true">
        {Array.from({ length: offer.parts }, (_, i) => (
          <li key={i} className={i === 0 ? styles.partNow : styles.part} />
        ))}
      </ol>
      {rest ? <p className={styles.installmentText}>{rest.charAt(0).toUpperCase() + rest.slice(1)}</p> : null}
    </section>
  );
}
