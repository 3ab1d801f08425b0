'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminBanner,
  adminBannerCreate,
  API_ROUTES,
  buildPath,
  CATALOG_MESSAGES,
  errorBody,
  PRODUCT_IMAGE_MAX_BYTES,
  type AdminBanner,
  type AdminBannerCreate,
  type CategoryNode,
} from '@podbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConfirmDelete } from '@/components/admin/confirm-delete';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import {
  AdminCallError,
  adminCall,
  adminKey,
  useAdminMutation,
  useAdminQuery,
} from '@/components/admin/admin-query';
import { adminStyles, Badge, Card, EmptyState, LoadError, TableSkeleton } from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import styles from './content.module.css';

// Banners of the home page and of category pages: the list by place (each place in its order, moved up and down),
// and the form that adds or changes one — texts, link, place, whether it is shown — with its picture, which the
// API fits into 1600×600 and stores as WebP. A banner without a picture is not shown on the storefront.

const HOME = '';

interface Place {
  slug: string;
  title: string;
}

function flatten(nodes: readonly CategoryNode[], depth = 0, out: Place[] = []): Place[] {
  for (const node of nodes) {
    out.push({ slug: node.slug, title: `${'— '.repeat(depth)}${node.title}` });
    if (node.children?.length) flatten(node.children, depth + 1, out);
  }
  return out;
}

