'use client';

import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextArea, FormTextField } from '@/components/form/form-text-field';
import { Button } from '@/components/ui/button';
import { applyServerErrors, formError } from '@/lib/form-errors';
import { requestResolver } from '@/lib/form-resolver';
import type { AdminCallError } from './admin-query';
import styles from './admin.module.css';

interface Values {
  text: string;
}

/**
 * A one-field back-office form (a note, a reason to hide or block, a reply): react-hook-form checked by the
 * contract's request schema, so the same rules and Russian messages as the API; the API's own refusal is shown
 * under the field.
 */
export function TextActionForm({
  schema,
  field,
  label,
  submitLabel,
  initial = '',
  multiline = false,
  maxLength,
  allowEmpty = false,
  onSubmit,
  onCancel,
  id,
}: {
  schema: z.ZodType;
  /** The request's field name (`note`, `reason`, `text`). */
  field: string;
  label: string;
  submitLabel: string;
  initial?: string;
  multiline?: boolean;
  maxLength: number;
  /** Empty is a valid answer (removes a reply, clears a note). */
  allowEmpty?: boolean;
  onSubmit: (value: string) => Promise<unknown>;
  onCancel?: () => void;
  id: string;
}) {
  const form = useForm<Values>({
    mode: 'onSubmit',
    resolver: requestResolver<Values>(schema, (v) => ({ [field]: v.text }), { [field]: 'text' }),
    defaultValues: { text: initial },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values.text);
    } catch (error) {
      const body = (error as AdminCallError).body ?? null;
      applyServerErrors(
        form,
        body,
        { [field]: 'text', detail: 'general' },
        {
          fallbackMessage: (error as Error).message,
        },
      );
    }
  });
  const general = formError(form);
  const common = {
    form,
    name: 'text' as const,
    id,
    label,
    maxLength,
    required: !allowEmpty,
  };
  return (
    <form noValidate onSubmit={submit} className={styles.inlineForm}>
      {multiline ? <FormTextArea {...common} rows={3} /> : <FormTextField {...common} />}
      <div className={styles.inlineActions}>
        <Button type="submit" size="sm" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Отмена
          </Button>
        ) : null}
      </div>
      {general ? (
        <p role="alert" className={styles.formError}>
          {general}
        </p>
      ) : null}
    </form>
  );
}
