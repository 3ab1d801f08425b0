import type { ReactNode } from 'react';
import styles from './status-panel.module.css';

/** A centred message for 404, errors and empty states: a big code or icon, a title, text and actions. */
export function StatusPanel({
  code,
  title,
  children,
  actions,
  headingLevel = 1,
}: {
  code?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.panel}>
      {code ? (
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {children ? <div className={styles.text}>{children}</div> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  );
}
