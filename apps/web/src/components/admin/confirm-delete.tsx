'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import styles from './admin.module.css';

/**
 * A delete button that asks first: «Удалить …» turns into the question, «Да, удалить …» and «Отмена». `onDelete`
 * does the deletion; when it throws, its message shows here (a refusal of the API, e.g. «нельзя: есть товары»)
 * and the question closes.
 */
export function ConfirmDelete({
  label,
  question,
  confirmLabel = 'Да, удалить',
  onDelete,
}: {
  /** The first button: «Удалить категорию». */
  label: string;
  /** Shown while asking: «Удалить страницу?» (optional). */
  question?: string;
  confirmLabel?: string;
  onDelete: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    setPending(true);
    try {
      await onDelete();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Не удалось удалить');
      setConfirming(false);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      {confirming ? (
        <>
          {question ? <span className={styles.dangerText}>{question}</span> : null}
          <Button variant="accent" size="sm" loading={pending} onClick={() => void run()}>
            {confirmLabel}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            Отмена
          </Button>
        </>
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          {label}
        </Button>
      )}
      {error ? (
        <span className={styles.fieldError} role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
