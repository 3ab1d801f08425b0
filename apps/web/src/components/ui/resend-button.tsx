'use client';

import { firstNonFieldError, formatCountdown, MESSAGES, RESEND_CODE_SECONDS } from '@podbor/contract';
import { useEffect, useState } from 'react';
import type { ApiResult } from '@/lib/api/browser';
import styles from './resend-button.module.css';

type Outcome = { kind: 'sent' } | { kind: 'failed'; message: string } | null;

/**
 * SPEC §4 resend-code button: 'Отправить код повторно'; a click asks for a new code and starts a 59-second
 * m:ss countdown during which the button does nothing; success reads 'Код отправлен', a failure shows the
 * server's first non-field error, else 'Произошла ошибка'. The countdown already runs when the step opens,
 * from the moment the first code was sent (`sentAt`): the server refuses a new code before that, so a click
 * then could only fail. A refusal that says when to retry (Retry-After) restarts the countdown to that moment.
 */
export function ResendButton({
  send,
  sentAt,
  waitSeconds = RESEND_CODE_SECONDS,
}: {
  send: () => Promise<ApiResult<unknown>>;
  /** Date.now() when the code the step asks for was sent. */
  sentAt?: number;
  /** Seconds before the server sends another. */
  waitSeconds?: number;
}) {
  const [deadline, setDeadline] = useState<number | null>(() =>
    sentAt !== undefined && sentAt + waitSeconds * 1000 > Date.now() ? sentAt + waitSeconds * 1000 : null,
  );
  const [total, setTotal] = useState(waitSeconds);
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const seconds = Math.ceil((deadline - Date.now()) / 1000);
      if (seconds <= 0) {
        setDeadline(null);
        setLeft(0);
      } else {
        setLeft(seconds);
      }
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const counting = deadline !== null;
  const click = async () => {
    if (counting || busy) return;
    setBusy(true);
    setOutcome(null);
    setDeadline(Date.now() + RESEND_CODE_SECONDS * 1000);
    setTotal(RESEND_CODE_SECONDS);
    const result = await send();
    setBusy(false);
    if (!result.ok && result.retryAfter) {
      setDeadline(Date.now() + result.retryAfter * 1000);
      setTotal(result.retryAfter);
    }
    setOutcome(
      result.ok
        ? { kind: 'sent' }
        : { kind: 'failed', message: firstNonFieldError(result.error) ?? MESSAGES.genericError },
    );
  };

  return (
    <div className={styles.resend} data-resend="">
      <button
        type="button"
        className={styles.button}
        onClick={click}
        aria-disabled={counting || busy || undefined}
        data-counting={counting ? 'true' : undefined}
      >
        {MESSAGES.resendCode}
        {counting ? (
          <span className={styles.countdown}>
            {' '}
            <span className="visually-hidden">через </span>
            <span data-countdown="">{formatCountdown(left || total)}</span>
          </span>
        ) : null}
      </button>
      <p role="status" className={outcome?.kind === 'failed' ? styles.error : styles.ok}>
        {outcome?.kind === 'sent' ? MESSAGES.codeSent : outcome?.kind === 'failed' ? outcome.message : ''}
      </p>
    </div>
  );
}
