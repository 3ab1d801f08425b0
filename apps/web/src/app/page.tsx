import { HomePage } from '@/features/home/home-page';
import { apiTry } from '@/lib/api/server';
import { getStartData } from '@/lib/start-data';

/** Home (SPEC §2 `/`, accepts `?transport_id=`, which proxy.ts remembers in the transport cookie). */
export default async function Home() {
  const [data, banners, categories] = await Promise.all([
    getStartData(),
    apiTry('banners', { revalidate: 60 }),
    apiTry('categories', { revalidate: 60 }),
  ]);
  return <HomePage data={data} banners={banners ?? []} categories={categories ?? []} />;
}
