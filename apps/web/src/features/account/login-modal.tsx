'use client';

import { useShell } from '@/components/shell/shell-context';
import { Button } from '@/components/ui/button';
import { UserIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import styles from './account.module.css';

/**
 * Entry point of the login dialog (SPEC §2 modal 2). The seven-step sign-in flow belongs to the accounts
 * work; until it lands this dialog says so plainly and lets the customer carry on as a guest.
 */
export default function LoginModal() {
  const { closeModal, openModal } = useShell();
  return (
    <Modal open onClose={closeModal} title="Вход в личный кабинет" size="sm" name="login">
      <div className={styles.body}>
        <span className={styles.icon}>
          <UserIcon size={32} />
        </span>
        <p>Вход по номеру телефона и паролю скоро заработает.</p>
        <p className={styles.muted}>
          Оформить заказ можно и без регистрации, а специалист поможет с подбором по телефону.
        </p>
        <div className={styles.actions}>
          <Button onClick={closeModal} data-autofocus="">
            Продолжить без входа
          </Button>
          <Button variant="secondary" onClick={() => openModal('help', { help: { type: 'CONSULTATION' } })}>
            Заказать звонок
          </Button>
        </div>
      </div>
    </Modal>
  );
}
