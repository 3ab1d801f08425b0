import { HomePage } from '@/features/home/home-page';
import { loadHomeData } from '@/features/home/home-data';
import { getStartData } from '@/lib/start-data';

/** Home (SPEC §2 `/`, accepts `?transport_id=`, which proxy.ts remembers in the transport cookie). */
export default async function Home() {
  const data = await getStartData();
  const home = await loadHomeData(data.transportId);
  return <HomePage data={data} home={home} />;
}
