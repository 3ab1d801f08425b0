'use client';

import type { GarageVehicle } from '@podbor/contract';
import { GARAGE_MESSAGES } from '@podbor/contract/garage-text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useShell } from '@/components/shell/shell-context';
import { CarIcon, CheckIcon } from '@/components/ui/icons';
import { lazyBrowserApi } from '@/lib/api/browser-lazy';
import {
  GARAGE_QUERY_KEY,
  readRecentVehicles,
  rememberVehicle,
  vinFor,
  type RecentVehicle,
} from '@/lib/garage';
import styles from './garage-panel.module.css';

// The garage in the vehicle selector (issue #17), shown in the header's and the phone's transport dialog and on
// the home page: a signed-in customer's vehicles, one tap to switch, and «Сохранить в гараж» for the vehicle just
// chosen; a visitor gets their last five vehicles from this device instead.

export interface GaragePanelProps {
  /** The chosen vehicle (transport id), null when none. */
  currentId: number | null;
  /** Its SPEC §3 text, once known. */
  currentLabel: string | null;
  /** Makes `transportId` the chosen vehicle (the selector's own applyTransport path). */
  onChoose: (transportId: number) => void;
  pending: boolean;
}

export function GaragePanel(props: GaragePanelProps) {
  const { session } = useShell();
  // This panel renders in the browser only (the dialog, the home selector once its code has arrived).
  const [recent] = useState<RecentVehicle[]>(() => readRecentVehicles());
  const { currentId, currentLabel } = props;
  // The vehicle on screen joins this device's recent list (for visitors and customers alike).
  useEffect(() => {
    if (currentId && currentLabel) rememberVehicle({ id: currentId, label: currentLabel });
  }, [currentId, currentLabel]);

  return session.isAuthorized ? (
    <CustomerGarage {...props} />
  ) : (
    <VehicleList
      title="Недавние автомобили"
      items={recent.map((v) => ({ key: `r${v.id}`, transport: v.id, name: v.label, label: null }))}
      {...props}
    />
  );
}

function CustomerGarage(props: GaragePanelProps) {
  const { currentId, pending } = props;
  const client = useQueryClient();
  const garage = useQuery({
    queryKey: GARAGE_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const r = await lazyBrowserApi('garage', { signal });
      if (!r.ok) throw new Error(r.error?.errors.detail ?? 'garage');
      return r.data;
    },
  });
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: async (transport: number) => {
      const vin = vinFor(transport);
      const r = await lazyBrowserApi('garageAdd', { body: { transport, ...(vin ? { vin } : {}) } });
      if (!r.ok) {
        const e = r.error?.errors;
        throw new Error(
          e?.detail ?? e?.transport?.[0] ?? e?.vin?.[0] ?? 'Не удалось сохранить. Попробуйте ещё раз',
        );
      }
      return r.data;
    },
    onMutate: () => setError(''),
    onError: (e) => setError(e.message),
    onSuccess: (added) => {
      client.setQueryData(GARAGE_QUERY_KEY, (old: typeof garage.data) =>
        old ? { ...old, results: [...old.results, added] } : old,
      );
    },
  });

  const vehicles: GarageVehicle[] = garage.data?.results ?? [];
  const inGarage = currentId !== null && vehicles.some((v) => v.transport === currentId);
  const full = garage.data ? vehicles.length >= garage.data.max : false;
  const canSave = currentId !== null && garage.isSuccess && !inGarage;

  return (
    <section className={styles.panel} aria-labelledby="garage-panel-title" data-garage-panel="">
      <div className={styles.head}>
        <h3 id="garage-panel-title" className={styles.title}>
          Мой гараж
        </h3>
        <a href="/profile/garage" className={styles.manage}>
          Управлять
        </a>
      </div>
      {garage.isError ? (
        <p className={styles.muted}>
          Не удалось загрузить гараж.{' '}
          <button type="button" className={styles.link} onClick={() => void garage.refetch()}>
            Повторить
          </button>
        </p>
      ) : garage.isPending ? (
        <p className={styles.muted}>Загрузка...</p>
      ) : vehicles.length === 0 ? (
        <p className={styles.muted}>
          Сохраните выбранный автомобиль — потом переключайтесь между машинами в одно касание.
        </p>
      ) : (
        <Items
          items={vehicles.map((v) => ({
            key: `g${v.id}`,
            transport: v.transport,
            name: v.name,
            label: v.label,
          }))}
          {...props}
        />
      )}
      {canSave ? (
        full ? (
          <p className={styles.muted}>{GARAGE_MESSAGES.full}</p>
        ) : (
          <button
            type="button"
            className={styles.save}
            onClick={() => save.mutate(currentId)}
            disabled={save.isPending || pending}
            data-garage-save=""
          >
            <CarIcon size={18} />
            {save.isPending ? 'Сохраняем…' : 'Сохранить в гараж'}
          </button>
        )
      ) : null}
      {save.isSuccess && inGarage ? (
        <p role="status" className={styles.saved}>
          {GARAGE_MESSAGES.added}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </section>
  );
}

interface Item {
  key: string;
  transport: number;
  name: string;
  /** The catalogue's text under the customer's name; null when the name is that text. */
  label: string | null;
}

function VehicleList({ title, items, ...props }: GaragePanelProps & { title: string; items: Item[] }) {
  const others = items.filter((i) => i.transport !== props.currentId);
  if (others.length === 0) return null;
  return (
    <section className={styles.panel} aria-label={title} data-recent-vehicles="">
      <h3 className={styles.title}>{title}</h3>
      <Items items={others} {...props} />
    </section>
  );
}

function Items({ items, currentId, onChoose, pending }: GaragePanelProps & { items: Item[] }) {
  return (
    <ul role="list" className={styles.list}>
      {items.map((item) => {
        const current = item.transport === currentId;
        return (
          <li key={item.key}>
            <button
              type="button"
              className={styles.item}
              aria-pressed={current}
              disabled={pending}
              onClick={() => (current ? undefined : onChoose(item.transport))}
              data-garage-vehicle={item.name}
            >
              <span className={styles.itemIcon}>
                {current ? <CheckIcon size={16} /> : <CarIcon size={16} />}
              </span>
              <span className={styles.itemText}>
                <span className={styles.itemName}>{item.name}</span>
                {item.label ? <span className={styles.itemLabel}>{item.label}</span> : null}
              </span>
              {current ? <span className={styles.itemBadge}>выбран</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
