import { ProfileSkeleton } from '@/features/profile/skeletons';

export default function Loading() {
  return <ProfileSkeleton />;
}
