import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { AdminFrame } from '@/components/admin/admin-frame';
import { ADMIN_LOGIN_PATH } from '@/components/admin/paths';
import { ApiError, apiCall } from '@/lib/api/server';

/**
 * Every back-office screen but sign-in: who is signed in comes from the API (a staff session opened with the
 * authenticator code); anyone else is sent to sign in. The API checks the role of every call on its own, so
 * this is the first door, not the only one.
 */
export default async function DeskLayout({ children }: { children: ReactNode }) {
  let staff;
  try {
    staff = await apiCall('staffMe');
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403))
      redirect(ADMIN_LOGIN_PATH);
    throw error;
  }
  return <AdminFrame staff={staff}>{children}</AdminFrame>;
}
