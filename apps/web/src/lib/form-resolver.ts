import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form resolver from a contract request schema (zodResolver: the API's own rules and Russian
 * messages) for a form whose fields are named differently from the request (`phone` ↔ `phone_number`) or that
 * sends values kept outside the form (the phone number between the sign-in steps). `toRequest` builds the
 * request from the form's values; `fields` names the form field of each request field. Problems with request
 * fields the form does not show are not the visitor's to fix and are left to the server.
 */
export function requestResolver<V extends FieldValues>(
  schema: z.ZodType,
  toRequest: (values: V) => Record<string, unknown>,
  fields: Readonly<Record<string, keyof V & string>>,
): Resolver<V> {
  const resolve = zodResolver(schema as z.ZodType<FieldValues, FieldValues>, undefined, { raw: true });
  return async (values, context, options) => {
    const result = await resolve(toRequest(values), context, { ...options, fields: {}, names: undefined });
    const errors: Record<string, FieldError> = {};
    for (const [key, error] of Object.entries(result.errors)) {
      const field = fields[key];
      if (field && error && !errors[field]) errors[field] = error as FieldError;
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<V> }
      : { values, errors: {} };
  };
}
