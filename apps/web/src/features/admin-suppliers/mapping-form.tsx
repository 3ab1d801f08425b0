'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import {
  PRICE_LIST_DELIMITERS,
  PRICE_LIST_ENCODINGS,
  PRICE_LIST_FIELD_TITLES,
  PRICE_LIST_FIELDS,
  priceListSettings,
  type AdminPriceListPreview,
  type AdminSupplier,
  type PriceListDelimiter,
  type PriceListEncoding,
  type PriceListField,
} from '@podbor/contract';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { AdminField } from '@/components/admin/admin-form';
import { AdminCallError, useAdminMutation } from '@/components/admin/admin-query';
import { adminStyles, Badge, Card, TableSkeleton } from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import {
  columnOptions,
  matchOption,
  previewFields,
  settingsFromValues,
  valuesFromSettings,
  type ColumnOption,
  type MappingValues,
} from './mapping';
import styles from './suppliers.module.css';
import { fileError, uploadFile } from './upload';

// The supplier's column mapping (issue #15): a sample of its file is read by the API (nothing is stored), its
// first rows are shown with the encoding and delimiter found, each field is given a column of it (prefilled from
// the API's suggestion), and the mapping with the file options is saved into the supplier's settings.

const REQUIRED: ReadonlySet<PriceListField> = new Set(['article', 'brand', 'price']);

const ENCODING_TITLES: Record<PriceListEncoding, string> = {
  auto: 'Определить по файлу',
  'utf-8': 'UTF-8',
  'windows-1251': 'Windows-1251',
};
const DELIMITER_TITLES: Record<PriceListDelimiter, string> = {
  auto: 'Определить по файлу',
  ';': 'Точка с запятой (;)',
  ',': 'Запятая (,)',
  tab: 'Табуляция',
};
const DETECTED_ENCODING: Record<NonNullable<AdminPriceListPreview['encoding']>, string> = {
  'utf-8': 'UTF-8',
  'windows-1251': 'Windows-1251',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
};

/** Checks the form with the contract's own `priceListSettings` (the API's rules and messages). */
const settingsSchema = zodResolver(
  priceListSettings as unknown as z.ZodType<MappingValues, MappingValues>,
  undefined,
  {
    raw: true,
  },
);
const resolver: Resolver<MappingValues> = async (values, context, options) => {
  const result = await settingsSchema(settingsFromValues(values) as unknown as MappingValues, context, {
    ...options,
    fields: {},
    names: undefined,
  });
  return Object.keys(result.errors).length > 0
    ? { values: {}, errors: result.errors as FieldErrors<MappingValues> }
    : { values, errors: {} };
};

/** The options of a field's list before a sample is read: the columns the saved mapping names. */
function savedOptions(values: MappingValues): ColumnOption[] {
  const seen = new Set<string>();
  const options: ColumnOption[] = [];
  for (const field of PRICE_LIST_FIELDS) {
    const value = values.mapping[field];
    if (!value || seen.has(value)) continue;
    seen.add(value);
    options.push({ value, label: value.startsWith('n:') ? `Столбец ${value.slice(2)}` : value.slice(2) });
  }
  return options;
}

