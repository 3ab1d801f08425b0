'use client';

import { QueryIsland } from '@/components/query/query-island';
import { Button, buttonClass } from '@/components/ui/button';
import { useVehicleSteps } from '@/components/vehicle/use-vehicle-steps';
import { SelectField } from './select-field';
import styles from './profile.module.css';

/** Compact year → brand → model → engine choice over the v2 transport calls; gives the transport id. */
export default function VehiclePicker(props: {
  busy: boolean;
  onSave: (id: number) => void;
  onCancel: () => void;
}) {
  return (
    <QueryIsland>
      <Picker {...props} />
    </QueryIsland>
  );
}

function Picker({
  busy,
  onSave,
  onCancel,
}: {
  busy: boolean;
  onSave: (id: number) => void;
  onCancel: () => void;
}) {
  const { year, brand, model, engine, queries, chooseYear, chooseBrand, chooseModel, chooseEngine } =
    useVehicleSteps();
  const years = queries.years.data ?? null;
  const types = year ? (queries.brands.data ?? null) : null;
  const models = year && brand ? (queries.models.data ?? null) : null;
  const engines = year && brand && model ? (queries.engines.data ?? null) : null;
  const failed = Object.values(queries).some((q) => q.isError);

  const engineId = engines?.find((e) => e.slug === engine)?.transport_id;

  return (
    <div className={styles.picker} data-vehicle-picker="">
      <div className={styles.pickerGrid}>
        <SelectField
          id="vehicle-year"
          label="Год выпуска"
          value={year}
          onChange={(e) => chooseYear(e.target.value)}
          disabled={!years}
        >
          <option value="">{years ? 'Выберите год' : 'Загрузка...'}</option>
          {years?.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="vehicle-brand"
          label="Марка"
          value={brand}
          onChange={(e) => chooseBrand(e.target.value)}
          disabled={!types}
        >
          <option value="">Выберите марку</option>
          {types?.map((t) => (
            <optgroup key={t.slug} label={t.title}>
              {t.brands.map((b) => (
                <option key={`${t.slug}/${b.slug}`} value={`${t.slug}/${b.slug}`}>
                  {b.title}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <SelectField
          id="vehicle-model"
          label="Модель"
          value={model}
          onChange={(e) => chooseModel(e.target.value)}
          disabled={!models}
        >
          <option value="">Выберите модель</option>
          {models?.map((m) => (
            <option key={m.slug} value={m.slug}>
              {m.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="vehicle-engine"
          label="Двигатель"
          value={engine}
          onChange={(e) => chooseEngine(e.target.value)}
          disabled={!engines}
        >
          <option value="">Выберите двигатель</option>
          {engines?.map((en) => (
            <option key={en.slug} value={en.slug}>
              {en.title}
            </option>
          ))}
        </SelectField>
      </div>
      {failed ? (
        <p role="alert" className={styles.formError}>
          Не удалось загрузить список. Проверьте соединение и попробуйте ещё раз.
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          onClick={() => engineId && onSave(engineId)}
          disabled={!engineId}
          loading={busy}
          data-vehicle-save=""
        >
          Сохранить автомобиль
        </Button>
        <button type="button" className={buttonClass('ghost')} onClick={onCancel} disabled={busy}>
          Отмена
        </button>
      </div>
    </div>
  );
}