async function uploadBannerImage(id: number, file: File): Promise<AdminBanner> {
  if (file.size > PRODUCT_IMAGE_MAX_BYTES)
    throw new AdminCallError(413, { errors: { image: [CATALOG_MESSAGES.imageTooLarge] } });
  const form = new FormData();
  form.append('image', file);
  const res = await fetch(buildPath(API_ROUTES.adminBannerImageUpload.path, { id: String(id) }), {
    method: 'POST',
    body: form,
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = errorBody.safeParse(data);
    throw new AdminCallError(res.status, parsed.success ? parsed.data : null);
  }
  return adminBanner.parse(data);
}

export function BannersDesk() {
  const query = useAdminQuery('adminBanners', {});
  const tree = useAdminQuery('categoryTree', {});
  const places = useMemo(() => flatten(tree.data ?? []), [tree.data]);
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  // A new banner's form gives way to its edit form on save: that one says «Сохранено».
  const [savedId, setSavedId] = useState<number | null>(null);
  const done = (id: number | null) => {
    setSavedId(id);
    setSelected(id);
  };
  const banners = query.data;
  const current = typeof selected === 'number' ? (banners?.find((b) => b.id === selected) ?? null) : null;

  const groups = useMemo(() => {
    const map = new Map<string, { title: string; items: AdminBanner[] }>();
    for (const b of banners ?? []) {
      const key = b.category?.slug ?? HOME;
      const group = map.get(key) ?? {
        title: b.category ? `Категория «${b.category.title}»` : 'Главная страница',
        items: [],
      };
      group.items.push(b);
      map.set(key, group);
    }
    return [...map.entries()];
  }, [banners]);

  const reorder = useAdminMutation(
    'adminBannersReorder',
    (body: { category: string | null; ids: number[] }) => ({ body }),
    ['adminBanners'],
  );
  const move = (place: string, items: AdminBanner[], index: number, by: -1 | 1) => {
    const ids = items.map((b) => b.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate({ category: place || null, ids });
  };

  if (query.error && !banners) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className={styles.layout}>
      <div className={adminStyles.stack}>
        <div className={adminStyles.toolbar}>
          <Button
            onClick={() => {
              setSavedId(null);
              setSelected('new');
            }}
            data-new-banner=""
          >
            Добавить баннер
          </Button>
          {reorder.error ? (
            <p className={adminStyles.formError} role="alert">
              {reorder.error.message}
            </p>
          ) : null}
        </div>
        <div className={adminStyles.tableWrap} role="region" aria-label="Баннеры" tabIndex={0}>
          {!banners ? (
            <TableSkeleton />
          ) : banners.length === 0 ? (
            <EmptyState title="Баннеров нет">
              Добавьте первый баннер для главной страницы или категории.
            </EmptyState>
          ) : (
            <table className={adminStyles.table} data-banners="">
              <thead>
                <tr>
                  <th scope="col">Картинка</th>
                  <th scope="col">Баннер</th>
                  <th scope="col">Показ</th>
                  <th scope="col">Порядок</th>
                </tr>
              </thead>
              {groups.map(([place, group]) => (
                <tbody key={place || 'home'}>
                  <tr className={styles.placeRow}>
                    <th scope="colgroup" colSpan={4}>
                      {group.title}
                    </th>
                  </tr>
                  {group.items.map((b, i) => (
                    <tr
                      key={b.id}
                      className={b.id === selected ? styles.selected : undefined}
                      data-banner={b.id}
                    >
                      <td>
                        {b.image ? (
                          <img className={styles.thumb} src={b.image} alt="" width={120} height={45} />
                        ) : (
                          <span className={styles.noThumb}>нет картинки</span>
                        )}
                      </td>
                      <td>
                        <button
                          type="button"
                          className={styles.rowButton}
                          onClick={() => {
                            setSavedId(null);
                            setSelected(b.id);
                          }}
                          aria-pressed={b.id === selected}
                        >
                          {b.title}
                        </button>
                        <div className={adminStyles.muted}>{b.url || 'без ссылки'}</div>
                      </td>
                      <td>
                        {!b.is_active ? (
                          <Badge tone="neutral">Выключен</Badge>
                        ) : b.image ? (
                          <Badge tone="success">Показывается</Badge>
                        ) : (
                          <Badge tone="warning">Нет картинки</Badge>
                        )}
                      </td>
                      <td>
                        <div className={adminStyles.rowActions}>
                          <button
                            type="button"
                            className={styles.iconButton}
                            disabled={i === 0 || reorder.isPending}
                            onClick={() => move(place, group.items, i, -1)}
                            aria-label={`Выше: ${b.title}`}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className={styles.iconButton}
                            disabled={i === group.items.length - 1 || reorder.isPending}
                            onClick={() => move(place, group.items, i, 1)}
                            aria-label={`Ниже: ${b.title}`}
                          >
                            ↓
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          )}
        </div>
      </div>
      <div className={styles.editor}>
        {selected === 'new' ? (
          <BannerForm key="new" banner={null} places={places} onDone={done} saved={false} />
        ) : current ? (
          <BannerForm
            key={current.id}
            banner={current}
            places={places}
            onDone={done}
            saved={savedId === current.id}
          />
        ) : (
          <Card>
            <EmptyState title="Выберите баннер">
              Или добавьте новый: заголовок, ссылку, место показа и картинку.
            </EmptyState>
          </Card>
        )}
      </div>
    </div>
  );
}

type Values = {
  title: string;
  subtitle: string;
  url: string;
  category: string;
  sort: number | undefined;
  is_active: boolean;
};

const valuesOf = (b: AdminBanner | null): Values => ({
  title: b?.title ?? '',
  subtitle: b?.subtitle ?? '',
  url: b?.url ?? '',
  category: b?.category?.slug ?? HOME,
  sort: b?.sort,
  is_active: b?.is_active ?? true,
});

function BannerForm({
  banner,
  places,
  onDone,
  saved: savedBefore,
}: {
  banner: AdminBanner | null;
  places: Place[];
  onDone: (id: number | null) => void;
  saved: boolean;
}) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [saved, setSaved] = useState(savedBefore);
  const form = useForm<Values, unknown, AdminBannerCreate>({
    resolver: zodResolver(adminBannerCreate) as never,
    defaultValues: valuesOf(banner),
  });
  const { register, control, formState, handleSubmit, reset, setError } = form;
  const title = useWatch({ control, name: 'title' });
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : (banner?.image ?? '')), [file, banner]);
  const refresh = () => client.invalidateQueries({ queryKey: adminKey('adminBanners') });

  const save = handleSubmit(async (values) => {
    setSaved(false);
    try {
      let next: AdminBanner;
      if (banner) {
        const dirty = formState.dirtyFields as Partial<Record<keyof Values, unknown>>;
        const body = Object.fromEntries(Object.entries(values).filter(([key]) => dirty[key as keyof Values]));
        next = Object.keys(body).length
          ? await adminCall('adminBannerUpdate', { params: { id: String(banner.id) }, body })
          : banner;
      } else {
        next = await adminCall('adminBannerCreate', { body: values });
      }
      if (file) next = await uploadBannerImage(next.id, file);
      setFile(null);
      reset(valuesOf(next));
      await refresh();
      setSaved(true);
      onDone(next.id);
    } catch (error) {
      placeServerErrors(error, setError);
    }
  });

  const remove = async () => {
    if (!banner) return;
    await adminCall('adminBannerDelete', { params: { id: String(banner.id) } });
    await refresh();
    onDone(null);
  };
  const err = (name: keyof Values | 'image') => formState.errors[name as keyof Values]?.message;

  return (
    <Card title={banner ? `Баннер «${banner.title}»` : 'Новый баннер'} id="banner">
      <form noValidate onSubmit={save} className={styles.form} data-banner-form="">
        <fieldset disabled={formState.isSubmitting} className={styles.fieldset}>
          <legend className="visually-hidden">Баннер</legend>
          {preview ? (
            <img
              className={styles.preview}
              src={preview}
              alt={title ? `Картинка: ${title}` : 'Картинка баннера'}
            />
          ) : null}
          <AdminField
            label="Картинка (JPEG, PNG, WebP или AVIF до 10 МБ; сожмётся до 1600×600)"
            error={err('image')}
          >
            <input
              type="file"
              className={styles.file}
              accept="image/jpeg,image/png,image/webp,image/avif"
              name="image"
              onChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
                setSaved(false);
              }}
            />
          </AdminField>
          <div className={styles.grid}>
            <AdminField label="Заголовок" error={err('title')} wide>
              <input className={adminStyles.input} {...register('title')} maxLength={200} />
            </AdminField>
            <AdminField label="Подзаголовок" error={err('subtitle')} wide>
              <input className={adminStyles.input} {...register('subtitle')} maxLength={200} />
            </AdminField>
            <AdminField label="Ссылка: /catalog/… или https://…" error={err('url')} wide>
              <input
                className={adminStyles.input}
                {...register('url')}
                maxLength={500}
                placeholder="/catalog/…"
              />
            </AdminField>
            <AdminField label="Порядок (меньше — раньше; пусто — в конец)" error={err('sort')}>
              <input
                className={adminStyles.input}
                inputMode="numeric"
                {...register('sort', {
                  setValueAs: (v: unknown) =>
                    v === '' || v === null || v === undefined ? undefined : Number(v),
                })}
              />
            </AdminField>
            <AdminField label="Где показывать" error={err('category')}>
              <select className={adminStyles.select} {...register('category')}>
                <option value={HOME}>Главная страница</option>
                {places.map((p) => (
                  <option key={p.slug} value={p.slug}>
                    {p.title}
                  </option>
                ))}
              </select>
            </AdminField>
          </div>
          <label className={adminStyles.check}>
            <input type="checkbox" {...register('is_active')} /> Показывать на сайте
          </label>
        </fieldset>
        {formState.errors.root?.message ? (
          <div className={adminStyles.alert} role="alert">
            {formState.errors.root.message}
          </div>
        ) : null}
        <div className={styles.actions}>
          <Button
            type="submit"
            loading={formState.isSubmitting}
            disabled={!formState.isDirty && !file && !!banner}
          >
            {banner ? 'Сохранить' : 'Добавить'}
          </Button>
          {saved ? (
            <span className={styles.saved} role="status">
              Сохранено
            </span>
          ) : null}
          {banner ? <ConfirmDelete label="Удалить" question="Удалить баннер?" onDelete={remove} /> : null}
        </div>
      </form>
    </Card>
  );
}
