import { PAGE_TITLES } from '@podbor/contract';
import { CartSkeleton } from '@/features/cart/cart-skeleton';

export default function Loading() {
  return <CartSkeleton title={PAGE_TITLES.orderPlacement} />;
}
