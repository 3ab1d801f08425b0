import { onOrderExpectedLabel } from '@podbor/contract/offer-text';
import { CART_QUANTITY_MAX } from '@podbor/contract/constants';
import {
  PAGE_TITLES,
  productUrlFromCategories,
  type CartLine,
  type ProductDetailResponse,
} from '@podbor/contract';
import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import styles from '@/features/cart/cart.module.css';
import { OrderForm } from '@/features/checkout/order-form';
import type { OrderLine } from '@/features/checkout/order-lines';
import { apiTry } from '@/lib/api/server';
import { getStartData, safeUrl } from '@/lib/start-data';

export const metadata: Metadata = { title: PAGE_TITLES.orderPlacement, robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function fromCart(line: CartLine): OrderLine {
  const p = line.product;
  return {
    slug: p.slug,
    title: p.title ?? p.slug,
    image: p.image ?? null,
    href: p.categories?.length ? productUrlFromCategories(p.categories, p.slug) : '/cart',
    price: p.price,
    quantity: line.quantity,
    withInstallation: p.with_installation,
    installationPrice: p.installation_price,
    installationAvailable: p.installation_available ?? p.installation_price > 0,
    stock: p.warehouse_stock,
    supplierId: line.offer?.supplier_id ?? null,
    offerNote: line.offer
      ? line.offer.available && line.offer.expected_date
        ? onOrderExpectedLabel(line.offer.expected_date)
        : line.offer.label
      : null,
    pickupNote: line.pickup?.transfer?.label ?? null,
    ...(line.fit ? { fit: line.fit } : {}),
  };
}

function fromProduct(
  p: ProductDetailResponse,
  cityTitle: string | null,
  branchId: number | null,
  quantity: number,
  installation: boolean,
): OrderLine {
  const here = p.warehouses.filter((w) => !cityTitle || w.city === cityTitle);
  const stock = here.reduce((s, w) => s + (Number(w.quantity) || 0), 0);
  const offered = p.with_installation && p.installation_price > 0;
  return {
    slug: p.slug,
    title: p.title,
    image: p.images[0] ?? null,
    href: productUrlFromCategories(p.categories, p.slug),
    price: p.price,
    quantity: Math.max(1, Math.min(quantity, stock > 0 ? stock : 1, CART_QUANTITY_MAX)),
    withInstallation: offered && installation,
    installationPrice: offered ? p.installation_price : 0,
    installationAvailable: offered,
    stock: p.is_service ? CART_QUANTITY_MAX : stock,
    pickupNote: p.pickup?.find((b) => b.branch_id === branchId)?.transfer?.label ?? null,
  };
}

/** SPEC §2 /order: the checked cart lines (CART), or one product bought at once (`?placement=BUY_NOW&product=`). */
export default async function OrderPage({ searchParams }: Props) {
  const query = await searchParams;
  const data = await getStartData();
  const buyNow = one(query.placement) === 'BUY_NOW' && Boolean(one(query.product));
  const cityTitle = data.city?.title ?? null;

  let lines: OrderLine[] = [];
  let unavailable = false;
  if (buyNow) {
    const slug = one(query.product)!;
    const product = /^[\w-]{1,200}$/.test(slug)
      ? await apiTry('productDetail', { params: { productSlug: slug } })
      : null;
    if (product) {
      lines = [
        fromProduct(
          product,
          cityTitle,
          data.branch?.id ?? null,
          Number(one(query.quantity)) || 1,
          one(query.installation) === '1',
        ),
      ];
      unavailable = lines[0]!.stock <= 0;
    }
  } else {
    const cart = await apiTry('cart', {
      body: { transport: data.transportId ?? '', city: data.city?.slug ?? '', branch: data.branch?.id ?? '' },
    });
    lines = (cart?.results ?? []).filter((l) => l.is_checked !== false).map(fromCart);
  }

  const [methods, profile] = await Promise.all([
    apiTry('paymentMethods', { revalidate: 30 }),
    data.isAuthorized ? apiTry('profile') : null,
  ]);

  const heading = (
    <div className={styles.heading}>
      <h1>{PAGE_TITLES.orderPlacement}</h1>
    </div>
  );

  if (lines.length === 0 || unavailable) {
    return (
      <div className={`container ${styles.page}`}>
        {heading}
        <StatusPanel
          headingLevel={2}
          title={unavailable ? 'Товара нет в наличии в вашем городе' : 'Нечего оформлять'}
          actions={
            <>
              <Link href="/cart" className={buttonClass('primary')}>
                В корзину
              </Link>
              <Link href="/catalog" className={buttonClass('secondary')}>
                В каталог
              </Link>
            </>
          }
        >
          <p>
            {unavailable
              ? 'Выберите другой город или посмотрите аналоги в каталоге.'
              : 'В корзине нет отмеченных товаров. Отметьте товары в корзине или выберите их в каталоге.'}
          </p>
        </StatusPanel>
      </div>
    );
  }

  const privacy = safeUrl(data.showcase.privacy_policy_link) ?? '/pages';
  const name = profile ? [profile.first_name, profile.last_name].filter(Boolean).join(' ') : '';
  return (
    <div className={`container ${styles.page}`}>
      {heading}
      <OrderForm
        placement={buyNow ? 'BUY_NOW' : 'CART'}
        lines={lines}
        branch={
          data.branch ? { id: data.branch.id, title: data.branch.title, street: data.branch.street } : null
        }
        cityTitle={cityTitle}
        methods={methods ?? []}
        prefill={{ name, phone: profile?.phone_number ?? '', email: profile?.email ?? '' }}
        privacyHref={privacy}
        transportId={data.transportId}
        citySlug={data.city?.slug ?? null}
        vehicleLabel={data.transport?.label ?? null}
      />
    </div>
  );
}
