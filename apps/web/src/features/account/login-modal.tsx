'use client';

import {
  API_ROUTES,
  applyMask,
  errorBody,
  loginRequest,
  MASKS,
  maskPhone,
  MESSAGES,
  normalizePhone,
  passwordResetSetRequest,
  passwordResetStartRequest,
  passwordResetVerifyRequest,
  registerRequest,
  registerVerifyRequest,
  type AuthMethod,
  type ErrorBody,
} from '@podbor/contract';
import { useRouter } from 'next/navigation';
import { useEffect, useState, useTransition, type FormEvent, type ReactNode } from 'react';
import { useShell } from '@/components/shell/shell-context';
import { Button, buttonClass } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { CheckIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { ResendButton } from '@/components/ui/resend-button';
import { browserApi } from '@/lib/api/browser';
import { setLoginPending } from '@/lib/login-pending';
import { hasErrors, serverErrors, validate, type FormErrors } from '@/lib/form-errors';
import {
  LOGIN_ROUTES,
  REGISTER_ROUTES,
  RESET_CODE_ROUTES,
  RESET_PHONE_ROUTES,
  RESET_SET_ROUTES,
  VERIFY_ROUTES,
} from './error-routes';
import styles from './account.module.css';

/** SPEC §2 modal 2: the seven steps of the sign-in dialog. */
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

const METHOD_LABELS: Record<string, string> = { yandex: 'Войти с Яндекс ID' };

const PHONE_PLACEHOLDER = '+7 (___) ___-__-__';
const maskCode = (raw: string) => applyMask(MASKS.code, raw);
const phoneOut = (value: string) => normalizePhone(value) ?? value;

/** Phone and password held between registration and its confirmation (SPEC §3 authentication state). */
interface Registration {
  phone: string;
  password: string;
}
/** Phone and the verified reset key (`secret_key`) held between the reset steps. */
interface Reset {
  phone: string;
  secretKey: string;
}

/**
 * The dialog is mounted only while open (app/shell-modals.tsx), so closing it — or signing in or out, which
 * closes it — always brings the next opening back to the authorization step with empty forms.
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

  const go = (next: LoginStep) => setStep(next);
  const back =
    step === 'authorization' ? null : (
      <p className={styles.back}>
        <button type="button" className={styles.linkButton} onClick={() => go('authorization')} disabled={busy}>
          Авторизация
        </button>
      </p>
    );

  let body: ReactNode;
  switch (step) {
    case 'authorization':
      body = (
        <AuthorizationStep
          initialPhone={reset.phone}
          busy={busy}
          setBusy={setBusy}
          onSignedIn={signedIn}
          onRegister={() => go('registration')}
          onForgot={() => go('reset-phone')}
        />
      );
      break;
    case 'registration':
      body = (
        <RegistrationStep
          busy={busy}
          setBusy={setBusy}
          onRegistered={(value) => {
            setRegistration(value);
            go('verification');
          }}
        />
      );
      break;
    case 'verification':
      body = <VerificationStep registration={registration} busy={busy} setBusy={setBusy} onSignedIn={signedIn} />;
      break;
    case 'reset-phone':
      body = (
        <ResetPhoneStep
          busy={busy}
          setBusy={setBusy}
          onRequested={(phone) => {
            setReset({ phone, secretKey: '' });
            go('reset-code');
          }}
        />
      );
      break;
    case 'reset-code':
      body = (
        <ResetCodeStep
          phone={reset.phone}
          busy={busy}
          setBusy={setBusy}
          onVerified={(secretKey) => {
            setReset((r) => ({ ...r, secretKey }));
            go('reset-password');
          }}
        />
      );
      break;
    case 'reset-password':
      body = <ResetPasswordStep reset={reset} busy={busy} setBusy={setBusy} onDone={() => go('reset-success')} />;
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
    <Modal open onClose={closeModal} title={TITLES[step]} size="sm" name="login" closeDisabled={busy}>
      <div className={styles.step} data-login-step={step} key={step}>
        {body}
        {step !== 'reset-success' ? back : null}
      </div>
    </Modal>
  );
}

interface StepProps {
  busy: boolean;
  setBusy: (value: boolean) => void;
}

/** Field state of one step; switching steps remounts it, so every step starts empty. */
function useForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const set = (field: F) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] || e.general ? { ...e, [field]: undefined, general: undefined } : e));
  };
  return { values, errors, setErrors, set };
}

