'use client';

import {
  API_ROUTES,
  buildPath,
  formatDateTime,
  IMPORT_FILE_MAX_BYTES,
  SUPPLIER_MESSAGES,
  type AdminImport,
  type AdminSupplier,
} from '@podbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AdminField } from '@/components/admin/admin-form';
import { AdminCallError, adminKey, useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Card, LoadError } from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import { isActive, RunStatus } from './run-summary';
import styles from './suppliers.module.css';
import { fileError, uploadFile } from './upload';

// A supplier's price list (issue #15): the file is uploaded, a background job imports it into the supplier's
// offers, and the card follows the run (polling while it works) to its counts and the two reports — the lines
// that could not be read (errors) and those that matched no product (unmatched).

const POLL_MS = 1_000;

export function PriceListUpload({ supplier }: { supplier: AdminSupplier }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<{ file?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  const [runId, setRunId] = useState<number | null>(supplier.last_import?.id ?? null);
  const options = { params: { id: String(runId ?? 0) } };
  // The run as last fetched (this render follows every answer): polled while it is queued or running.
  const cached = client.getQueryData<AdminImport>(adminKey('adminImportDetail', options));
  const run = useAdminQuery('adminImportDetail', options, {
    enabled: runId !== null,
    refetchInterval: runId !== null && (!cached || isActive(cached.status)) ? POLL_MS : false,
  });
  const current = runId !== null ? run.data : undefined;
  const status = current?.status;
  useEffect(() => {
    // A run that ended changes the supplier's offers count and last price list in the list.
    if (status === 'done' || status === 'failed')
      void client.invalidateQueries({ queryKey: ['adminSuppliers'] });
  }, [status, client]);
  const busy = status !== undefined && isActive(status);

  const send = async () => {
    setError({});
    if (!file) {
      setError({ file: SUPPLIER_MESSAGES.fileMissing });
      return;
    }
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setError({ file: `Файл больше ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} МБ.` });
      return;
    }
    setSending(true);
    try {
      const started = await uploadFile('adminSupplierPriceListUpload', { id: String(supplier.id) }, {}, file);
      client.setQueryData(adminKey('adminImportDetail', { params: { id: String(started.id) } }), started);
      setRunId(started.id);
      setFile(null);
      await client.invalidateQueries({ queryKey: ['adminSuppliers'] });
    } catch (e) {
      const onFile = fileError(e);
      if (onFile) setError({ file: onFile });
      else if (e instanceof AdminCallError) setError({ form: e.message });
      else throw e;
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title="Загрузка прайс-листа" id="price-list">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
        data-price-list-form=""
      >
        <div className={styles.uploadStack}>
          <AdminField label="Файл прайс-листа" error={error.file}>
            <span className={styles.filePick}>
              <span className={styles.fileName}>{file ? file.name : 'Файл не выбран'}</span>
              <span className={adminStyles.input} aria-hidden="true">
                Выбрать…
              </span>
              <input
                type="file"
                accept=".csv,.txt,.xlsx,.yml,.xml,text/csv,text/plain,text/xml,application/xml,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className={styles.fileInput}
                onChange={(e) => {
                  setFile(e.currentTarget.files?.[0] ?? null);
                  setError({});
                }}
              />
            </span>
          </AdminField>
          <Button type="submit" loading={sending} disabled={busy}>
            Загрузить прайс-лист
          </Button>
        </div>
        {error.form ? (
          <p role="alert" className={adminStyles.formError} style={{ marginTop: 'var(--space-2)' }}>
            {error.form}
          </p>
        ) : null}
        <p className={styles.hint}>
          CSV или XLSX читаются по сохранённым столбцам, YML — без настройки. Файл до{' '}
          {IMPORT_FILE_MAX_BYTES / 1024 / 1024} МБ. Предложения поставщика, которых нет в новом прайс-листе,
          снимаются, когда импорт закончится.
          {busy ? ' Пока идёт импорт, новый прайс-лист не загружается.' : ''}
        </p>
      </form>
      {runId === null ? null : run.error && !current ? (
        <div className={styles.runBox}>
          <LoadError error={run.error} onRetry={() => void run.refetch()} />
        </div>
      ) : current ? (
        <RunCard run={current} />
      ) : null}
    </Card>
  );
}

function RunCard({ run }: { run: AdminImport }) {
  const matched = run.summary.matched ?? 0;
  const unmatched = run.summary.unmatched ?? 0;
  const id = { id: String(run.id) };
  return (
    <div className={styles.runBox} data-run={run.id} data-status={run.status}>
      <div className={adminStyles.stack}>
        <div>
          <strong>{run.file_name}</strong>{' '}
          <span className={adminStyles.muted}>
            · {formatDateTime(run.created_at)}
            {run.started_by ? ` · ${run.started_by}` : ''}
          </span>
        </div>
        <RunStatus run={run} label={`Ход импорта ${run.file_name}`} />
        {run.failure ? <div className={styles.failure}>{run.failure}</div> : null}
      </div>
      <dl className={styles.counts}>
        <div>
          <dt>Сопоставлено</dt>
          <dd data-count="matched">{matched.toLocaleString('ru-RU')}</dd>
        </div>
        <div>
          <dt>Не сопоставлено</dt>
          <dd data-count="unmatched">{unmatched.toLocaleString('ru-RU')}</dd>
        </div>
        <div>
          <dt>Ошибок</dt>
          <dd data-count="errors">{run.errors_count.toLocaleString('ru-RU')}</dd>
        </div>
        {run.status === 'done' ? (
          <div>
            <dt>Предложения: новые / обновлены / сняты</dt>
            <dd data-count="offers">
              {(run.summary.offers_added ?? 0).toLocaleString('ru-RU')} /{' '}
              {(run.summary.offers_updated ?? 0).toLocaleString('ru-RU')} /{' '}
              {(run.summary.offers_removed ?? 0).toLocaleString('ru-RU')}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className={styles.actions}>
        {run.errors_count > 0 ? (
          <a className={styles.link} href={buildPath(API_ROUTES.adminImportErrors.path, id)} download>
            Отчёт об ошибках
          </a>
        ) : null}
        {unmatched > 0 ? (
          <a className={styles.link} href={buildPath(API_ROUTES.adminImportUnmatched.path, id)} download>
            Несопоставленные строки
          </a>
        ) : null}
      </div>
    </div>
  );
}
