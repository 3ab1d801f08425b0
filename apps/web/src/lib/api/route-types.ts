import type { API_ROUTES, ApiRouteName } from '@podbor/contract';
import type { z } from 'zod';

// What a call of one route takes and returns, read from its entry in the contract's route table, so a web
// client cannot send a body a route does not take, miss a path parameter, or misspell a query field.

export type Route<N extends ApiRouteName> = (typeof API_ROUTES)[N];
export type ResponseOf<N extends ApiRouteName> = z.output<Route<N>['response']>;

type Schema<N extends ApiRouteName, K extends 'params' | 'query' | 'body'> =
  Route<N> extends Record<K, infer S extends z.ZodType> ? S : never;

/** Path and query values are placed into the URL as text; numbers are accepted for convenience. */
type PathParams<S extends z.ZodType> = { [K in keyof z.input<S>]: string | number };
type QueryParams<S extends z.ZodType> = { [K in keyof z.input<S>]?: z.input<S>[K] | number };
/** A body whose every field is optional may be left out (the cart is read that way). */
type BodyOption<S extends z.ZodType> =
  object extends z.input<S> ? { body?: z.input<S> } : { body: z.input<S> };

export type RequestOf<N extends ApiRouteName> = ([Schema<N, 'params'>] extends [never]
  ? { params?: never }
  : { params: PathParams<Schema<N, 'params'>> }) &
  ([Schema<N, 'query'>] extends [never] ? { query?: never } : { query?: QueryParams<Schema<N, 'query'>> }) &
  ([Schema<N, 'body'>] extends [never] ? { body?: never } : BodyOption<Schema<N, 'body'>>);

/** Options of a route that needs nothing may be left out entirely. */
export type OptionalIfEmpty<N extends ApiRouteName, O> =
  object extends RequestOf<N> ? [options?: O] : [options: O];

export function withQuery(path: string, query: object | undefined): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
