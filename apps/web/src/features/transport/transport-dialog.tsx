'use client';

import { formatTransportText } from '@podbor/contract';
import { useQuery } from '@tanstack/react-query';
import { QueryIsland } from '@/components/query/query-island';
import { useShell } from '@/components/shell/shell-context';
import { Modal } from '@/components/ui/modal';
import { browserApi } from '@/lib/api/browser';
import { TransportSelector } from './transport-selector';
import styles from './transport-selector.module.css';

/** The vehicle selector as a dialog: the header's transport button on every page (on phones, SPEC §2). */
export default function TransportDialog() {
  return (
    <QueryIsland>
      <Dialog />
    </QueryIsland>
  );
}

function Dialog() {
  const { session, closeModal } = useShell();
  const transportId = session.transportId;
  // The stored vehicle's text; none (but still "stored") when it cannot be loaded.
  const detail = useQuery({
    queryKey: ['transport', 'detail', transportId],
    queryFn: async ({ signal }) => {
      const r = await browserApi('transportDetail', { params: { transportId: transportId! }, signal });
      return r.ok ? r.data.label || formatTransportText(r.data) : null;
    },
    enabled: Boolean(transportId),
  });
  const currentLabel = transportId ? (detail.data ?? null) : null;

  return (
    <Modal open onClose={closeModal} title="Выбор транспорта" size="md" fullScreenOnMobile name="transport">
      <p className={styles.dialogLead}>
        Каталог, наличие и цены установки покажем для выбранного транспорта.
      </p>
      <TransportSelector
        currentLabel={currentLabel}
        stored={Boolean(transportId)}
        onApplied={closeModal}
        autoFocus
      />
    </Modal>
  );
}
