import type { FormEvent, ReactNode } from 'react';
import { SearchIcon } from '@/components/ui/icons';
import styles from './transport-selector.module.css';

// The "by VIN or body number" row of the vehicle selector, as markup only: the home page renders it from the
// server before the selector's code arrives (inert), the live selector with vin-lookup.tsx behind it.

export interface VinFormViewProps {
  id: string;
  value: string;
  busy?: boolean;
  /** Absent while the selector's code has not arrived: the field shows, the button waits. */
  onChange?: (value: string) => void;
  onSubmit?: () => void;
  error?: string | null;
  children?: ReactNode;
}

export function VinFormView({
  id,
  value,
  busy = false,
  onChange,
  onSubmit,
  error,
  children,
}: VinFormViewProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit?.();
  };
  return (
    <form className={styles.vin} onSubmit={submit} noValidate data-vin-form="">
      <label htmlFor={`${id}-vin`} className={styles.label}>
        Или по VIN / номеру кузова
      </label>
      <div className={styles.vinRow}>
        <input
          id={`${id}-vin`}
          className={styles.vinInput}
          name="vin"
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          readOnly={!onChange}
          placeholder="XTA219010F0301234 или NZE141-1234567"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-vin-error` : undefined}
        />
        <button type="submit" className={styles.vinButton} disabled={!onSubmit || busy}>
          <SearchIcon size={18} />
          {busy ? 'Ищем…' : 'Найти'}
        </button>
      </div>
      {error ? (
        <p id={`${id}-vin-error`} className={styles.vinError} role="alert">
          {error}
        </p>
      ) : null}
      {children}
    </form>
  );
}
