'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminProduct,
  adminProductPatch,
  CATALOG_MESSAGES,
  errorBody,
  formatPrice,
  PRODUCT_IMAGE_MAX_BYTES,
  type AdminCategory,
  type AdminProduct,
  type AdminProductPatch,
} from '@podbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import { AdminCallError, adminCall, adminKey, useAdminQuery } from '@/components/admin/admin-query';
import { RichTextEditor } from '@/components/admin/rich-text-loader';
import { adminStyles, Badge, Card, LoadError, PageHeader, TableSkeleton } from '@/components/admin/admin-ui';
import { Button, buttonClass } from '@/components/ui/button';
import { valuesOf, type ProductFormValues } from './product-form';
import { AnaloguesCard, FitmentCard, PropertiesCard } from './product-parts';
import { StockEditor } from './stock-editor';
import styles from './product-editor.module.css';

// The product screen of the back office: the product's texts, price, switches and images in one form saved with
// the version it was loaded at (someone else's save in between gives a clear conflict, never a lost update), and
// its stock per warehouse below. Saved changes show on the storefront within a second (the API clears its caches
// in every process).

const toNumber = (v: unknown) => (typeof v === 'string' ? Number(v.replace(',', '.').replace(/\s/g, '')) : v);
const toNumberOrNull = (v: unknown) => (v === '' || v === null ? null : toNumber(v));

export function ProductEditor({ id }: { id: number }) {
  const options = { params: { id: String(id) } } as const;
  const query = useAdminQuery('adminProductDetail', options);
  const product = query.data;

  if (query.error && !product) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!product) return <TableSkeleton rows={10} />;
  return <ProductForm key={product.id} product={product} onReload={() => void query.refetch()} />;
}

