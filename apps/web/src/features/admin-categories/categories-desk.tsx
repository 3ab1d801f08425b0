'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminCategoryCreate,
  adminCategoryPatch,
  formatNumber,
  type AdminCategory,
  type AdminCategoryCreate,
  type AdminCategoryPatch,
} from '@podbor/contract';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDelete } from '@/components/admin/confirm-delete';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import { useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Badge, Card, EmptyState, LoadError, TableSkeleton } from '@/components/admin/admin-ui';
import { Button } from '@/components/ui/button';
import { ChevronRightIcon } from '@/components/ui/icons';
import styles from './categories.module.css';

// The category tree of the back office: expand and collapse, product counts of each subtree, hidden categories
// greyed with a badge; the side panel edits the selected category (texts, address, SEO), adds a subcategory, moves
// it up/down among its siblings or under another parent, hides or shows it on the storefront and deletes an empty
// one. Managers see the tree; only an administrator changes it (the API refuses the others anyway).

const INVALIDATES = ['adminCategories'] as const;

export function CategoriesDesk({ canEdit }: { canEdit: boolean }) {
  const query = useAdminQuery('adminCategories', {});
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const all = query.data;
  const selected = all?.find((c) => c.id === selectedId) ?? null;

  /** The rows on screen: a category shows when every ancestor is expanded. */
  const rows = useMemo(() => {
    if (!all) return [];
    const shown = new Set<number>();
    return all.filter((c) => {
      const visible = c.parent_id === null || (shown.has(c.parent_id) && expanded.has(c.parent_id));
      if (visible) shown.add(c.id);
      return visible;
    });
  }, [all, expanded]);

  const toggle = (id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  /** Selects a category (one just added is not in the loaded tree yet: it comes with its row) and opens the branch down to it. */
  const select = (id: number, added?: AdminCategory) => {
    setSelectedId(id);
    const byId = new Map(all?.map((c) => [c.id, c]));
    if (added) byId.set(added.id, added);
    setExpanded((prev) => {
      const next = new Set(prev);
      for (let p = byId.get(id)?.parent_id ?? null; p !== null; p = byId.get(p)?.parent_id ?? null)
        next.add(p);
      return next;
    });
  };

  if (query.error && !all) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className={styles.layout}>
      <div className={adminStyles.stack}>
        <div className={adminStyles.toolbar}>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setExpanded(new Set(all?.filter((c) => c.children_count > 0).map((c) => c.id)))}
          >
            Развернуть все
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setExpanded(new Set())}>
            Свернуть все
          </Button>
          {canEdit ? (
            <Button variant="ghost" size="sm" onClick={() => setSelectedId(null)}>
              + Категория верхнего уровня
            </Button>
          ) : null}
        </div>
        {!all ? (
          <TableSkeleton />
        ) : all.length === 0 ? (
          <EmptyState title="Категорий пока нет" />
        ) : (
          <ul className={styles.tree} aria-label="Дерево категорий" data-category-tree="">
            {rows.map((c) => (
              <li key={c.id}>
                <div
                  className={`${styles.row} ${c.id === selectedId ? styles.selected : ''} ${c.hidden_on_site ? styles.hidden : ''}`}
                  style={{ ['--level' as string]: c.depth }}
                  data-category={c.slug}
                >
                  {c.children_count > 0 ? (
                    <button
                      type="button"
                      className={styles.toggle}
                      aria-expanded={expanded.has(c.id)}
                      aria-label={`${expanded.has(c.id) ? 'Свернуть' : 'Развернуть'} «${c.title}»`}
                      onClick={() => toggle(c.id)}
                    >
                      <ChevronRightIcon size={16} />
                    </button>
                  ) : (
                    <span className={styles.spacer} />
                  )}
                  <button
                    type="button"
                    className={styles.title}
                    aria-pressed={c.id === selectedId}
                    onClick={() => select(c.id)}
                  >
                    {c.title}
                  </button>
                  {c.is_hidden ? (
                    <Badge tone="warning">Скрыта</Badge>
                  ) : c.hidden_on_site ? (
                    <Badge>Скрыта с родителем</Badge>
                  ) : null}
                  <span className={styles.count} title="Товаров в категории и подкатегориях">
                    {formatNumber(c.products_count)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={styles.editor}>
        {selected && all ? (
          <CategoryPanel
            key={selected.id}
            category={selected}
            all={all}
            canEdit={canEdit}
            onSelect={select}
            onDeleted={() => setSelectedId(null)}
          />
        ) : canEdit ? (
          <AddCategory parent={null} onCreated={select} />
        ) : (
          <Card>
            <EmptyState title="Выберите категорию">Изменять дерево категорий может администратор.</EmptyState>
          </Card>
        )}
      </div>
    </div>
  );
}

type EditValues = {
  version: string;
  title: string;
  slug: string;
  description: string;
  seo_title: string;
  seo_description: string;
};

const editValuesOf = (c: AdminCategory): EditValues => ({
  version: c.version,
  title: c.title,
  slug: c.slug,
  description: c.description,
  seo_title: c.seo_title,
  seo_description: c.seo_description,
});

function CategoryPanel({
  category,
  all,
  canEdit,
  onSelect,
  onDeleted,
}: {
  category: AdminCategory;
  all: AdminCategory[];
  canEdit: boolean;
  onSelect: (id: number, added: AdminCategory) => void;
  onDeleted: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const form = useForm<EditValues, unknown, AdminCategoryPatch>({
    resolver: zodResolver(adminCategoryPatch) as never,
    defaultValues: editValuesOf(category),
  });
  const { register, formState, handleSubmit, setError, reset } = form;
  // Another change of this category (hide/show here, or another admin's, after a refetch) brings its new version and
  // values into the form unless the editor has unsaved edits (their save then meets the 409, nothing is lost).
  const isDirty = formState.isDirty;
  useEffect(() => {
    if (!isDirty) reset(editValuesOf(category));
  }, [category, isDirty, reset]);
  const update = useAdminMutation(
    'adminCategoryUpdate',
    (body: AdminCategoryPatch) => ({ params: { id: String(category.id) }, body }),
    INVALIDATES,
  );
  const save = handleSubmit(async (values) => {
    setSaved(false);
    const dirty = formState.dirtyFields as Partial<Record<keyof EditValues, unknown>>;
    const body = Object.fromEntries(
      Object.entries(values).filter(([key]) => key === 'version' || dirty[key as keyof EditValues]),
    ) as AdminCategoryPatch;
    try {
      reset(editValuesOf(await update.mutateAsync(body)));
      setSaved(true);
    } catch (error) {
      placeServerErrors(error, setError);
    }
  });
  const err = (name: keyof EditValues) => formState.errors[name]?.message;
  const url = `/catalog/${category.path.join('/')}/`;

  return (
    <>
      <Card title={category.title} id="category">
        <p className={styles.hint}>
          {category.hidden_on_site ? (
            'Не показывается на сайте'
          ) : (
            <a href={url} target="_blank" rel="noreferrer">
              {url}
            </a>
          )}{' '}
          · товаров: {formatNumber(category.products_count)} (в самой категории —{' '}
          {formatNumber(category.own_products_count)})
        </p>
        <form noValidate onSubmit={save} className={styles.form} data-category-form="">
          <fieldset
            disabled={!canEdit || formState.isSubmitting}
            className={styles.form}
            style={{ border: 0, padding: 0 }}
          >
            <legend className="visually-hidden">Категория</legend>
            <div className={styles.grid}>
              <AdminField label="Название" error={err('title')}>
                <input className={adminStyles.input} {...register('title')} maxLength={255} />
              </AdminField>
              <AdminField label="Адрес (slug)" error={err('slug')}>
                <input className={adminStyles.input} {...register('slug')} maxLength={200} />
              </AdminField>
              <AdminField label="Описание" error={err('description')} wide>
                <textarea className={adminStyles.input} rows={3} {...register('description')} />
              </AdminField>
              <AdminField label="SEO-заголовок" error={err('seo_title')} wide>
                <input className={adminStyles.input} {...register('seo_title')} maxLength={500} />
              </AdminField>
              <AdminField label="SEO-описание" error={err('seo_description')} wide>
                <textarea
                  className={adminStyles.input}
                  rows={2}
                  {...register('seo_description')}
                  maxLength={500}
                />
              </AdminField>
            </div>
            {category.children_count > 0 ? (
              <p className={styles.hint}>Смена адреса меняет адреса всех подкатегорий и товаров внутри.</p>
            ) : null}
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
                  Сохранено. Витрина уже показывает изменения.
                </span>
              ) : null}
            </div>
          ) : null}
        </form>
      </Card>
      {canEdit ? (
        <>
          <PlaceActions category={category} all={all} />
          <AddCategory parent={category} onCreated={onSelect} />
          <DeleteCategory category={category} onDeleted={onDeleted} />
        </>
      ) : null}
    </>
  );
}

/** Hide/show, up/down among the siblings and a move under another parent. */
function PlaceActions({ category, all }: { category: AdminCategory; all: AdminCategory[] }) {
  const [error, setErrorText] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [target, setTarget] = useState('');
  const update = useAdminMutation(
    'adminCategoryUpdate',
    (body: AdminCategoryPatch) => ({ params: { id: String(category.id) }, body }),
    INVALIDATES,
  );
  const move = useAdminMutation(
    'adminCategoryMove',
    (body: { parent_id: number | null; position: number }) => ({
      params: { id: String(category.id) },
      body: { ...body, version: category.version },
    }),
    INVALIDATES,
  );
  const siblings = all.filter((c) => c.parent_id === category.parent_id);
  const index = siblings.findIndex((c) => c.id === category.id);
  const busy = update.isPending || move.isPending;

  /** Where it may go: not itself, nor anything under it (a category cannot contain itself). */
  const targets = useMemo(() => {
    const inside = new Set<number>([category.id]);
    for (const c of all) if (c.parent_id !== null && inside.has(c.parent_id)) inside.add(c.id);
    const words = filter.trim().toLowerCase();
    return all.filter(
      (c) => !inside.has(c.id) && (!words || c.title.toLowerCase().includes(words) || c.slug.includes(words)),
    );
  }, [all, category.id, filter]);

  const run = async (action: () => Promise<unknown>) => {
    setErrorText(null);
    try {
      await action();
    } catch (e) {
      setErrorText(e instanceof Error ? e.message : 'Не удалось сохранить');
    }
  };

  return (
    <Card title="Место в каталоге">
      <div className={styles.form}>
        <div className={styles.actions}>
          <Button
            variant={category.is_hidden ? 'primary' : 'secondary'}
            size="sm"
            disabled={busy}
            onClick={() =>
              run(() => update.mutateAsync({ version: category.version, is_hidden: !category.is_hidden }))
            }
          >
            {category.is_hidden ? 'Показать на сайте' : 'Скрыть с сайта'}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy || index <= 0}
            aria-label="Выше среди соседних категорий"
            onClick={() =>
              run(() => move.mutateAsync({ parent_id: category.parent_id, position: index - 1 }))
            }
          >
            ↑ Выше
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy || index >= siblings.length - 1}
            aria-label="Ниже среди соседних категорий"
            onClick={() =>
              run(() => move.mutateAsync({ parent_id: category.parent_id, position: index + 1 }))
            }
          >
            ↓ Ниже
          </Button>
        </div>
        <p className={styles.hint}>
          Скрытая категория со всеми подкатегориями пропадает с сайта: из меню, каталога, поиска и карты
          сайта. Товары сохраняются и вернутся, когда категорию покажут снова.
        </p>
        <form
          className={styles.moveGrid}
          onSubmit={(e) => {
            e.preventDefault();
            if (target === '') return;
            const parentId = target === 'root' ? null : Number(target);
            void run(() => move.mutateAsync({ parent_id: parentId, position: 100_000 }));
          }}
        >
          <AdminField label="Найти новую родительскую">
            <input
              className={adminStyles.input}
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder="Название или адрес"
            />
          </AdminField>
          <AdminField label="Переместить в">
            <select className={adminStyles.select} value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">— выберите —</option>
              {category.parent_id !== null ? <option value="root">Верхний уровень</option> : null}
              {targets.map((c) => (
                <option key={c.id} value={c.id} disabled={c.id === category.parent_id}>
                  {`${'  '.repeat(c.depth)}${c.depth > 0 ? '└ ' : ''}${c.title}`}
                </option>
              ))}
            </select>
          </AdminField>
          <Button type="submit" variant="secondary" size="sm" disabled={busy || target === ''}>
            Переместить
          </Button>
        </form>
        {error ? (
          <div className={adminStyles.alert} role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </Card>
  );
}

type CreateValues = { title: string; slug: string };

function AddCategory({
  parent,
  onCreated,
}: {
  parent: AdminCategory | null;
  onCreated: (id: number, added: AdminCategory) => void;
}) {
  const form = useForm<CreateValues, unknown, AdminCategoryCreate>({
    resolver: zodResolver(adminCategoryCreate) as never,
    defaultValues: { title: '', slug: '' },
  });
  const { register, formState, handleSubmit, setError, reset } = form;
  const create = useAdminMutation(
    'adminCategoryCreate',
    (body: AdminCategoryCreate) => ({ body }),
    INVALIDATES,
  );
  const submit = handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({ ...values, parent_id: parent?.id ?? null });
      reset({ title: '', slug: '' });
      onCreated(created.id, created);
    } catch (error) {
      placeServerErrors(error, setError);
    }
  });
  return (
    <Card title={parent ? `Подкатегория в «${parent.title}»` : 'Новая категория верхнего уровня'}>
      <form noValidate onSubmit={submit} className={styles.form} data-category-add="">
        <div className={styles.grid}>
          <AdminField label="Название" error={formState.errors.title?.message}>
            <input className={adminStyles.input} {...register('title')} maxLength={255} />
          </AdminField>
          <AdminField label="Адрес (по названию, если пусто)" error={formState.errors.slug?.message}>
            <input className={adminStyles.input} {...register('slug')} maxLength={200} />
          </AdminField>
        </div>
        {formState.errors.root?.message ? (
          <div className={adminStyles.alert} role="alert">
            {formState.errors.root.message}
          </div>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" loading={formState.isSubmitting}>
            Добавить
          </Button>
        </div>
      </form>
    </Card>
  );
}

function DeleteCategory({ category, onDeleted }: { category: AdminCategory; onDeleted: () => void }) {
  const remove = useAdminMutation(
    'adminCategoryDelete',
    () => ({ params: { id: String(category.id) } }),
    INVALIDATES,
  );
  const empty = category.children_count === 0 && category.own_products_count === 0;
  return (
    <Card title="Удаление">
      <div className={styles.form}>
        <p className={styles.hint}>
          {empty
            ? 'Категория пуста: её можно удалить.'
            : 'Удалить можно только категорию без товаров и подкатегорий; эту можно скрыть.'}
        </p>
        <div className={styles.actions}>
          <ConfirmDelete
            label="Удалить категорию"
            confirmLabel={`Да, удалить «${category.title}»`}
            onDelete={async () => {
              await remove.mutateAsync(undefined);
              onDeleted();
            }}
          />
        </div>
      </div>
    </Card>
  );
}
