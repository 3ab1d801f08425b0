'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminImport,
  adminImportUploadForm,
  countRu,
  errorBody,
  formatDateTime,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_KIND_TITLES,
  FILE_IMPORT_KINDS,
  IMPORT_MESSAGES,
  IMPORT_STATUS_TITLES,
  type AdminImport,
  type AdminImportUploadForm,
  type ImportStatus,
} from '@podbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import { AdminCallError, useAdminQuery } from '@/components/admin/admin-query';
import {
  adminStyles,
  Badge,
  Card,
  EmptyState,
  LoadError,
  Pager,
  TableSkeleton,
  type BadgeTone,
} from '@/components/admin/admin-ui';
import { RunProgress } from '@/components/admin/run-progress';
import { Button } from '@/components/ui/button';
import styles from './imports.module.css';

// Imports of the back office (issue #15): a fitment or analogues file is uploaded, a background job applies it,
// and the list follows every run's progress (polling while any is active) with a link to its error report.

const POLL_MS = 1_500;

const STATUS_TONE: Record<ImportStatus, BadgeTone> = {
  queued: 'neutral',
  running: 'info',
  done: 'success',
  failed: 'danger',
};

export function ImportsDesk() {
  const [page, setPage] = useState(1);
  const [active, setActive] = useState(false);
  const query = useAdminQuery(
    'adminImports',
    { query: { page: String(page) } },
    { refetchInterval: active ? POLL_MS : false },
  );
  const list = query.data;
  const anyActive = list?.results.some((r) => r.status === 'queued' || r.status === 'running') ?? false;
  if (anyActive !== active) setActive(anyActive);

  return (
    <div className={adminStyles.stack}>
      <Card title="Загрузить файл">
        <UploadForm onUploaded={() => setPage(1)} />
      </Card>
      <Card title="Запуски">
        {query.error && !list ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : !list ? (
          <TableSkeleton rows={4} />
        ) : list.results.length === 0 ? (
          <EmptyState title="Импортов ещё не было">Загрузите файл — его ход появится здесь.</EmptyState>
        ) : (
          <>
            <div className={adminStyles.tableWrap} role="region" aria-label="Запуски импорта" tabIndex={0}>
              <table className={adminStyles.table} data-imports="">
                <thead>
                  <tr>
                    <th scope="col">Файл</th>
                    <th scope="col">Статус</th>
                    <th scope="col">Ход</th>
                    <th scope="col">Ошибки</th>
                    <th scope="col">Загружен</th>
                  </tr>
                </thead>
                <tbody>
                  {list.results.map((run) => (
                    <RunRow key={run.id} run={run} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pager list={list} onPage={setPage} />
          </>
        )}
      </Card>
    </div>
  );
}

function RunRow({ run }: { run: AdminImport }) {
  const total = run.lines_total;
  const added = run.summary.added ?? 0;
  return (
    <tr data-import-id={run.id} data-status={run.status}>
      <td>
        <div>{run.file_name}</div>
        <div className={adminStyles.muted}>{IMPORT_KIND_TITLES[run.kind]}</div>
      </td>
      <td>
        <Badge tone={STATUS_TONE[run.status]}>{IMPORT_STATUS_TITLES[run.status]}</Badge>
        {run.failure ? <div className={styles.failure}>{run.failure}</div> : null}
      </td>
      <td>
        <RunProgress
          status={run.status}
          done={run.lines_done}
          total={total}
          label={`Ход импорта ${run.file_name}`}
        >
          {total === null
            ? run.status === 'queued'
              ? 'ждёт очереди'
              : 'считаем строки…'
            : `${run.lines_done.toLocaleString('ru-RU')} из ${countRu(total, ['строки', 'строк', 'строк'])}`}
          {run.status === 'done' ? ` · добавлено ${added.toLocaleString('ru-RU')}` : ''}
        </RunProgress>
      </td>
      <td>
        <span data-errors="">{run.errors_count.toLocaleString('ru-RU')}</span>
        {run.errors_count > 0 ? (
          <div>
            <a className={styles.link} href={`/api/admin/v1/imports/${run.id}/errors/`} download>
              Отчёт об ошибках
            </a>
          </div>
        ) : null}
      </td>
      <td className={adminStyles.muted}>
        <div>{formatDateTime(run.created_at)}</div>
        {run.started_by ? <div>{run.started_by}</div> : null}
      </td>
    </tr>
  );
}

/** Sends the file to the API (multipart through the same-origin proxy); the new run tops the list. */
function UploadForm({ onUploaded }: { onUploaded: () => void }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<AdminImportUploadForm>({
    resolver: zodResolver(adminImportUploadForm),
    defaultValues: { kind: 'fitment' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    if (!file) {
      setFileError(IMPORT_MESSAGES.fileMissing);
      return;
    }
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setFileError(IMPORT_MESSAGES.fileTooLarge);
      return;
    }
    const body = new FormData();
    body.append('kind', values.kind);
    body.append('file', file);
    try {
      const res = await fetch('/api/admin/v1/imports/', { method: 'POST', body });
      const data: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const parsed = errorBody.safeParse(data);
        throw new AdminCallError(res.status, parsed.success ? parsed.data : null);
      }
      adminImport.parse(data);
      setFile(null);
      setFileError(null);
      onUploaded();
      await client.invalidateQueries({ queryKey: ['adminImports'] });
    } catch (error) {
      if (error instanceof AdminCallError && error.body?.errors.file) {
        const message = error.body.errors.file;
        setFileError(Array.isArray(message) ? (message[0] ?? error.message) : String(message));
        return;
      }
      placeServerErrors(error, form.setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <div className={styles.form}>
        <AdminField label="Что импортируем" error={errors.kind?.message}>
          <select className={adminStyles.select} {...form.register('kind')}>
            {FILE_IMPORT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {IMPORT_KIND_TITLES[kind]}
              </option>
            ))}
          </select>
        </AdminField>
        <AdminField label="Файл CSV" error={fileError ?? undefined}>
          <span className={styles.filePick}>
            <span className={styles.fileName}>{file ? file.name : 'Файл не выбран'}</span>
            <span className={adminStyles.input} aria-hidden="true">
              Выбрать…
            </span>
            <input
              type="file"
              name="file"
              accept=".csv,text/csv,text/plain"
              className={styles.fileInput}
              onChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
                setFileError(null);
              }}
            />
          </span>
        </AdminField>
        <Button type="submit" loading={isSubmitting}>
          Загрузить
        </Button>
      </div>
      {errors.root ? (
        <p role="alert" className={adminStyles.formError}>
          {errors.root.message}
        </p>
      ) : null}
      <p className={styles.hint}>
        CSV в UTF-8 или Windows-1251, разделитель «;» или «,», первая строка — заголовки. Применимость:{' '}
        <code>Артикул; Бренд; Марка; Модель; Год с; Год по; Двигатель</code> (двигатель можно не указывать).
        Аналоги: <code>Артикул; Бренд; Артикул аналога; Бренд аналога; Тип</code> (двусторонний или
        односторонний). Файл до {IMPORT_FILE_MAX_BYTES / 1024 / 1024} МБ.
      </p>
    </form>
  );
}
