import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * `requestResolver` (lib/form-resolver) for a page whose first load should not carry zod and the contract's schemas:
 * the schema and the resolver are fetched on the form's first validation (its first submit), then reused. For
 * small forms on pages that are otherwise read-only, such as the mileage of the maintenance kit.
 */
export function lazyRequestResolver<V extends FieldValues>(
  loadSchema: () => Promise<z.ZodType>,
  toRequest: (values: V) => Record<string, unknown>,
  fields: Readonly<Record<string, keyof V & string>>,
): Resolver<V> {
  let ready: Promise<Resolver<V>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([loadSchema(), import('./form-resolver')]).then(([schema, m]) =>
      m.requestResolver<V>(schema, toRequest, fields),
    );
    return (await ready)(values, context, options);
  };
}
