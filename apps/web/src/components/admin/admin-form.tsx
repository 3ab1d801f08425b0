import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { AdminCallError } from './admin-query';
import adminStyles from './admin.module.css';

// The back office's form pieces: a labelled field with its error under it, and the API's per-field errors put on
// the form's fields (the contract's error shape: `errors: { field: [message] }`, plus `detail` for the whole form).

/** A label wrapping its control, with the field's error under it; `wide` spans the whole row of a form grid. */
export function AdminField({
  label,
  error,
  wide,
  children,
}: {
  label: string;
  error?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={`${adminStyles.control} ${wide ? adminStyles.wide : ''}`}>
      {label}
      {children}
      {error ? <span className={adminStyles.fieldError}>{error}</span> : null}
    </label>
  );
}

/**
 * Puts an API refusal on the form: each field's first message on that field, or the whole message on the form
 * (`root`) when it names no field. Anything but a refusal of the API (a bug, not the user's input) is thrown on.
 */
export function placeServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!(error instanceof AdminCallError)) throw error;
  let placed = false;
  for (const [field, messages] of Object.entries(error.body?.errors ?? {})) {
    if (field === 'detail' || field === 'non_field_errors') continue;
    const message = Array.isArray(messages) ? messages[0] : messages;
    if (message) {
      setError(field as Path<T>, { message });
      placed = true;
    }
  }
  if (!placed) setError('root', { message: error.message });
}
