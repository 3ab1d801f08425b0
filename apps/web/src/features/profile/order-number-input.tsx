'use client';

import { applyMask, MASKS } from '@podbor/contract';
import { useState, type InputHTMLAttributes } from 'react';

/**
 * SPEC §5 order-number mask (9 digits): whatever is typed or pasted («№ 100 000 123», «100-000-123») keeps
 * only its digits, at most nine. Uncontrolled from the server's point of view: the GET form reads its value.
 */
export function OrderNumberInput({
  defaultValue = '',
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'defaultValue'> & {
  defaultValue?: string;
}) {
  const [value, setValue] = useState(() => applyMask(MASKS.orderNumber, defaultValue));
  return (
    <input
      {...props}
      value={value}
      onChange={(e) => setValue(applyMask(MASKS.orderNumber, e.target.value))}
      inputMode="numeric"
      autoComplete="off"
      maxLength={MASKS.orderNumber.length}
      data-order-number-input=""
    />
  );
}
