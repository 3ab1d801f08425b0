import { PAGE_TITLES } from '@podbor/contract';
import type { Metadata } from 'next';
import { ProfileView } from '@/features/profile/profile-view';
import { SignedOutPrompt } from '@/features/profile/signed-out';
import { LoadFailed } from '@/features/profile/load-failed';
import { apiCall, ApiError, apiTry } from '@/lib/api/server';
import { getStartData } from '@/lib/start-data';

export const metadata: Metadata = { title: PAGE_TITLES.profile, robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProfilePage({ searchParams }: Props) {
  const [{ auth_error: authError }, data] = await Promise.all([searchParams, getStartData()]);
  if (!data.isAuthorized) return <SignedOutPrompt authError={Boolean(authError)} />;
  let profile;
  try {
    profile = await apiCall('profile');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return <SignedOutPrompt stale />;
    return <LoadFailed what="профиль" href="/profile" />;
  }
  const transport = profile.transport
    ? await apiTry('transportDetail', { params: { transportId: profile.transport }, revalidate: 300 })
    : null;
  return (
    <ProfileView
      profile={profile}
      cities={data.cities.map((c) => ({ title: c.title, slug: c.slug }))}
      vehicle={
        profile.transport
          ? { id: profile.transport, label: transport?.label ?? `Автомобиль № ${profile.transport}` }
          : null
      }
    />
  );
}
