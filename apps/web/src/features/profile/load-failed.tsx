import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';

/** The API did not answer: say so plainly and offer a retry (a fresh load of the same page). */
export function LoadFailed({ what, href }: { what: string; href: string }) {
  return (
    <StatusPanel
      code="!"
      title={`Не удалось загрузить ${what}`}
      actions={
        <>
          <Link href={href} className={buttonClass('primary')} prefetch={false}>
            Обновить
          </Link>
          <Link href="/" className={buttonClass('secondary')}>
            На главную
          </Link>
        </>
      }
    >
      <p>Сервис временно недоступен. Попробуйте обновить страницу через минуту.</p>
    </StatusPanel>
  );
}
