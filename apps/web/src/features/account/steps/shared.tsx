'use client';

import { PASSWORD_MAX_LENGTH } from '@podbor/contract/constants';
import { API_ROUTES, errorBody, maskCode, maskPhone, normalizePhone, type ErrorBody } from '@podbor/contract';
import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { setLoginPending } from '@/lib/login-pending';
import styles from '../account.module.css';

// Pieces every step of the sign-in dialog uses.

export interface StepProps {
  busy: boolean;
  setBusy: (value: boolean) => void;
}

/** Phone and password held between registration and its confirmation (SPEC §3 authentication state). */
export interface Registration {
  phone: string;
  password: string;
  /** When the code went out and how long before another may be asked for (the resend countdown). */
  codeSent?: CodeSent;
}
/** Phone and the verified reset key (`secret_key`) held between the reset steps. */
export interface Reset {
  phone: string;
  secretKey: string;
  codeSent?: CodeSent;
}
export interface CodeSent {
  at: number;
  waitSeconds: number;
}
/** A code has just gone out: the resend countdown runs from now. */
export function codeSentNow(waitSeconds: number): CodeSent {
  return { at: Date.now(), waitSeconds };
}

const PHONE_PLACEHOLDER = '+7 (___) ___-__-__';
export const phoneOut = (value: string) => normalizePhone(value) ?? value;
export const FORM_OPTIONS = {
  mode: 'onSubmit',
  reValidateMode: 'onSubmit',
  shouldFocusError: false,
} as const;

/** Sends the step's submitting state to the dialog, which keeps close and "back" inert meanwhile. */
export function useBusy<V extends FieldValues>(form: UseFormReturn<V>, setBusy: (value: boolean) => void) {
  const submitting = form.formState.isSubmitting;
  useEffect(() => setBusy(submitting), [submitting, setBusy]);
}

/** Focuses the step's first field when the step changes inside an open dialog. */
export function useStepFocus() {
  useEffect(() => {
    const dialog = document.querySelector<HTMLElement>('[data-modal="login"]');
    const target = dialog?.querySelector<HTMLElement>('[data-login-step] [data-autofocus]');
    target?.focus({ preventScroll: true });
  }, []);
}

/**
 * Sign-in call; raises the "login in progress" flag the header's user button honours. Not through browserApi's
 * response schema: the /api proxy turns the token pair into HttpOnly cookies and the page gets only a status.
 */
export async function signIn(
  phone: string,
  password: string,
): Promise<{ ok: true } | { ok: false; error: ErrorBody | null }> {
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

export function GeneralError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className={styles.formError} data-general-error="">
      {message}
    </p>
  ) : null;
}

type Bound<V extends FieldValues> = { form: UseFormReturn<V>; name: Path<V>; id: string };

export function PhoneField<V extends FieldValues>(props: Bound<V> & { autoFocus?: boolean }) {
  return (
    <FormTextField
      form={props.form}
      name={props.name}
      id={props.id}
      label="Телефон"
      mask={maskPhone}
      required
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={PHONE_PLACEHOLDER}
      data-autofocus={props.autoFocus ? '' : undefined}
    />
  );
}

export function PasswordField<V extends FieldValues>(
  props: Bound<V> & {
    label: string;
    autoComplete: 'current-password' | 'new-password';
    autoFocus?: boolean;
    hint?: string;
  },
) {
  return (
    <FormTextField
      form={props.form}
      name={props.name}
      id={props.id}
      label={props.label}
      hint={props.hint}
      required
      type="password"
      autoComplete={props.autoComplete}
      maxLength={PASSWORD_MAX_LENGTH}
      data-autofocus={props.autoFocus ? '' : undefined}
    />
  );
}

export function CodeField<V extends FieldValues>(props: Bound<V> & { label: string; hint?: string }) {
  return (
    <FormTextField
      form={props.form}
      name={props.name}
      id={props.id}
      label={props.label}
      hint={props.hint}
      mask={maskCode}
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="____"
      className={styles.codeField}
      data-autofocus=""
    />
  );
}
