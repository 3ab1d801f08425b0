'use client';

import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import styles from './profile.module.css';

/** A labelled native select in the look of the text fields (native: best on phones and for screen readers). */
export function SelectField({
  label,
  error,
  children,
  id: givenId,
  ...rest
}: {
  label: string;
  error?: string;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <div className={`${styles.selectField} ${error ? styles.selectInvalid : ''}`}>
      <label htmlFor={id} className={styles.selectLabel}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className={styles.selectError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
