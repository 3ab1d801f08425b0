import { OrdersSkeleton } from '@/features/profile/skeletons';
import { LoadingTitle } from '@/components/ui/loading-title';

export default function Loading() {
  return (
    <>
      <LoadingTitle />
      <OrdersSkeleton />
    </>
  );
}