/** Puts focus on the first field that has an error (ids are `<prefix>-<field>`). */
function focusFirst(prefix: string, order: readonly string[], errors: FormErrors<string>) {
  const first = order.find((f) => errors[f]);
  if (first) document.getElementById(`${prefix}-${first}`)?.focus();
}

/**
 * Sign-in call; raises the "login in progress" flag the header's user button honours. Not through browserApi's
 * response schema: the /api proxy turns the token pair into HttpOnly cookies and the page gets only a status.
 */
async function signIn(phone: string, password: string): Promise<{ ok: true } | { ok: false; error: ErrorBody | null }> {
  setLoginPending(true);
  try {
    const res = await fetch(API_ROUTES.login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: phone, password }),
      credentials: 'same-origin',
    });
    if (res.ok) return { ok: true };
    const parsed = errorBody.safeParse(await res.json().catch(() => null));
    return { ok: false, error: parsed.success ? parsed.data : null };
  } catch {
    return { ok: false, error: null };
  } finally {
    setLoginPending(false);
  }
}

function GeneralError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className={styles.formError} data-general-error="">
      {message}
    </p>
  ) : null;
}

function PhoneField(props: {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      id={props.id}
      label="Телефон"
      value={props.value}
      onValueChange={props.onValueChange}
      mask={maskPhone}
      error={props.error}
      required
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={PHONE_PLACEHOLDER}
      maxLength={18}
      data-autofocus={props.autoFocus ? '' : undefined}
    />
  );
}

function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
  hint?: string;
}) {
  return (
    <TextField
      id={props.id}
      label={props.label}
      value={props.value}
      onValueChange={props.onValueChange}
      error={props.error}
      hint={props.hint}
      required
      type="password"
      autoComplete={props.autoComplete}
      maxLength={128}
      data-autofocus={props.autoFocus ? '' : undefined}
    />
  );
}

