import { OrdersSkeleton } from '@/features/profile/skeletons';

export default function Loading() {
  return <OrdersSkeleton />;
}
