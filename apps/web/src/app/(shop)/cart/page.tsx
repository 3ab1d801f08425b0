import { PAGE_TITLES } from '@podbor/contract';
import type { Metadata } from 'next';
import { CartView } from '@/features/cart/cart-view';
import styles from '@/features/cart/cart.module.css';
import { ProductShelf } from '@/components/catalog/product-shelf';
import { HelpOfferButtons } from '@/components/shell/help-offer-buttons';
import { StatusPanel } from '@/components/ui/status-panel';
import { apiTry } from '@/lib/api/server';
import { recommendationsForCart } from '@/lib/recommendations';
import { getStartData } from '@/lib/start-data';

export const metadata: Metadata = { title: PAGE_TITLES.cart, robots: { index: false } };

export default async function CartPage() {
  const data = await getStartData();
  const cart = await apiTry('cart', {
    body: { transport: data.transportId ?? '', city: data.city?.slug ?? '', branch: data.branch?.id ?? '' },
  });
  if (!cart) {
    return (
      <div className="container">
        <StatusPanel code="!" title="Корзина временно недоступна">
          <p>Не удалось загрузить корзину. Обновите страницу через минуту — товары в ней сохранены.</p>
        </StatusPanel>
      </div>
    );
  }
  const recommended = await recommendationsForCart(
    cart.results.map((line) => ({
      slug: line.product.slug,
      category: line.product.categories?.[0]?.at(-1) ?? '',
    })),
    data.transportId,
  );
  // A new city, vehicle or sign-in re-renders the page (router.refresh) with that context's cart: start over.
  const context = `${data.city?.slug ?? ''}|${data.branch?.id ?? ''}|${data.transportId ?? ''}|${data.isAuthorized ? 'user' : 'visitor'}`;
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.heading}>
        <h1>{PAGE_TITLES.cart}</h1>
        <HelpOfferButtons place="cart" helpLabel="Помощь с заказом" className={styles.helpRow} />
      </div>
      <CartView
        key={context}
        initial={cart}
        transportId={data.transportId}
        citySlug={data.city?.slug ?? null}
        branchId={data.branch?.id ?? null}
        vehicleLabel={data.transport?.label ?? null}
      />
      <ProductShelf id="cart-recommendations" title="С этим покупают" products={recommended} />
    </div>
  );
}
