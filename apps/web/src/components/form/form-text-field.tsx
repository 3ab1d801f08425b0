'use client';

import type { ComponentProps } from 'react';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { TextArea, TextField } from '@/components/ui/field';

// TextField / TextArea bound to a react-hook-form field. Typing clears that field's error and the form-level
// one (the form is checked again on submit, not while typing), as the shop's forms have always behaved.

type Bound<V extends FieldValues> = { form: UseFormReturn<V>; name: Path<V> };

/** A field's value, change handler (clearing its error and the form-level one), ref and error message. */
export function useFormField<V extends FieldValues>({ form, name }: Bound<V>) {
  const { field, fieldState } = useController({ control: form.control, name });
  return {
    ref: field.ref,
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onBlur: field.onBlur,
    onValueChange: (value: string) => {
      field.onChange(value);
      if (fieldState.error) form.clearErrors(name);
      if (form.formState.errors.root) form.clearErrors('root');
    },
    error: fieldState.error?.message,
  };
}

type Rest<P> = Omit<P, 'value' | 'onValueChange' | 'error' | 'name' | 'form'>;

export function FormTextField<V extends FieldValues>({
  form,
  name,
  errorFallback,
  ...props
}: Bound<V> &
  Rest<ComponentProps<typeof TextField>> & {
    /** Shown when the field itself has no error (a server error of a request field without its own input). */
    errorFallback?: string;
  }) {
  const bound = useFormField({ form, name });
  return <TextField {...props} {...bound} error={bound.error ?? errorFallback} />;
}

export function FormTextArea<V extends FieldValues>({
  form,
  name,
  ...props
}: Bound<V> & Rest<ComponentProps<typeof TextArea>>) {
  return <TextArea {...props} {...useFormField({ form, name })} />;
}
