import type { ReactNode } from 'react';
import { ProfileNav } from '@/features/profile/profile-nav';
import styles from '@/features/profile/profile.module.css';
import { getStartData } from '@/lib/start-data';

/** The personal account's frame: section menu beside the page; a guest gets the page's sign-in prompt alone. */
export default async function ProfileLayout({ children }: { children: ReactNode }) {
  const { isAuthorized } = await getStartData();
  if (!isAuthorized) return children;
  return (
    <div className={`container ${styles.layout}`}>
      <ProfileNav />
      <div className={styles.main}>{children}</div>
    </div>
  );
}
