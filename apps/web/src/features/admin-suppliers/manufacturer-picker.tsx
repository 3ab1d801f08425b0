'use client';

import { useEffect, useState } from 'react';
import { AdminField } from '@/components/admin/admin-form';
import { useAdminQuery } from '@/components/admin/admin-query';
import { adminStyles } from '@/components/admin/admin-ui';

// A manufacturer of the catalogue picked by a part of its title: the search box narrows the list (the back
// office's manufacturers call), the list picks one. The current choice stays in the list while other titles
// are searched.

const SEARCH_DELAY_MS = 300;
const LIST_SIZE = '30';

export interface PickedManufacturer {
  id: number;
  title: string;
}

export function ManufacturerPicker({
  label,
  value,
  onChange,
  emptyLabel,
  error,
}: {
  label: string;
  /** The picked manufacturer, or null («emptyLabel»). */
  value: PickedManufacturer | null;
  onChange: (picked: PickedManufacturer | null) => void;
  /** The list's first option: «все бренды» or «— выберите —». */
  emptyLabel: string;
  error?: string;
}) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const query = useAdminQuery('adminManufacturers', { query: { size: LIST_SIZE, ...(q ? { q } : {}) } });
  const found = query.data?.results ?? [];
  const options = value && !found.some((m) => m.id === value.id) ? [value, ...found] : found;
  return (
    <>
      <AdminField label={`${label}: поиск`}>
        <input
          className={adminStyles.input}
          type="search"
          value={typed}
          placeholder="Часть названия"
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
        />
      </AdminField>
      <AdminField label={label} error={error}>
        <select
          className={adminStyles.select}
          value={value ? String(value.id) : ''}
          onChange={(e) => {
            const id = Number(e.currentTarget.value);
            onChange(options.find((m) => m.id === id) ?? null);
          }}
        >
          <option value="">{emptyLabel}</option>
          {options.map((m) => (
            <option key={m.id} value={m.id}>
              {m.title}
            </option>
          ))}
        </select>
      </AdminField>
    </>
  );
}