export function MappingForm({ supplier }: { supplier: AdminSupplier }) {
  const [sample, setSample] = useState<File | null>(null);
  const [preview, setPreview] = useState<AdminPriceListPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [sampleError, setSampleError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<MappingValues>({ resolver, defaultValues: valuesFromSettings(supplier.settings) });
  const { control, formState, getValues, handleSubmit, register, reset, setError, setValue } = form;
  const fileOptions = useWatch({ control, name: 'file' });
  const mapping = useWatch({ control, name: 'mapping' });
  const update = useAdminMutation(
    'adminSupplierUpdate',
    (body: { settings: ReturnType<typeof settingsFromValues> }) => ({
      params: { id: String(supplier.id) },
      body,
    }),
    ['adminSuppliers'],
  );

  // The sample is read when it is picked and again whenever its reading options change; only the newest answer
  // counts (an older one arriving late is dropped).
  const request = useRef(0);
  const previewedFile = useRef<File | null>(null);
  const readSample = (file: File, fields: Record<string, string>) => {
    const ticket = ++request.current;
    setPreviewing(true);
    setSampleError(null);
    uploadFile('adminPriceListPreview', {}, fields, file)
      .then((answer) => {
        if (ticket !== request.current) return;
        const firstRead = previewedFile.current !== file;
        previewedFile.current = file;
        setPreview(answer);
        const options = columnOptions(answer, getValues('file.header_row'));
        const valid = new Set(options.map((o) => o.value));
        for (const field of PRICE_LIST_FIELDS) {
          const current = getValues(`mapping.${field}`);
          const suggested = matchOption(answer.suggested[field], options);
          // A new sample takes the suggestion; reading the same sample again keeps what was chosen.
          const next = firstRead
            ? suggested || (valid.has(current) ? current : '')
            : valid.has(current)
              ? current
              : suggested;
          if (next !== current) setValue(`mapping.${field}`, next, { shouldDirty: true });
        }
      })
      .catch((error: unknown) => {
        if (ticket !== request.current) return;
        setPreview(null);
        const onFile = fileError(error);
        if (onFile) {
          setSampleError(onFile);
          return;
        }
        if (!(error instanceof AdminCallError)) throw error;
        let placed = false;
        for (const [key, messages] of Object.entries(error.body?.errors ?? {})) {
          const message = Array.isArray(messages) ? messages[0] : messages;
          if (message && key in fields) {
            setError(`file.${key}` as Path<MappingValues>, { message });
            placed = true;
          }
        }
        if (!placed) setSampleError(error.message);
      })
      .finally(() => {
        if (ticket === request.current) setPreviewing(false);
      });
  };
  const pickSample = (file: File | null) => {
    setSample(file);
    if (file) readSample(file, previewFields(getValues('file')));
  };

  const options = useMemo(
    () =>
      preview
        ? columnOptions(preview, fileOptions.header_row)
        : savedOptions(valuesFromSettings(supplier.settings)),
    [preview, fileOptions.header_row, supplier.settings],
  );
  const fieldOfColumn = useMemo(() => {
    const byColumn = new Map<string, string[]>();
    for (const field of PRICE_LIST_FIELDS) {
      const value = mapping?.[field];
      if (value) byColumn.set(value, [...(byColumn.get(value) ?? []), PRICE_LIST_FIELD_TITLES[field]]);
    }
    return byColumn;
  }, [mapping]);

  const save = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const next = await update.mutateAsync({ settings: settingsFromValues(values) });
      reset(valuesFromSettings(next.settings));
      setSaved(true);
    } catch (error) {
      if (!(error instanceof AdminCallError)) throw error;
      let placed = false;
      for (const [key, messages] of Object.entries(error.body?.errors ?? {})) {
        const message = Array.isArray(messages) ? messages[0] : messages;
        const field = key.replace(/^settings\./, '');
        if (message && field !== key) {
          setError(field as Path<MappingValues>, { message });
          placed = true;
        }
      }
      if (!placed) setError('root', { message: error.message });
    }
  });

  const errors = formState.errors;
  return (
    <Card title="Столбцы прайс-листа" id="mapping">
      <form noValidate onSubmit={save} data-mapping-form="">
        <div className={styles.uploadRow}>
          <AdminField label="Образец файла (CSV или XLSX)" error={sampleError ?? undefined}>
            <span className={styles.filePick}>
              <span className={styles.fileName}>{sample ? sample.name : 'Файл не выбран'}</span>
              <span className={adminStyles.input} aria-hidden="true">
                Выбрать…
              </span>
              <input
                type="file"
                accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className={styles.fileInput}
                onChange={(e) => pickSample(e.currentTarget.files?.[0] ?? null)}
              />
            </span>
          </AdminField>
        </div>
        <p className={styles.hint}>
          Файл не сохраняется: читаются его первые строки, чтобы выбрать столбцы. Обязательны артикул, бренд и
          цена.
        </p>

        <h3 className={styles.subTitle}>Как читать файл</h3>
        {/* A reading option changed (their change events bubble here): the picked sample is read again. */}
        <div
          className={styles.fileGrid}
          onChange={() => {
            if (sample) readSample(sample, previewFields(getValues('file')));
          }}
        >
          <AdminField label="Кодировка" error={errors.file?.encoding?.message}>
            <select className={adminStyles.select} {...register('file.encoding')}>
              {PRICE_LIST_ENCODINGS.map((e) => (
                <option key={e} value={e}>
                  {ENCODING_TITLES[e]}
                </option>
              ))}
            </select>
          </AdminField>
          <AdminField label="Разделитель" error={errors.file?.delimiter?.message}>
            <select className={adminStyles.select} {...register('file.delimiter')}>
              {PRICE_LIST_DELIMITERS.map((d) => (
                <option key={d} value={d}>
                  {DELIMITER_TITLES[d]}
                </option>
              ))}
            </select>
          </AdminField>
          <AdminField label="Первая строка данных" error={errors.file?.first_data_line?.message}>
            <input
              className={adminStyles.input}
              inputMode="numeric"
              placeholder="после заголовков"
              {...register('file.first_data_line')}
            />
          </AdminField>
          <AdminField label="Лист книги (XLSX)" error={errors.file?.sheet?.message}>
            <input className={adminStyles.input} placeholder="первый" {...register('file.sheet')} />
          </AdminField>
          <label className={adminStyles.check}>
            <input type="checkbox" {...register('file.header_row')} /> В файле есть строка заголовков
          </label>
        </div>

        {previewing && !preview ? (
          <div className={styles.runBox}>
            <TableSkeleton rows={5} />
          </div>
        ) : preview ? (
          <SamplePreview preview={preview} fieldOfColumn={fieldOfColumn} options={options} />
        ) : null}

        <h3 className={styles.subTitle}>Какой столбец что содержит</h3>
        {!preview ? (
          <p className={styles.hint} style={{ marginTop: 0, marginBottom: 'var(--space-2)' }}>
            {supplier.settings
              ? 'Сейчас сохранены эти столбцы. Чтобы выбрать другие, загрузите образец файла.'
              : 'Загрузите образец файла — столбцы появятся в списках.'}
          </p>
        ) : null}
        <div className={styles.fieldsGrid}>
          {PRICE_LIST_FIELDS.map((field) => (
            <AdminField
              key={field}
              label={`${PRICE_LIST_FIELD_TITLES[field]}${REQUIRED.has(field) ? ' *' : ''}`}
              error={errors.mapping?.[field]?.message}
            >
              {/* Controlled: the options arrive with the preview, after the suggestion has set the value. */}
              <Controller
                control={control}
                name={`mapping.${field}`}
                render={({ field: select }) => (
                  <select
                    className={adminStyles.select}
                    name={select.name}
                    ref={select.ref}
                    value={select.value}
                    onChange={select.onChange}
                    onBlur={select.onBlur}
                    data-field={field}
                  >
                    <option value="">
                      {REQUIRED.has(field) ? '— выберите столбец —' : '— нет в файле —'}
                    </option>
                    {options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                )}
              />
            </AdminField>
          ))}
        </div>
        {errors.root?.message ? (
          <p role="alert" className={adminStyles.formError}>
            {errors.root.message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
            Сохранить столбцы
          </Button>
          {saved ? (
            <span className={styles.saved} role="status">
              Сохранено
            </span>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

function SamplePreview({
  preview,
  fieldOfColumn,
  options,
}: {
  preview: AdminPriceListPreview;
  fieldOfColumn: ReadonlyMap<string, string[]>;
  options: readonly ColumnOption[];
}) {
  const width = Math.max(options.length, 1);
  const isHeader = (cells: readonly string[]) =>
    preview.header.length > 0 &&
    cells.length === preview.header.length &&
    cells.every((c, i) => c === preview.header[i]);
  return (
    <div className={styles.runBox} data-preview="">
      <div className={styles.detected}>
        <Badge tone="info">{preview.format.toUpperCase()}</Badge>
        {preview.encoding ? <span>Кодировка: {DETECTED_ENCODING[preview.encoding]}</span> : null}
        {preview.delimiter ? <span>Разделитель: {DELIMITER_TITLES[preview.delimiter]}</span> : null}
      </div>
      <div className={adminStyles.tableWrap} role="region" aria-label="Первые строки образца" tabIndex={0}>
        <table className={`${adminStyles.table} ${styles.preview}`}>
          <thead>
            <tr>
              <th scope="col">Строка</th>
              {Array.from({ length: width }, (_, i) => {
                const fields = fieldOfColumn.get(options[i]?.value ?? '');
                return (
                  <th scope="col" key={i}>
                    {i + 1}
                    {fields ? <div className={styles.mapped}>{fields.join(', ')}</div> : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line} className={isHeader(row.cells) ? styles.headerRow : undefined}>
                <td className={styles.lineNo}>{row.line}</td>
                {Array.from({ length: width }, (_, i) => (
                  <td key={i} title={row.cells[i]}>
                    {row.cells[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
