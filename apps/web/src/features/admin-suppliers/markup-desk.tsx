'use client';

import {
  adminMarkupRuleInput,
  formatPrice,
  type AdminMarkupRule,
  type AdminMarkupRuleInput,
} from '@podbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AdminField, placeServerErrors } from '@/components/admin/admin-form';
import { adminCall, useAdminMutation, useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles, Card, EmptyState, LoadError, TableSkeleton } from '@/components/admin/admin-ui';
import { ConfirmDelete } from '@/components/admin/confirm-delete';
import { Button } from '@/components/ui/button';
import { requestResolver } from '@/lib/form-resolver';
import { ManufacturerPicker, type PickedManufacturer } from './manufacturer-picker';
import styles from './suppliers.module.css';

// Markup rules (issue #15): the customer's price of a supplier's offer is the supplier's price plus the percent of
// the most specific rule that fits the line (supplier, brand, band of purchase prices). The table lists them in
// the order the import tries them; the form adds one or changes the one picked in the table.

const ALL = 'все';

export function MarkupDesk() {
  const query = useAdminQuery('adminMarkupRules', {});
  const [editing, setEditing] = useState<AdminMarkupRule | null>(null);
  const client = useQueryClient();
  const rules = query.data;
  return (
    <div className={adminStyles.stack}>
      <Card title={editing ? 'Изменить правило' : 'Новое правило'} id="markup-form">
        <RuleForm key={editing?.id ?? 'new'} rule={editing} onDone={() => setEditing(null)} />
      </Card>
      <Card title="Правила наценки" id="markup-rules">
        <p className={styles.hint} style={{ marginTop: 0, marginBottom: 'var(--space-3)' }}>
          Для строки прайс-листа берётся самое точное подходящее правило: поставщик и бренд, затем только
          поставщик, затем только бренд, затем общее; при равенстве — с более узким диапазоном цен. Диапазон —
          закупочная цена «от» включительно, «до» не включая. Нет подходящего правила — цена поставщика без
          наценки. Новые наценки применяются при следующей загрузке прайс-листа.
        </p>
        {query.error && !rules ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : !rules ? (
          <TableSkeleton rows={4} />
        ) : rules.length === 0 ? (
          <EmptyState title="Правил наценки нет">
            Пока цены поставщиков переходят в каталог без наценки.
          </EmptyState>
        ) : (
          <div
            className={adminStyles.tableWrap}
            role="region"
            aria-label="Список правил наценки"
            tabIndex={0}
          >
            <table className={adminStyles.table} data-markup-rules="">
              <thead>
                <tr>
                  <th scope="col">Поставщик</th>
                  <th scope="col">Бренд</th>
                  <th scope="col">Закупочная цена</th>
                  <th scope="col" className={adminStyles.num}>
                    Наценка
                  </th>
                  <th scope="col">Действия</th>
                </tr>
              </thead>
              <tbody>
                {rules.map((rule) => (
                  <tr
                    key={rule.id}
                    data-rule={rule.id}
                    className={editing?.id === rule.id ? styles.selectedRow : undefined}
                  >
                    <td>{rule.supplier_title ?? <span className={adminStyles.muted}>{ALL}</span>}</td>
                    <td>{rule.manufacturer_title ?? <span className={adminStyles.muted}>{ALL}</span>}</td>
                    <td>{bandText(rule.price_from, rule.price_to)}</td>
                    <td className={adminStyles.num}>{percentText(rule.percent)}</td>
                    <td>
                      <span className={adminStyles.rowActions}>
                        <Button variant="ghost" size="sm" onClick={() => setEditing(rule)}>
                          Изменить
                        </Button>
                        <ConfirmDelete
                          label="Удалить"
                          onDelete={async () => {
                            await adminCall('adminMarkupRuleDelete', { params: { id: String(rule.id) } });
                            if (editing?.id === rule.id) setEditing(null);
                            await client.invalidateQueries({ queryKey: ['adminMarkupRules'] });
                          }}
                        />
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

function bandText(from: number | null, to: number | null): string {
  if (from === null && to === null) return 'любая';
  if (to === null) return `от ${formatPrice(from!)}`;
  if (from === null) return `до ${formatPrice(to)}`;
  return `${formatPrice(from)} – ${formatPrice(to)}`;
}

function percentText(percent: number): string {
  return `${percent > 0 ? '+' : ''}${percent.toLocaleString('ru-RU')} %`;
}

type Values = {
  supplier_id: string;
  manufacturer_id: PickedManufacturer | null;
  price_from: string;
  price_to: string;
  percent: string;
};

/** A number as typed (spaces and a decimal comma allowed); '' is no value. */
function typedNumber(text: string): number | null {
  const clean = text.replace(/\s/g, '').replace(',', '.');
  return clean === '' ? null : Number(clean);
}

function toRequest(v: Values): AdminMarkupRuleInput {
  return {
    supplier_id: v.supplier_id ? Number(v.supplier_id) : null,
    manufacturer_id: v.manufacturer_id?.id ?? null,
    price_from: typedNumber(v.price_from),
    price_to: typedNumber(v.price_to),
    percent: typedNumber(v.percent) ?? (undefined as unknown as number),
  };
}

const resolver = requestResolver<Values>(adminMarkupRuleInput, toRequest as never, {
  supplier_id: 'supplier_id',
  manufacturer_id: 'manufacturer_id',
  price_from: 'price_from',
  price_to: 'price_to',
  percent: 'percent',
});

const valuesOf = (rule: AdminMarkupRule | null): Values => ({
  supplier_id: rule?.supplier_id ? String(rule.supplier_id) : '',
  manufacturer_id:
    rule?.manufacturer_id && rule.manufacturer_title
      ? { id: rule.manufacturer_id, title: rule.manufacturer_title }
      : null,
  price_from: rule?.price_from === null || !rule ? '' : String(rule.price_from).replace('.', ','),
  price_to: rule?.price_to === null || !rule ? '' : String(rule.price_to).replace('.', ','),
  percent: rule ? String(rule.percent).replace('.', ',') : '',
});

function RuleForm({ rule, onDone }: { rule: AdminMarkupRule | null; onDone: () => void }) {
  const suppliers = useAdminQuery('adminSuppliers', {});
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({ resolver, defaultValues: valuesOf(rule) });
  const { control, formState, handleSubmit, register, reset, setError } = form;
  const create = useAdminMutation('adminMarkupRuleCreate', (body: AdminMarkupRuleInput) => ({ body }), [
    'adminMarkupRules',
  ]);
  const update = useAdminMutation(
    'adminMarkupRuleUpdate',
    (body: AdminMarkupRuleInput) => ({ params: { id: String(rule?.id ?? 0) }, body }),
    ['adminMarkupRules'],
  );
  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      if (rule) {
        await update.mutateAsync(toRequest(values));
        onDone();
      } else {
        await create.mutateAsync(toRequest(values));
        reset(valuesOf(null));
        setSaved(true);
      }
    } catch (error) {
      placeServerErrors(error, setError);
    }
  });
  const err = (name: keyof Values) => formState.errors[name]?.message;
  return (
    <form noValidate onSubmit={submit} data-markup-form="">
      <div className={styles.ruleGrid}>
        <AdminField label="Поставщик" error={err('supplier_id')}>
          <select className={adminStyles.select} {...register('supplier_id')}>
            <option value="">Все поставщики</option>
            {(suppliers.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </AdminField>
        <Controller
          control={control}
          name="manufacturer_id"
          render={({ field }) => (
            <ManufacturerPicker
              label="Бренд"
              emptyLabel="Все бренды"
              value={field.value}
              onChange={field.onChange}
              error={err('manufacturer_id')}
            />
          )}
        />
        <AdminField label="Цена от, ₽" error={err('price_from')}>
          <input
            className={adminStyles.input}
            inputMode="decimal"
            {...register('price_from')}
            placeholder="любая"
          />
        </AdminField>
        <AdminField label="Цена до, ₽" error={err('price_to')}>
          <input
            className={adminStyles.input}
            inputMode="decimal"
            {...register('price_to')}
            placeholder="любая"
          />
        </AdminField>
        <AdminField label="Наценка, %" error={err('percent')}>
          <input className={adminStyles.input} inputMode="decimal" {...register('percent')} />
        </AdminField>
      </div>
      {formState.errors.root?.message ? (
        <p role="alert" className={adminStyles.formError}>
          {formState.errors.root.message}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" loading={formState.isSubmitting}>
          {rule ? 'Сохранить правило' : 'Добавить правило'}
        </Button>
        {rule ? (
          <Button variant="ghost" onClick={onDone}>
            Отмена
          </Button>
        ) : null}
        {saved ? (
          <span className={styles.saved} role="status">
            Правило добавлено
          </span>
        ) : null}
      </div>
    </form>
  );
}
