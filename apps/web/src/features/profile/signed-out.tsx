'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useShell } from '@/components/shell/shell-context';
import { Button, buttonClass } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';

/**
 * What a guest sees on the personal pages: a clear prompt, with the login dialog opened at once (SPEC §2).
 * `stale`: the cookies say signed in but the API no longer accepts the session (ended elsewhere): the token
 * cookies are dropped first, so the page and the header agree that nobody is signed in.
 */
export function SignedOutPrompt({
  stale = false,
  authError = false,
}: {
  stale?: boolean;
  authError?: boolean;
}) {
  const { openModal, session } = useShell();
  const router = useRouter();
  const opened = useRef(false);

  useEffect(() => {
    if (stale) {
      void fetch('/api/session/logout', { method: 'POST' }).finally(() => router.refresh());
      return;
    }
    if (!session.isAuthorized && !opened.current) {
      opened.current = true;
      openModal('login');
    }
  }, [stale, session.isAuthorized, openModal, router]);

  return (
    <div className="container" data-signed-out="">
      <StatusPanel
        title="Войдите в личный кабинет"
        actions={
          <>
            <Button onClick={() => openModal('login')} data-signed-out-login="">
              Войти или зарегистрироваться
            </Button>
            <Link href="/" className={buttonClass('secondary')}>
              На главную
            </Link>
          </>
        }
      >
        {authError ? (
          <p role="alert">
            Не удалось войти через внешний сервис. Попробуйте ещё раз или войдите по номеру телефона.
          </p>
        ) : null}
        <p>
          {stale
            ? 'Сеанс завершён. Войдите снова, чтобы увидеть профиль и историю заказов.'
            : 'Профиль, сохранённый автомобиль и история заказов доступны после входа по номеру телефона.'}
        </p>
      </StatusPanel>
    </div>
  );
}
