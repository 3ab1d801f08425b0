import { PAGE_TITLES } from '@podbor/contract';
import { CartSkeleton } from '@/features/cart/cart-skeleton';
import { LoadingTitle } from '@/components/ui/loading-title';

export default function Loading() {
  return (
    <>
      <LoadingTitle />
      <CartSkeleton title={PAGE_TITLES.orderPlacement} />
    </>
  );
}
