import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

/** A placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({
  width,
  height,
  radius,
  className = '',
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: string;
  className?: string;
}) {
  return (
    <span
      className={`${styles.skeleton} ${className}`}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}
