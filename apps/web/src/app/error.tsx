'use client';

import Link from 'next/link';
import { useEffect } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';

/** A failure inside a page: the header and footer stay, the customer can retry or go home. */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    document.title = 'Произошла ошибка';
    console.error(error);
  }, [error]);
  return (
    <div className="container">
      <StatusPanel
        code="!"
        title="Что-то пошло не так"
        actions={
          <>
            <Button onClick={reset}>Попробовать ещё раз</Button>
            <Link href="/" className={buttonClass('secondary')}>
              На главную
            </Link>
          </>
        }
      >
        <p>
          Страница не загрузилась из-за временной ошибки. Обновите её через минуту — или позвоните нам, и мы
          оформим заказ по телефону.
        </p>
        {error.digest ? <p>Код ошибки: {error.digest}</p> : null}
      </StatusPanel>
    </div>
  );
}
