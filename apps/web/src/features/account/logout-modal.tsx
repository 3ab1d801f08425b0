'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { useShell } from '@/components/shell/shell-context';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import styles from './account.module.css';

/**
 * SPEC §2 modal 3: logout confirmation. Logging out revokes the session at the API and removes both token cookies
 * (app/api/session/logout); the page data is then reloaded signed out.
 */
export default function LogoutModal() {
  const { closeModal } = useShell();
  const router = useRouter();
  const pathname = usePathname();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [, startTransition] = useTransition();

  const logout = async () => {
    setBusy(true);
    const res = await fetch('/api/session/logout', { method: 'POST' }).catch(() => null);
    setBusy(false);
    if (!res?.ok) {
      setFailed(true);
      return;
    }
    startTransition(() => {
      closeModal();
      // The personal pages have nothing to show a guest: leave them for the home page.
      if (pathname === '/profile' || pathname.startsWith('/profile/')) router.replace('/');
      router.refresh();
    });
  };

  return (
    <Modal open onClose={closeModal} title="Выход" size="sm" name="logout" closeDisabled={busy}>
      <div className={styles.body}>
        <p>Вы уверены, что хотите выйти?</p>
        {failed ? (
          <p role="alert" className={styles.error}>
            Произошла ошибка. Попробуйте ещё раз.
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button onClick={logout} loading={busy}>
            Да
          </Button>
          <Button variant="secondary" onClick={closeModal} disabled={busy} data-autofocus="">
            Нет
          </Button>
        </div>
      </div>
    </Modal>
  );
}