function CodeField(props: {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  return (
    <TextField
      id={props.id}
      label={props.label}
      value={props.value}
      onValueChange={props.onValueChange}
      mask={maskCode}
      error={props.error}
      hint={props.hint}
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="____"
      maxLength={4}
      className={styles.codeField}
      data-autofocus=""
    />
  );
}

/** Focuses the step's first field when the step changes inside an open dialog. */
function useStepFocus() {
  useEffect(() => {
    const dialog = document.querySelector<HTMLElement>('[data-modal="login"]');
    const target = dialog?.querySelector<HTMLElement>('[data-login-step] [data-autofocus]');
    target?.focus({ preventScroll: true });
  }, []);
}

function AuthorizationStep({
  initialPhone,
  busy,
  setBusy,
  onSignedIn,
  onRegister,
  onForgot,
}: StepProps & { initialPhone: string; onSignedIn: () => void; onRegister: () => void; onForgot: () => void }) {
  const form = useForm({ phone: initialPhone ? maskPhone(initialPhone) : '', password: '' });
  const [methods, setMethods] = useState<AuthMethod[]>([]);
  useStepFocus();

  useEffect(() => {
    const controller = new AbortController();
    void browserApi('authMethods', { signal: controller.signal }).then((result) => {
      if (result.ok) setMethods(result.data);
    });
    return () => controller.abort();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const { phone, password } = form.values;
    const found = validate(loginRequest, { phone_number: phone, password }, { phone_number: 'phone', password: 'password' });
    if (hasErrors(found)) {
      form.setErrors(found);
      focusFirst('login', ['phone', 'password'], found);
      return;
    }
    setBusy(true);
    const result = await signIn(phoneOut(phone), password);
    setBusy(false);
    if (result.ok) {
      onSignedIn();
      return;
    }
    const errors = serverErrors(result.error, LOGIN_ROUTES);
    form.setErrors(errors);
    focusFirst('login', ['phone', 'password'], errors);
  };

  return (
    <>
      <form noValidate onSubmit={submit} className={styles.form} data-form="authorization">
        <p className={styles.lead}>Войдите по номеру телефона и паролю, чтобы видеть историю заказов и сохранённый автомобиль.</p>
        <PhoneField id="login-phone" value={form.values.phone} onValueChange={form.set('phone')} error={form.errors.phone} autoFocus />
        <PasswordField
          id="login-password"
          label="Пароль"
          value={form.values.password}
          onValueChange={form.set('password')}
          error={form.errors.password}
          autoComplete="current-password"
        />
        <p className={styles.forgot}>
          <button type="button" className={styles.linkButton} onClick={onForgot} disabled={busy}>
            Забыли пароль?
          </button>
        </p>
        <Button type="submit" size="lg" block loading={busy} data-login-submit="">
          Войти
        </Button>
        <GeneralError message={form.errors.general} />
      </form>
      {methods.length > 0 ? (
        <div className={styles.methods}>
          <p className={styles.divider}>
            <span>или</span>
          </p>
          {methods.map((m) => (
            <a
              key={m.method}
              href={`/api/session/oauth/${encodeURIComponent(m.method)}?next=${encodeURIComponent(currentPath())}`}
              className={buttonClass('secondary', 'lg', true, styles.methodButton)}
              data-auth-method={m.method}
            >
              {m.method === 'yandex' ? <span className={styles.yandexMark} aria-hidden="true">Я</span> : null}
              {METHOD_LABELS[m.method] ?? `Войти через ${m.method}`}
            </a>
          ))}
        </div>
      ) : null}
      <p className={styles.switch}>
        Нет учётной записи?{' '}
        <button type="button" className={styles.linkButton} onClick={onRegister} disabled={busy} data-to-registration="">
          Зарегистрироваться
        </button>
      </p>
    </>
  );
}

function currentPath(): string {
  return typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
}

function RegistrationStep({ busy, setBusy, onRegistered }: StepProps & { onRegistered: (value: Registration) => void }) {
  const form = useForm({ phone: '', password: '', password2: '' });
  useStepFocus();
  const order = ['phone', 'password', 'password2'] as const;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const { phone, password, password2 } = form.values;
    const found = validate(
      registerRequest,
      { phone_number: phone, password, password2 },
      { phone_number: 'phone', password: 'password', password2: 'password2' },
    );
    if (hasErrors(found)) {
      form.setErrors(found);
      focusFirst('register', order, found);
      return;
    }
    setBusy(true);
    const result = await browserApi('register', { body: { phone_number: phoneOut(phone), password, password2 } });
    setBusy(false);
    if (result.ok) {
      onRegistered({ phone: phoneOut(phone), password });
      return;
    }
    const errors = serverErrors(result.error, REGISTER_ROUTES);
    form.setErrors(errors);
    focusFirst('register', order, errors);
  };

  return (
    <form noValidate onSubmit={submit} className={styles.form} data-form="registration">
      <p className={styles.lead}>Мы отправим SMS с кодом, чтобы подтвердить номер.</p>
      <PhoneField id="register-phone" value={form.values.phone} onValueChange={form.set('phone')} error={form.errors.phone} autoFocus />
      <PasswordField
        id="register-password"
        label="Пароль"
        value={form.values.password}
        onValueChange={form.set('password')}
        error={form.errors.password}
        hint="Не меньше 8 символов"
        autoComplete="new-password"
      />
      <PasswordField
        id="register-password2"
        label="Повторите пароль"
        value={form.values.password2}
        onValueChange={form.set('password2')}
        error={form.errors.password2}
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" block loading={busy} data-register-submit="">
        Зарегистрироваться
      </Button>
      <GeneralError message={form.errors.general} />
    </form>
  );
}

function VerificationStep({
  registration,
  busy,
  setBusy,
  onSignedIn,
}: StepProps & { registration: Registration; onSignedIn: () => void }) {
  const form = useForm({ code: '' });
  useStepFocus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate(registerVerifyRequest, { phone_number: registration.phone, code: form.values.code }, { code: 'code' });
    if (hasErrors(found)) {
      form.setErrors(found);
      focusFirst('verify', ['code'], found);
      return;
    }
    setBusy(true);
    const result = await browserApi('registerVerify', { body: { phone_number: registration.phone, code: form.values.code } });
    if (!result.ok) {
      setBusy(false);
      const errors = serverErrors(result.error, VERIFY_ROUTES);
      form.setErrors(errors);
      focusFirst('verify', ['code'], errors);
      return;
    }
    // SPEC §4: confirmed — sign in automatically with the phone and password kept from registration.
    await signIn(registration.phone, registration.password);
    setBusy(false);
    onSignedIn();
  };

  return (
    <form noValidate onSubmit={submit} className={styles.form} data-form="verification">
      <p className={styles.lead}>
        Мы отправили SMS с кодом на номер <strong className={styles.nowrap}>{maskPhone(registration.phone)}</strong>.
      </p>
      <CodeField id="verify-code" label="Код из SMS" value={form.values.code} onValueChange={form.set('code')} error={form.errors.code} />
      <Button type="submit" size="lg" block loading={busy} data-verify-submit="">
        Подтвердить
      </Button>
      <GeneralError message={form.errors.general} />
      <ResendButton send={() => browserApi('registerRetry', { body: { phone_number: registration.phone } })} />
    </form>
  );
}

