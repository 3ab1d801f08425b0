import { PAGE_TITLES } from '@podbor/contract';
import type { Metadata } from 'next';
import { CartView } from '@/features/cart/cart-view';
import styles from '@/features/cart/cart.module.css';
import { ProductShelf } from '@/components/catalog/product-shelf';
import { OpenModalButton } from '@/components/shell/open-modal-button';
import { buttonClass } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { apiTry } from '@/lib/api/server';
import { recommendationsForCart } from '@/lib/recommendations';
import { getStartData } from '@/lib/start-data';

export const metadata: Metadata = { title: PAGE_TITLES.cart, robots: { index: false } };

export default async function CartPage() {
  const data = await getStartData();
  const cart = await apiTry('cart', {
    body: { transport: data.transportId ?? '', city: data.city?.slug ?? '' },
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
  const context = `${data.city?.slug ?? ''}|${data.transportId ?? ''}|${data.isAuthorized ? 'user' : 'visitor'}`;
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.heading}>
        <h1>{PAGE_TITLES.cart}</h1>
        <div className={styles.helpRow}>
          <OpenModalButton
            kind="help"
            helpType="HELP"
            goal="button_cart_help"
            className={buttonClass('secondary', 'sm')}
          >
            Помощь с заказом
          </OpenModalButton>
          <OpenModalButton
            kind="help"
            helpType="SPECIAL_OFFER"
            goal="button_cart_special"
            className={buttonClass('secondary', 'sm')}
          >
            Узнать цену со скидкой
          </OpenModalButton>
        </div>
      </div>
      <CartView
        key={context}
        initial={cart}
        transportId={data.transportId}
        citySlug={data.city?.slug ?? null}
      />
      <ProductShelf id="cart-recommendations" title="С этим покупают" products={recommended} />
    </div>
  );
}
