import { PAGE_TITLES } from '@podbor/contract';
import type { Metadata } from 'next';
import { GarageView } from '@/features/profile/garage-view';
import { LoadFailed } from '@/features/profile/load-failed';
import { SignedOutPrompt } from '@/features/profile/signed-out';
import { apiCall, ApiError } from '@/lib/api/server';
import { getStartData } from '@/lib/start-data';

export const metadata: Metadata = { title: `Гараж — ${PAGE_TITLES.profile}`, robots: { index: false } };

/** The personal account's «Гараж» (issue #17): the customer's vehicles. */
export default async function GaragePage() {
  const data = await getStartData();
  if (!data.isAuthorized) return <SignedOutPrompt />;
  let garage;
  try {
    garage = await apiCall('garage');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return <SignedOutPrompt stale />;
    return <LoadFailed what="гараж" href="/profile/garage" />;
  }
  return <GarageView initial={garage} />;
}
