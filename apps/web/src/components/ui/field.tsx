'use client';

import { useId, type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes } from 'react';
import { CloseIcon } from './icons';
import styles from './field.module.css';

/** SPEC §5 default limit for a text input. */
const DEFAULT_MAX_LENGTH = 200;

interface Common {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Rewrites what was typed (phone mask, name mask). */
  mask?: (raw: string) => string;
  error?: string;
  hint?: string;
  /** Shows a clear button while the field has a value. */
  clearable?: boolean;
  hideLabel?: boolean;
}

type InputProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & { ref?: Ref<HTMLInputElement> };
type AreaProps = Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
    ref?: Ref<HTMLTextAreaElement>;
  };

function Shell({
  id,
  label,
  hideLabel,
  required,
  error,
  hint,
  counter,
  className,
  children,
}: {
  id: string;
  label: string;
  hideLabel?: boolean;
  required?: boolean;
  error?: string;
  hint?: string;
  counter?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`${styles.field} ${error ? styles.invalid : ''} ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
        {required && !hideLabel ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {hint || counter ? (
        <p id={`${id}-hint`} className={styles.meta}>
          <span>{hint}</span>
          {counter ? <span aria-hidden="true">{counter}</span> : null}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string) {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

export function TextField({
  label,
  value,
  onValueChange,
  mask,
  error,
  hint,
  clearable,
  hideLabel,
  required,
  maxLength = DEFAULT_MAX_LENGTH,
  className,
  id: givenId,
  ...rest
}: InputProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Shell
      id={id}
      label={label}
      hideLabel={hideLabel}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      <div className={`${styles.control} ${clearable ? styles.withClear : ''}`}>
        <input
          id={id}
          className={styles.input}
          value={value}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(event) => onValueChange(mask ? mask(event.target.value) : event.target.value)}
          {...rest}
        />
        {clearable && value ? (
          <button
            type="button"
            className={styles.clear}
            onClick={() => onValueChange('')}
            aria-label="Очистить поле"
          >
            <CloseIcon size={18} />
          </button>
        ) : null}
      </div>
    </Shell>
  );
}

export function TextArea({
  label,
  value,
  onValueChange,
  mask,
  error,
  hint,
  hideLabel,
  required,
  maxLength,
  className,
  id: givenId,
  ...rest
}: AreaProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Shell
      id={id}
      label={label}
      hideLabel={hideLabel}
      required={required}
      error={error}
      hint={hint}
      counter={maxLength ? `${value.length} / ${maxLength}` : undefined}
      className={className}
    >
      <textarea
        id={id}
        className={styles.input}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onValueChange(mask ? mask(event.target.value) : event.target.value)}
        {...rest}
      />
    </Shell>
  );
}
