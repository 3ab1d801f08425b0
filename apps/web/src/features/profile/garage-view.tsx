'use client';

import {
  GARAGE_MILEAGE_MAX,
  GARAGE_NAME_MAX_LENGTH,
  garageUpdateRequest,
  VEHICLE_CODE_MAX_LENGTH,
  type GarageResponse,
  type GarageVehicle,
} from '@podbor/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { QueryIsland } from '@/components/query/query-island';
import { FormTextField } from '@/components/form/form-text-field';
import { useShell } from '@/components/shell/shell-context';
import { Button } from '@/components/ui/button';
import { CarIcon } from '@/components/ui/icons';
import { browserApi } from '@/lib/api/browser';
import { applyServerErrors, formError } from '@/lib/form-errors';
import { requestResolver } from '@/lib/form-resolver';
import { GARAGE_QUERY_KEY } from '@/lib/garage';
import styles from './profile.module.css';

// «Гараж» of the personal account (issue #17): the customer's vehicles with their names, VIN and mileage —
// choose one for the catalogue, rename it, change VIN or mileage, delete it. Vehicles are added from the vehicle
// selector («Сохранить в гараж»), which the «Добавить автомобиль» button opens.

const km = new Intl.NumberFormat('ru-RU');

export function GarageView({ initial }: { initial: GarageResponse }) {
  return (
    <QueryIsland>
      <Garage initial={initial} />
    </QueryIsland>
  );
}

