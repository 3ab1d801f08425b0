'use client';

import { MESSAGES } from '@podbor/contract';
import { useRouter } from 'next/navigation';
import { useEffect, useState, useTransition, type ReactNode } from 'react';
import { QueryIsland } from '@/components/query/query-island';
import { useShell } from '@/components/shell/shell-context';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { setLoginPending } from '@/lib/login-pending';
import { AuthorizationStep } from './steps/authorization-step';
import { RegistrationStep } from './steps/registration-step';
import { ResetCodeStep } from './steps/reset-code-step';
import { ResetPasswordStep } from './steps/reset-password-step';
import { ResetPhoneStep } from './steps/reset-phone-step';
import type { Registration, Reset } from './steps/shared';
import { VerificationStep } from './steps/verification-step';
import styles from './account.module.css';

/** SPEC §2 modal 2: the seven steps of the sign-in dialog (one file each under steps/). */
export type LoginStep =
  | 'authorization'
  | 'registration'
  | 'verification'
  | 'reset-phone'
  | 'reset-code'
  | 'reset-password'
  | 'reset-success';

const TITLES: Record<LoginStep, string> = {
  authorization: 'Вход в личный кабинет',
  registration: 'Регистрация',
  verification: 'Подтверждение номера',
  'reset-phone': 'Восстановление пароля',
  'reset-code': 'Восстановление пароля',
  'reset-password': 'Новый пароль',
  'reset-success': 'Восстановление пароля',
};

/**
 * The dialog is mounted only while open (app/shell-modals.tsx), so closing it — or signing in or out, which
 * closes it — always brings the next opening back to the authorization step with empty forms. Each step is
 * keyed by its name, so switching steps starts its form empty.
 */
export default function LoginModal() {
  const { closeModal, session } = useShell();
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [step, setStep] = useState<LoginStep>('authorization');
  const [busy, setBusy] = useState(false);
  const [registration, setRegistration] = useState<Registration>({ phone: '', password: '' });
  const [reset, setReset] = useState<Reset>({ phone: '', secretKey: '' });

  // SPEC §4: the dialog closes and resets when the user becomes authorized (e.g. in another tab).
  useEffect(() => {
    if (session.isAuthorized) closeModal();
  }, [session.isAuthorized, closeModal]);

  // A sign-in request in flight keeps the header's user button inert (SPEC §2); never leave it raised.
  useEffect(() => () => setLoginPending(false), []);

  const signedIn = () => {
    startTransition(() => {
      closeModal();
      router.refresh();
    });
  };

  const go = (next: LoginStep) => {
    setBusy(false);
    setStep(next);
  };
  const steps = { busy, setBusy };

  let body: ReactNode;
  switch (step) {
    case 'authorization':
      body = (
        <AuthorizationStep
          {...steps}
          initialPhone={reset.phone}
          onSignedIn={signedIn}
          onRegister={() => go('registration')}
          onForgot={() => go('reset-phone')}
        />
      );
      break;
    case 'registration':
      body = (
        <RegistrationStep
          {...steps}
          onRegistered={(value) => {
            setRegistration(value);
            go('verification');
          }}
        />
      );
      break;
    case 'verification':
      body = <VerificationStep {...steps} registration={registration} onSignedIn={signedIn} />;
      break;
    case 'reset-phone':
      body = (
        <ResetPhoneStep
          {...steps}
          onRequested={(phone, codeSent) => {
            setReset({ phone, secretKey: '', codeSent });
            go('reset-code');
          }}
        />
      );
      break;
    case 'reset-code':
      body = (
        <ResetCodeStep
          {...steps}
          phone={reset.phone}
          codeSent={reset.codeSent}
          onVerified={(secretKey) => {
            setReset((r) => ({ ...r, secretKey }));
            go('reset-password');
          }}
        />
      );
      break;
    case 'reset-password':
      body = <ResetPasswordStep {...steps} reset={reset} onDone={() => go('reset-success')} />;
      break;
    case 'reset-success':
      body = (
        <div className={styles.body} data-reset-success="">
          <span className={`${styles.icon} ${styles.iconSuccess}`}>
            <CheckIcon size={32} />
          </span>
          <p className={styles.successTitle} role="status">
            {MESSAGES.passwordChanged}
          </p>
          <p className={styles.muted}>Войдите с новым паролем.</p>
          <Button block size="lg" onClick={() => go('authorization')} data-autofocus="">
            Войти
          </Button>
        </div>
      );
      break;
  }

  return (
    <QueryIsland>
      <Modal open onClose={closeModal} title={TITLES[step]} size="sm" name="login" closeDisabled={busy}>
        <div className={styles.step} data-login-step={step} key={step}>
          {body}
          {step === 'authorization' || step === 'reset-success' ? null : (
            <p className={styles.back}>
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => go('authorization')}
                disabled={busy}
              >
                Авторизация
              </button>
            </p>
          )}
        </div>
      </Modal>
    </QueryIsland>
  );
}
