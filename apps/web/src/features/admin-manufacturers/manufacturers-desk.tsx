'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminManufacturer,
  adminManufacturerCreate,
  adminManufacturerPatch,
  CATALOG_MESSAGES,
  errorBody,
  formatNumber,
  PRODUCT_IMAGE_MAX_BYTES,
  type AdminManufacturer,
  type AdminManufacturerCreate,
  type AdminManufacturerPatch,
} from '@podbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDelete } from '@/components/admin/confirm-delete';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import { AdminCallError, useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import {
  adminStyles,
  Badge,
  Card,
  EmptyState,
  LoadError,
  Pager,
  TableSkeleton,
} from '@/components/admin/admin-ui';
import { useListSearch } from '@/components/admin/use-search';
import { Button, buttonClass } from '@/components/ui/button';
import styles from './manufacturers.module.css';

// Manufacturers of the back office: the list with search and product counts and, for an administrator, the form
// that adds one or changes its title, address, country, description and logo, and deletes one no product uses.

const INVALIDATES = ['adminManufacturers'] as const;

export function ManufacturersDesk({ canEdit }: { canEdit: boolean }) {
  const { typed, setTyped, q, page, setPage } = useListSearch();
  const list = useAdminQuery('adminManufacturers', { query: { q: q || undefined, page: String(page) } });
  const [selectedId, setSelectedId] = useState<number | 'new' | null>(null);
  const data = list.data;
  // One just added may sort onto another page: it stays open from its own answer until the list holds it.
  const [added, setAdded] = useState<AdminManufacturer | null>(null);
  const selected =
    typeof selectedId === 'number'
      ? (data?.results.find((m) => m.id === selectedId) ?? (added?.id === selectedId ? added : undefined))
      : undefined;

  return (
    <div className={styles.layout}>
      <div className={styles.list}>
        <div className={adminStyles.toolbar} role="search">
          <label className={adminStyles.control}>
            Название, адрес или страна
            <input
              className={adminStyles.input}
              type="search"
              value={typed}
              maxLength={200}
              placeholder="например, Bosch"
              onChange={(e) => setTyped(e.target.value)}
              style={{ minWidth: 260 }}
            />
          </label>
          {canEdit ? (
            <Button variant="secondary" onClick={() => setSelectedId('new')}>
              + Добавить производителя
            </Button>
          ) : null}
        </div>
        {list.error ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
        <div className={adminStyles.tableWrap} role="region" aria-label="Производители" tabIndex={0}>
          {!data ? (
            list.isPending ? (
              <TableSkeleton />
            ) : null
          ) : data.results.length === 0 ? (
            <EmptyState title="Ничего не найдено">Попробуйте другое название.</EmptyState>
          ) : (
            <table className={adminStyles.table} data-manufacturers="">
              <thead>
                <tr>
                  <th scope="col" className={styles.logoCell}>
                    Логотип
                  </th>
                  <th scope="col">Производитель</th>
                  <th scope="col">Страна</th>
                  <th scope="col" className={adminStyles.num}>
                    Товаров
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.results.map((m) => (
                  <tr key={m.id} className={m.id === selectedId ? styles.selected : undefined}>
                    <td className={styles.logoCell}>
                      {m.logo ? (
                        <img className={styles.logo} src={m.logo} alt="" />
                      ) : (
                        <span className={adminStyles.muted}>—</span>
                      )}
                    </td>
                    <td>
                      <button
                        type="button"
                        className={styles.rowButton}
                        aria-pressed={m.id === selectedId}
                        onClick={() => setSelectedId(m.id)}
                      >
                        {m.title}
                      </button>
                      <div className={adminStyles.muted}>{m.slug}</div>
                    </td>
                    <td className={adminStyles.muted}>{m.country || '—'}</td>
                    <td className={adminStyles.num}>
                      {m.products_count > 0 ? formatNumber(m.products_count) : <Badge>нет</Badge>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        {data ? <Pager list={data} onPage={setPage} /> : null}
      </div>
      <div className={styles.editor}>
        {selectedId === 'new' ? (
          <CreateForm
            onCreated={(m) => {
              setAdded(m);
              setSelectedId(m.id);
              setTyped(m.title);
            }}
          />
        ) : selected ? (
          <EditForm
            key={selected.id}
            manufacturer={selected}
            canEdit={canEdit}
            onDeleted={() => setSelectedId(null)}
          />
        ) : (
          <Card>
            <EmptyState title="Выберите производителя">
              {canEdit
                ? 'Название, адрес страницы, страну, описание и логотип можно изменить здесь.'
                : 'Изменять производителей может администратор.'}
            </EmptyState>
          </Card>
        )}
      </div>
    </div>
  );
}

type Values = { title: string; slug: string; country: string; description: string };

function Fields({
  register,
  errors,
}: {
  register: ReturnType<typeof useForm<Values>>['register'];
  errors: Partial<Record<keyof Values, { message?: string }>>;
}) {
  return (
    <div className={styles.grid}>
      <AdminField label="Название" error={errors.title?.message}>
        <input className={adminStyles.input} {...register('title')} maxLength={255} />
      </AdminField>
      <AdminField label="Адрес (по названию, если пусто)" error={errors.slug?.message}>
        <input className={adminStyles.input} {...register('slug')} maxLength={200} />
      </AdminField>
      <AdminField label="Страна" error={errors.country?.message} wide>
        <input className={adminStyles.input} {...register('country')} maxLength={255} />
      </AdminField>
      <AdminField label="Описание" error={errors.description?.message} wide>
        <textarea className={adminStyles.input} rows={4} {...register('description')} />
      </AdminField>
    </div>
  );
}

function CreateForm({ onCreated }: { onCreated: (m: AdminManufacturer) => void }) {
  const form = useForm<Values, unknown, AdminManufacturerCreate>({
    resolver: zodResolver(adminManufacturerCreate) as never,
    defaultValues: { title: '', slug: '', country: '', description: '' },
  });
  const { register, formState, handleSubmit, setError } = form;
  const create = useAdminMutation(
    'adminManufacturerCreate',
    (body: AdminManufacturerCreate) => ({ body }),
    INVALIDATES,
  );
  const submit = handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      placeServerErrors(error, setError);
    }
  });
  return (
    <Card title="Новый производитель">
      <form noValidate onSubmit={submit} className={styles.form} data-manufacturer-add="">
        <Fields register={register} errors={formState.errors} />
        {formState.errors.root?.message ? (
          <div className={adminStyles.alert} role="alert">
            {formState.errors.root.message}
          </div>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" loading={formState.isSubmitting}>
            Добавить
          </Button>
        </div>
      </form>
    </Card>
  );
}

const valuesOf = (m: AdminManufacturer): Values & { version: string } => ({
  version: m.version,
  title: m.title,
  slug: m.slug,
  country: m.country,
  description: m.description,
});

function EditForm({
  manufacturer,
  canEdit,
  onDeleted,
}: {
  manufacturer: AdminManufacturer;
  canEdit: boolean;
  onDeleted: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const form = useForm<Values & { version: string }, unknown, AdminManufacturerPatch>({
    resolver: zodResolver(adminManufacturerPatch) as never,
    defaultValues: valuesOf(manufacturer),
  });
  const { register, formState, handleSubmit, setError, reset } = form;
  // A new logo (or another admin's save, after a refetch) brings the new version into the form unless it has unsaved
  // edits (their save then meets the 409, nothing is lost).
  const isDirty = formState.isDirty;
  useEffect(() => {
    if (!isDirty) reset(valuesOf(manufacturer));
  }, [manufacturer, isDirty, reset]);
  const update = useAdminMutation(
    'adminManufacturerUpdate',
    (body: AdminManufacturerPatch) => ({ params: { id: String(manufacturer.id) }, body }),
    INVALIDATES,
  );
  const save = handleSubmit(async (values) => {
    setSaved(false);
    const dirty = formState.dirtyFields as Partial<Record<string, unknown>>;
    const body = Object.fromEntries(
      Object.entries(values).filter(([key]) => key === 'version' || dirty[key]),
    ) as AdminManufacturerPatch;
    try {
      reset(valuesOf(await update.mutateAsync(body)));
      setSaved(true);
    } catch (error) {
      placeServerErrors(error, setError);
    }
  });

  return (
    <Card title={manufacturer.title} id="manufacturer">
      <form noValidate onSubmit={save} className={styles.form} data-manufacturer-form="">
        <LogoUpload manufacturer={manufacturer} canEdit={canEdit} />
        <fieldset
          disabled={!canEdit || formState.isSubmitting}
          className={styles.form}
          style={{ border: 0, padding: 0 }}
        >
          <legend className="visually-hidden">Производитель</legend>
          <Fields register={register as never} errors={formState.errors} />
        </fieldset>
        {formState.errors.root?.message ? (
          <div className={adminStyles.alert} role="alert">
            {formState.errors.root.message}
          </div>
        ) : null}
        {canEdit ? (
          <div className={styles.actions}>
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              Сохранить
            </Button>
            {saved && !formState.isDirty ? (
              <span className={styles.saved} role="status">
                Сохранено
              </span>
            ) : null}
          </div>
        ) : null}
      </form>
      {canEdit ? <DeleteManufacturer manufacturer={manufacturer} onDeleted={onDeleted} /> : null}
    </Card>
  );
}

/** Sends the logo to the API (multipart through the same-origin proxy); it is saved at once. */
function LogoUpload({ manufacturer, canEdit }: { manufacturer: AdminManufacturer; canEdit: boolean }) {
  const client = useQueryClient();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const upload = async (file: File) => {
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) {
      setState({ busy: false, error: CATALOG_MESSAGES.imageTooLarge });
      return;
    }
    setState({ busy: true, error: null });
    const form = new FormData();
    form.append('image', file);
    try {
      const res = await fetch(`/api/admin/v1/manufacturers/${manufacturer.id}/logo/`, {
        method: 'POST',
        body: form,
      });
      const data: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const parsed = errorBody.safeParse(data);
        throw new AdminCallError(res.status, parsed.success ? parsed.data : null);
      }
      adminManufacturer.parse(data);
      await Promise.all(INVALIDATES.map((route) => client.invalidateQueries({ queryKey: [route] })));
      setState({ busy: false, error: null });
    } catch (error) {
      setState({
        busy: false,
        error: error instanceof Error ? error.message : 'Не удалось загрузить логотип',
      });
    }
  };
  return (
    <div className={styles.logoBox}>
      {manufacturer.logo ? (
        <img className={styles.logoPreview} src={manufacturer.logo} alt={`Логотип ${manufacturer.title}`} />
      ) : (
        <span className={adminStyles.muted}>Логотипа нет</span>
      )}
      {canEdit ? (
        <div className={adminStyles.stack}>
          <label className={styles.upload}>
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              className={styles.fileInput}
              disabled={state.busy}
              aria-label="Загрузить логотип"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (file) void upload(file);
              }}
            />
            <span className={buttonClass('secondary', 'sm')}>
              {state.busy ? 'Загружаем…' : manufacturer.logo ? 'Заменить логотип' : 'Загрузить логотип'}
            </span>
          </label>
          <span className={adminStyles.muted}>JPEG, PNG, WebP или AVIF до 10 МБ; сохраняется сразу.</span>
          {state.error ? (
            <span role="alert" className={adminStyles.fieldError}>
              {state.error}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function DeleteManufacturer({
  manufacturer,
  onDeleted,
}: {
  manufacturer: AdminManufacturer;
  onDeleted: () => void;
}) {
  const remove = useAdminMutation(
    'adminManufacturerDelete',
    () => ({ params: { id: String(manufacturer.id) } }),
    INVALIDATES,
  );
  return (
    <div className={styles.form} style={{ marginTop: 'var(--space-4)' }}>
      <div className={styles.actions}>
        <ConfirmDelete
          label="Удалить производителя"
          confirmLabel={`Да, удалить «${manufacturer.title}»`}
          onDelete={async () => {
            await remove.mutateAsync(undefined);
            onDeleted();
          }}
        />
      </div>
      {manufacturer.products_count > 0 ? (
        <span className={adminStyles.muted}>
          Удалить нельзя, пока он указан у товаров ({formatNumber(manufacturer.products_count)}).
        </span>
      ) : null}
    </div>
  );
}