function Garage({ initial }: { initial: GarageResponse }) {
  const { session, openModal } = useShell();
  const garage = useQuery({
    queryKey: GARAGE_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const r = await browserApi('garage', { signal });
      if (!r.ok) throw new Error('garage');
      return r.data;
    },
    initialData: initial,
  });
  const { results, max } = garage.data;
  return (
    <div className={styles.page} data-garage-page="">
      <div className={styles.garageHead}>
        <div>
          <h1 className={styles.title}>Гараж</h1>
          <p className={styles.muted}>
            {results.length} из {max} автомобилей. Выбранный автомобиль определяет каталог, наличие и цены
            установки.
          </p>
        </div>
        {results.length < max ? (
          <Button variant="primary" onClick={() => openModal('transport')} data-garage-add="">
            Добавить автомобиль
          </Button>
        ) : null}
      </div>
      {results.length === 0 ? (
        <section className={styles.card}>
          <p className={styles.muted}>
            В гараже пока пусто. Нажмите «Добавить автомобиль», выберите машину по году, марке и модели или по
            VIN и нажмите «Сохранить в гараж».
          </p>
        </section>
      ) : (
        <ul role="list" className={styles.garageList}>
          {results.map((v) => (
            <li key={v.id}>
              <VehicleItem vehicle={v} current={v.transport === session.transportId} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Values = { name: string; vin: string; mileage: string };

function VehicleItem({ vehicle, current }: { vehicle: GarageVehicle; current: boolean }) {
  const client = useQueryClient();
  const router = useRouter();
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [switching, startTransition] = useTransition();
  const titleId = `garage-${vehicle.id}`;

  const replace = (next: GarageVehicle | null) =>
    client.setQueryData<GarageResponse>(GARAGE_QUERY_KEY, (old) =>
      old
        ? {
            ...old,
            results: next
              ? old.results.map((v) => (v.id === next.id ? next : v))
              : old.results.filter((v) => v.id !== vehicle.id),
          }
        : old,
    );

  const choose = () => {
    void import('@/lib/apply-transport').then(({ applyTransport }) =>
      startTransition(() => applyTransport(router, { id: vehicle.transport })),
    );
  };

  const remove = async () => {
    setBusy(true);
    setError('');
    const r = await browserApi('garageDelete', { params: { vehicleId: vehicle.id } });
    setBusy(false);
    if (r.ok || r.status === 404) replace(null);
    else setError(r.error?.errors.detail ?? 'Не удалось удалить. Попробуйте ещё раз');
  };

  return (
    <article className={styles.card} aria-labelledby={titleId} data-garage-item={vehicle.name}>
      <div className={styles.vehicle}>
        <span className={styles.vehicleIcon}>
          <CarIcon size={28} />
        </span>
        <div className={styles.garageText}>
          <h2 id={titleId} className={styles.vehicleLabel}>
            {vehicle.name}
            {current ? <span className={styles.garageBadge}>выбран</span> : null}
          </h2>
          <p className={styles.muted}>{vehicle.label}</p>
          <p className={styles.garageFacts}>
            <span>VIN: {vehicle.vin ?? 'не указан'}</span>
            <span>Пробег: {vehicle.mileage === null ? 'не указан' : `${km.format(vehicle.mileage)} км`}</span>
          </p>
        </div>
      </div>
      {mode === 'view' ? (
        <div className={styles.garageActions}>
          {current ? null : (
            <Button variant="primary" size="sm" onClick={choose} disabled={switching} data-garage-choose="">
              {switching ? 'Выбираем…' : 'Выбрать'}
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={() => setMode('edit')} data-garage-edit="">
            Изменить
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setMode('delete')} data-garage-delete="">
            Удалить
          </Button>
        </div>
      ) : null}
      {mode === 'delete' ? (
        <div className={styles.garageConfirm} role="group" aria-label="Подтверждение удаления">
          <p>Удалить «{vehicle.name}» из гаража?</p>
          <div className={styles.garageActions}>
            <Button
              variant="primary"
              size="sm"
              onClick={() => void remove()}
              disabled={busy}
              data-garage-confirm=""
            >
              Да, удалить
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setMode('view')} disabled={busy}>
              Нет
            </Button>
          </div>
        </div>
      ) : null}
      {mode === 'edit' ? (
        <EditForm
          vehicle={vehicle}
          onDone={(saved) => {
            if (saved) replace(saved);
            setMode('view');
          }}
        />
      ) : null}
      {error ? (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
    </article>
  );
}

const resolver = requestResolver<Values>(garageUpdateRequest, (v) => v, {
  name: 'name',
  vin: 'vin',
  mileage: 'mileage',
});

function EditForm({
  vehicle,
  onDone,
}: {
  vehicle: GarageVehicle;
  onDone: (saved: GarageVehicle | null) => void;
}) {
  const form = useForm<Values>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    resolver,
    defaultValues: {
      name: vehicle.name,
      vin: vehicle.vin ?? '',
      mileage: vehicle.mileage === null ? '' : String(vehicle.mileage),
    },
  });
  const general = formError(form);
  const save = form.handleSubmit(async (values) => {
    const r = await browserApi('garageUpdate', { params: { vehicleId: vehicle.id }, body: values });
    if (r.ok) return onDone(r.data);
    applyServerErrors(form, r.error, {
      name: 'name',
      vin: 'vin',
      mileage: 'mileage',
      detail: 'general',
      non_field_errors: 'general',
    });
  });
  return (
    <form noValidate onSubmit={save} className={styles.form} data-garage-form="">
      <div className={styles.garageGrid}>
        <FormTextField
          form={form}
          name="name"
          id={`garage-name-${vehicle.id}`}
          label="Название"
          required
          maxLength={GARAGE_NAME_MAX_LENGTH}
          autoFocus
        />
        <FormTextField
          form={form}
          name="vin"
          id={`garage-vin-${vehicle.id}`}
          label="VIN или номер кузова"
          maxLength={VEHICLE_CODE_MAX_LENGTH}
          autoCapitalize="characters"
          spellCheck={false}
        />
        <FormTextField
          form={form}
          name="mileage"
          id={`garage-mileage-${vehicle.id}`}
          label="Пробег, км"
          inputMode="numeric"
          maxLength={String(GARAGE_MILEAGE_MAX).length + 2}
        />
      </div>
      {general ? (
        <p role="alert" className={styles.formError}>
          {general}
        </p>
      ) : null}
      <div className={styles.garageActions}>
        <Button
          type="submit"
          variant="primary"
          size="sm"
          disabled={form.formState.isSubmitting}
          data-garage-submit=""
        >
          {form.formState.isSubmitting ? 'Сохраняем…' : 'Сохранить'}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onDone(null)}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
