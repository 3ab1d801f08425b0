import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A resolver fetched with the first submit: forms of a page's first load (the profile's password card) keep the
 * contract's zod schemas out of it until the visitor actually submits.
 */
export function lazyResolver<V extends FieldValues>(load: () => Promise<Resolver<V>>): Resolver<V> {
  let loaded: Promise<Resolver<V>> | undefined;
  return async (values, context, options) => (await (loaded ??= load()))(values, context, options);
}
