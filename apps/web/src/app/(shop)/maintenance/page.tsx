import type { Metadata } from 'next';
import { MaintenanceView } from '@/features/maintenance/maintenance-view';
import styles from '@/features/maintenance/maintenance.module.css';
import { HomeTransportSelector } from '@/features/transport/home-transport-selector';
import { getStartData } from '@/lib/start-data';

export const metadata: Metadata = { title: 'Каталог ТО' };

/** Каталог ТО (issue #17): the kit of the chosen vehicle's next scheduled service. */
export default async function MaintenancePage() {
  const data = await getStartData();
  const label = data.transport?.label ?? null;
  return (
    <div className={`container ${styles.page}`}>
      <h1>Каталог ТО</h1>
      <div className={styles.vehicle}>
        {data.transportId ? (
          <p className={styles.hint}>
            Автомобиль: <strong data-maintenance-vehicle="">{label ?? `№ ${data.transportId}`}</strong>
          </p>
        ) : (
          <p className={styles.hint}>Выберите автомобиль — подберём детали его планового ТО.</p>
        )}
        <HomeTransportSelector key={data.transportId ?? 'none'} currentLabel={label} />
      </div>
      {data.transportId ? (
        <MaintenanceView
          key={`${data.transportId}|${data.city?.slug ?? ''}`}
          transportId={data.transportId}
          citySlug={data.city?.slug ?? null}
        />
      ) : null}
    </div>
  );
}
