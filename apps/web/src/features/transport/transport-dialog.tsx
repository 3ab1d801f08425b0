'use client';

import { formatTransportText } from '@podbor/contract';
import { useEffect, useState } from 'react';
import { useShell } from '@/components/shell/shell-context';
import { Modal } from '@/components/ui/modal';
import { browserApi } from '@/lib/api/browser';
import { TransportSelector } from './transport-selector';
import styles from './transport-selector.module.css';

/** The vehicle selector as a dialog: the header's transport button on every page (on phones, SPEC §2). */
export default function TransportDialog() {
  const { session, closeModal } = useShell();
  const transportId = session.transportId;
  const [loaded, setLoaded] = useState<{ id: number; label: string | null } | null>(null);

  useEffect(() => {
    if (!transportId) return;
    const controller = new AbortController();
    void browserApi('transportDetail', { params: { transportId }, signal: controller.signal }).then((r) => {
      if (controller.signal.aborted) return;
      setLoaded({ id: transportId, label: r.ok ? r.data.label || formatTransportText(r.data) : null });
    });
    return () => controller.abort();
  }, [transportId]);

  const currentLabel = transportId && loaded?.id === transportId ? loaded.label : null;

  return (
    <Modal open onClose={closeModal} title="Выбор транспорта" size="md" fullScreenOnMobile name="transport">
      <p className={styles.dialogLead}>
        Каталог, наличие и цены установки покажем для выбранного транспорта.
      </p>
      <TransportSelector currentLabel={currentLabel} stored={Boolean(transportId)} onApplied={closeModal} autoFocus />
    </Modal>
  );
}