function ResetPhoneStep({ busy, setBusy, onRequested }: StepProps & { onRequested: (phone: string) => void }) {
  const form = useForm({ phone: '' });
  useStepFocus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate(passwordResetStartRequest, { phone_number: form.values.phone }, { phone_number: 'phone' });
    if (hasErrors(found)) {
      form.setErrors(found);
      focusFirst('reset', ['phone'], found);
      return;
    }
    setBusy(true);
    const phone = phoneOut(form.values.phone);
    const result = await browserApi('passwordResetStart', { body: { phone_number: phone } });
    setBusy(false);
    if (result.ok) {
      onRequested(phone);
      return;
    }
    const errors = serverErrors(result.error, RESET_PHONE_ROUTES, 'phone');
    form.setErrors(errors);
    focusFirst('reset', ['phone'], errors);
  };

  return (
    <form noValidate onSubmit={submit} className={styles.form} data-form="reset-phone">
      <p className={styles.lead}>
        Укажите номер, на который зарегистрирован кабинет. Мы позвоним на него — отвечать на звонок не нужно.
      </p>
      <PhoneField id="reset-phone" value={form.values.phone} onValueChange={form.set('phone')} error={form.errors.phone} autoFocus />
      <Button type="submit" size="lg" block loading={busy} data-reset-submit="">
        Получить звонок
      </Button>
    </form>
  );
}

function ResetCodeStep({ phone, busy, setBusy, onVerified }: StepProps & { phone: string; onVerified: (secretKey: string) => void }) {
  const form = useForm({ code: '' });
  useStepFocus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate(passwordResetVerifyRequest, { phone_number: phone, code: form.values.code }, { code: 'code' });
    if (hasErrors(found)) {
      form.setErrors(found);
      focusFirst('reset', ['code'], found);
      return;
    }
    setBusy(true);
    const result = await browserApi('passwordResetVerify', { body: { phone_number: phone, code: form.values.code } });
    setBusy(false);
    if (result.ok) {
      onVerified(result.data.secret_key);
      return;
    }
    const errors = serverErrors(result.error, RESET_CODE_ROUTES, 'code');
    form.setErrors(errors);
    focusFirst('reset', ['code'], errors);
  };

  return (
    <form noValidate onSubmit={submit} className={styles.form} data-form="reset-code">
      <p className={styles.lead}>
        Сейчас на номер <strong className={styles.nowrap}>{maskPhone(phone)}</strong> поступит звонок.
      </p>
      <CodeField
        id="reset-code"
        label="Введите последние 4 цифры номера, с которого поступил звонок"
        value={form.values.code}
        onValueChange={form.set('code')}
        error={form.errors.code}
      />
      <Button type="submit" size="lg" block loading={busy} data-reset-code-submit="">
        Продолжить
      </Button>
      <ResendButton send={() => browserApi('passwordResetStart', { body: { phone_number: phone } })} />
    </form>
  );
}

function ResetPasswordStep({ reset, busy, setBusy, onDone }: StepProps & { reset: Reset; onDone: () => void }) {
  const form = useForm({ password: '', password2: '' });
  useStepFocus();
  const order = ['password', 'password2'] as const;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const { password, password2 } = form.values;
    const body = { phone_number: reset.phone, secret_key: reset.secretKey, password, password2 };
    const found = validate(passwordResetSetRequest, body, { password: 'password', password2: 'password2' });
    if (hasErrors(found)) {
      form.setErrors(found);
      focusFirst('reset', order, found);
      return;
    }
    setBusy(true);
    const result = await browserApi('passwordResetSet', { body });
    setBusy(false);
    if (result.ok) {
      onDone();
      return;
    }
    const errors = serverErrors(result.error, RESET_SET_ROUTES, 'password');
    form.setErrors(errors);
    focusFirst('reset', order, errors);
  };

  return (
    <form noValidate onSubmit={submit} className={styles.form} data-form="reset-password">
      <p className={styles.lead}>Придумайте новый пароль для входа.</p>
      <PasswordField
        id="reset-password"
        label="Новый пароль"
        value={form.values.password}
        onValueChange={form.set('password')}
        error={form.errors.password}
        hint="Не меньше 8 символов"
        autoComplete="new-password"
        autoFocus
      />
      <PasswordField
        id="reset-password2"
        label="Повторите пароль"
        value={form.values.password2}
        onValueChange={form.set('password2')}
        error={form.errors.password2}
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" block loading={busy} data-reset-password-submit="">
        Сохранить пароль
      </Button>
    </form>
  );
}
