'use client';

import type { OrderVehicle } from '@podbor/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { browserApi } from '@/lib/api/browser';
import styles from './profile.module.css';

// The vehicle an order was placed for (issue #17): one tap keeps it in the customer's garage, so the next order
// for the same car starts from it.

type State = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string };

export function OrderVehicleFact({ vehicle }: { vehicle: OrderVehicle }) {
  const [state, setState] = useState<State>({ kind: vehicle.in_garage ? 'saved' : 'idle' });
  const save = async () => {
    setState({ kind: 'saving' });
    const r = await browserApi('garageAdd', { body: { transport: vehicle.transport } });
    if (r.ok) return setState({ kind: 'saved' });
    const e = r.error?.errors;
    setState({
      kind: 'error',
      message: e?.detail ?? e?.transport?.[0] ?? 'Не удалось сохранить. Попробуйте ещё раз',
    });
  };
  return (
    <div data-order-vehicle="">
      <dt>Автомобиль</dt>
      <dd>{vehicle.label}</dd>
      <dd className={styles.vehicleAction}>
        {state.kind === 'saved' ? (
          <span className={styles.muted} role="status">
            В гараже · <a href="/profile/garage">Мой гараж</a>
          </span>
        ) : (
          <Button variant="secondary" size="sm" loading={state.kind === 'saving'} onClick={() => void save()}>
            Сохранить в гараж
          </Button>
        )}
        {state.kind === 'error' ? (
          <span className={styles.actionError} role="alert">
            {state.message}
          </span>
        ) : null}
      </dd>
    </div>
  );
}
