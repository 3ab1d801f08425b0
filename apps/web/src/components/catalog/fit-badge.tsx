import type { ProductFit } from '@podbor/contract';
import { CheckIcon, CloseIcon } from '@/components/ui/icons';
import { fitLabel, shownFit } from './fit';
import styles from './fit-badge.module.css';

/**
 * «Подходит / Не подходит / Универсальный» for the chosen vehicle (fit everywhere): a small pill on search
 * results, cart lines and order lines. Nothing without a vehicle. A server-safe component (no client code).
 */
export function FitBadge({
  fit,
  form = 'long',
  className,
}: {
  fit: ProductFit | undefined | null;
  form?: 'short' | 'long';
  className?: string;
}) {
  const shown = shownFit(fit);
  const label = fitLabel(shown, form);
  if (shown === null || label === null) return null;
  return (
    <span className={`${styles.badge} ${styles[shown]} ${className ?? ''}`} data-fit={shown}>
      {shown === 'fits' ? <CheckIcon size={14} /> : shown === 'no' ? <CloseIcon size={14} /> : null}
      {label}
    </span>
  );
}