function ProductForm({ product, onReload }: { product: AdminProduct; onReload: () => void }) {
  const client = useQueryClient();
  // The choices of the manufacturer and category fields (the tree is small; manufacturers by title, first 200).
  const categories = useAdminQuery('adminCategories', {});
  const manufacturers = useAdminQuery('adminManufacturers', { query: { size: 200 } });
  const [conflict, setConflict] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<ProductFormValues, unknown, AdminProductPatch>({
    resolver: zodResolver(adminProductPatch) as never,
    defaultValues: valuesOf(product),
  });
  const { register, control, formState, handleSubmit, reset, setError, setValue } = form;

  // A reload (after a conflict or an upload) brings the product's current values into the form; fields the editor
  // has changed keep the editor's values.
  useEffect(() => reset(valuesOf(product), { keepDirtyValues: true }), [product, reset]);

  const save = handleSubmit(async (values) => {
    setSaved(false);
    setConflict(null);
    const dirty = formState.dirtyFields as Partial<Record<keyof ProductFormValues, unknown>>;
    const body: Record<string, unknown> = { version: product.version };
    for (const key of Object.keys(dirty) as (keyof ProductFormValues)[]) {
      if (key !== 'version' && dirty[key]) body[key] = values[key as keyof AdminProductPatch];
    }
    // Lists are compared whole with what was loaded (a removed entry leaves no dirty flag of its own).
    const loaded = valuesOf(product);
    for (const key of ['properties', 'transports', 'analogues', 'is_universal'] as const) {
      if (JSON.stringify(values[key]) !== JSON.stringify(loaded[key])) body[key] = values[key];
      else delete body[key];
    }
    try {
      const next = await adminCall('adminProductUpdate', {
        params: { id: String(product.id) },
        body: body as AdminProductPatch,
      });
      client.setQueryData(adminKey('adminProductDetail', { params: { id: String(product.id) } }), next);
      reset(valuesOf(next));
      setSaved(true);
    } catch (error) {
      if (!(error instanceof AdminCallError)) throw error;
      if (error.status === 409) {
        setConflict(error.message);
        return;
      }
      placeServerErrors(error, setError);
    }
  });

  const images = useWatch({ control, name: 'images' });
  const moveImage = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setValue('images', next, { shouldDirty: true });
  };
  const err = (name: keyof ProductFormValues) => formState.errors[name]?.message;

  return (
    <>
      <PageHeader
        title={product.title}
        lead={
          <>
            Артикул {product.article} · {formatPrice(product.price)}{' '}
            {product.is_active ? (
              <Badge tone="success">На витрине</Badge>
            ) : (
              <Badge tone="warning">Скрыт</Badge>
            )}
          </>
        }
        actions={
          <a className={adminStyles.tab} href={product.url} target="_blank" rel="noreferrer">
            Открыть на витрине
          </a>
        }
      />
      <form noValidate onSubmit={save} className={styles.layout} data-product-form="">
        {conflict ? (
          <div className={adminStyles.alert} role="alert" data-conflict="">
            {conflict}{' '}
            <Button type="button" size="sm" variant="secondary" onClick={onReload}>
              Загрузить свежую версию
            </Button>
          </div>
        ) : null}
        {formState.errors.root?.message ? (
          <div className={adminStyles.alert} role="alert">
            {formState.errors.root.message}
          </div>
        ) : null}

        <Card title="Основное" id="main">
          <div className={styles.grid}>
            <AdminField label="Название" error={err('title')} wide>
              <input className={adminStyles.input} {...register('title')} maxLength={200} />
            </AdminField>
            <AdminField label="Артикул" error={err('article')}>
              <input className={adminStyles.input} {...register('article')} maxLength={100} />
            </AdminField>
            <AdminField label="Производитель" error={err('manufacturer_id')}>
              {/* Mounted again once the choices arrive, so it shows the product's value (an uncontrolled select
                  keeps the option it had when its options changed). */}
              <select
                key={manufacturers.data ? 'loaded' : 'loading'}
                className={adminStyles.select}
                {...register('manufacturer_id', {
                  setValueAs: (v) => (v === '' || v === null ? null : Number(v)),
                })}
              >
                <option value="">— не указан —</option>
                {(manufacturers.data?.results ?? []).map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.title}
                  </option>
                ))}
              </select>
            </AdminField>
            <AdminField label="Категория" error={err('category_id')} wide>
              <select
                key={categories.data ? 'loaded' : 'loading'}
                className={adminStyles.select}
                {...register('category_id', { setValueAs: Number })}
              >
                {leafCategories(categories.data ?? [], product.category_id).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </select>
            </AdminField>
            <AdminField label="Цена, ₽" error={err('price')}>
              <input
                className={adminStyles.input}
                inputMode="decimal"
                {...register('price', { setValueAs: toNumber })}
                data-field="price"
              />
            </AdminField>
            <AdminField label="Старая цена, ₽ (необязательно)" error={err('old_price')}>
              <input
                className={adminStyles.input}
                inputMode="decimal"
                {...register('old_price', { setValueAs: toNumberOrNull })}
              />
            </AdminField>
            <label className={adminStyles.check}>
              <input type="checkbox" {...register('is_active')} /> Показывать на витрине
            </label>
            <label className={adminStyles.check}>
              <input type="checkbox" {...register('with_installation')} /> Можно заказать установку
            </label>
          </div>
        </Card>

        <Card title="Описание" id="description">
          <Controller
            control={control}
            name="description"
            render={({ field }) => (
              <RichTextEditor
                id="description"
                label="Описание"
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {err('description') ? <p className={adminStyles.fieldError}>{err('description')}</p> : null}
        </Card>

        <Card title="Установка" id="installation">
          <Controller
            control={control}
            name="installation"
            render={({ field }) => (
              <RichTextEditor
                id="installation"
                label="Установка"
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </Card>

        <Card title="Фото" id="images">
          {images.length === 0 ? (
            <p className={adminStyles.muted}>У товара нет фото.</p>
          ) : (
            <ul className={styles.images} role="list">
              {images.map((src, i) => (
                <li key={src} className={styles.image}>
                  <img src={src} alt={`Фото ${i + 1}`} width={120} height={120} />
                  <div className={styles.imageActions}>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      disabled={i === 0}
                      onClick={() => moveImage(i, i - 1)}
                      aria-label={`Фото ${i + 1}: левее`}
                    >
                      ←
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      onClick={() =>
                        setValue(
                          'images',
                          images.filter((s) => s !== src),
                          { shouldDirty: true },
                        )
                      }
                      aria-label={`Фото ${i + 1}: убрать`}
                    >
                      Убрать
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {err('images') ? <p className={adminStyles.fieldError}>{err('images')}</p> : null}
          <ImageUpload productId={product.id} />
        </Card>

        <PropertiesCard form={form} product={product} />
        <FitmentCard form={form} product={product} />
        <AnaloguesCard form={form} product={product} />

        <div className={styles.actions}>
          <Button type="submit" disabled={formState.isSubmitting || !formState.isDirty}>
            {formState.isSubmitting ? 'Сохраняем…' : 'Сохранить'}
          </Button>
          {saved && !formState.isDirty ? (
            <span role="status" className={styles.saved}>
              Сохранено. Витрина уже показывает изменения.
            </span>
          ) : null}
        </div>
      </form>
      <StockEditor product={product} />
    </>
  );
}

/** Sends one photo to the API (multipart through the same-origin proxy); the product comes back with it. */
function ImageUpload({ productId }: { productId: number }) {
  const client = useQueryClient();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  return (
    <div className={styles.actions}>
      <label className={styles.upload}>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className={styles.fileInput}
          disabled={state.busy}
          onChange={async (e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (!file) return;
            if (file.size > PRODUCT_IMAGE_MAX_BYTES) {
              setState({ busy: false, error: CATALOG_MESSAGES.imageTooLarge });
              return;
            }
            setState({ busy: true, error: null });
            const form = new FormData();
            form.append('image', file);
            try {
              const res = await fetch(`/api/admin/v1/products/${productId}/images/`, {
                method: 'POST',
                body: form,
              });
              const data: unknown = await res.json().catch(() => null);
              if (!res.ok) {
                const parsed = errorBody.safeParse(data);
                throw new AdminCallError(res.status, parsed.success ? parsed.data : null);
              }
              client.setQueryData(
                adminKey('adminProductDetail', { params: { id: String(productId) } }),
                adminProduct.parse(data),
              );
              setState({ busy: false, error: null });
            } catch (error) {
              setState({
                busy: false,
                error: error instanceof Error ? error.message : 'Не удалось загрузить фото',
              });
            }
          }}
        />
        <span className={buttonClass('secondary', 'sm')}>{state.busy ? 'Загружаем…' : 'Добавить фото'}</span>
      </label>
      <span className={adminStyles.muted}>JPEG, PNG, WebP или AVIF до 10 МБ; сохраняется сразу.</span>
      {state.error ? (
        <span role="alert" className={adminStyles.fieldError}>
          {state.error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The categories a product can be in: those without subcategories, named by their chain («Фильтры › Масляные
 * фильтры»), in the tree's order. The product's own category is always offered, so the field never shows another.
 */
function leafCategories(tree: readonly AdminCategory[], current: number) {
  const byId = new Map(tree.map((c) => [c.id, c]));
  const chain = (c: AdminCategory): string[] => {
    const parent = c.parent_id === null ? undefined : byId.get(c.parent_id);
    return parent ? [...chain(parent), c.title] : [c.title];
  };
  const leaves = tree.filter((c) => c.children_count === 0 || c.id === current);
  if (!byId.has(current)) return [{ id: current, label: `Категория №${current}` }];
  return leaves.map((c) => ({ id: c.id, label: chain(c).join(' › ') }));
}
