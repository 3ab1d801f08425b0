import { formatTransportText } from '@podbor/contract';
import { HomePage } from '@/features/home/home-page';
import { loadHomeData } from '@/features/home/home-data';
import { HomeTransportSelector } from '@/features/transport/home-transport-selector';
import { autoPartsStoreLd, JsonLd, siteOrigin } from '@/lib/seo';
import { getStartData } from '@/lib/start-data';

/** Home (SPEC §2 `/`, accepts `?transport_id=`, which proxy.ts remembers in the transport cookie). */
export default async function Home() {
  const [data, origin] = await Promise.all([getStartData(), siteOrigin()]);
  const home = await loadHomeData(data.transportId);
  const { transport, transportId } = data;
  const transportLabel = transport ? transport.label || formatTransportText(transport) : null;
  return (
    <>
      <HomePage
        data={data}
        home={home}
        vehicleSelector={
          <HomeTransportSelector
            key={transportId ?? 'none'}
            initialYears={home.years}
            currentLabel={transportLabel}
          />
        }
      />
      <JsonLd data={autoPartsStoreLd(origin, data.showcase, data.cities)} />
    </>
  );
}
