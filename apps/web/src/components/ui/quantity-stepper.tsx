'use client';

import { CART_QUANTITY_MAX } from '@podbor/contract/constants';
import { useState } from 'react';
import styles from './quantity-stepper.module.css';

/** SPEC §5 count mask: up to 3 digits. */
const COUNT_DIGITS = 3;

/**
 * Quantity with − and + and a typed value (digits only, at most 3, at least 1). A typed value is committed on
 * Enter or when the field loses focus; an empty or zero value goes back to the last quantity.
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  label,
  disabled,
}: {
  value: number;
  /** The + button stops here (stock); a typed larger value is still sent, so the server can explain. */
  max: number;
  onChange: (quantity: number) => void;
  /** Accessible name of the field, e.g. «Количество: Масляный фильтр». */
  label: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }

  const commit = () => {
    const n = Number(text);
    if (!text || !Number.isInteger(n) || n < 1) {
      setText(String(value));
      return;
    }
    if (n !== value) onChange(n);
  };

  return (
    <div className={styles.stepper} data-quantity="">
      <button
        type="button"
        className={styles.step}
        aria-label={`Уменьшить: ${label}`}
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
        data-quantity-minus=""
      >
        −
      </button>
      <input
        className={styles.input}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        maxLength={COUNT_DIGITS}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value.replace(/\D/g, '').slice(0, COUNT_DIGITS))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        data-quantity-input=""
      />
      <button
        type="button"
        className={styles.step}
        aria-label={`Увеличить: ${label}`}
        disabled={disabled || value >= Math.min(max, CART_QUANTITY_MAX)}
        onClick={() => onChange(value + 1)}
        data-quantity-plus=""
      >
        +
      </button>
    </div>
  );
}
