import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  API_ROUTES,
  errorBody,
  toFastifyPath,
  type ApiRouteDef,
  type ApiRouteName,
  type RouteAuth,
} from '@podbor/contract';
import type { z } from 'zod';
import { replicaReads } from '../db/replicas';
import { requireStaff } from './staff';

// Every route of the API is registered through `route()` from its entry in the contract's `API_ROUTES`: the
// entry gives method, path, schemas, auth level and OpenAPI text, the route file gives only the handler. The
// route-table test (test/route-table.test.ts) checks that nothing is registered any other way. The `staff` level
// is enforced here, for every such route, before its body is read: a back-office handler cannot forget it.

type Def<N extends ApiRouteName> = (typeof API_ROUTES)[N];
type Part<D, K extends string> = D extends { readonly [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** The request of a contract route, typed from the entry's schemas (as validated, i.e. their output types). */
export type ContractRequest<N extends ApiRouteName> = FastifyRequest<{
  Params: Part<Def<N>, 'params'>;
  Querystring: Part<Def<N>, 'query'>;
  Body: Part<Def<N>, 'body'>;
  Headers: Part<Def<N>, 'headers'>;
}>;

/** What a handler returns: the success body (serialised through the entry's response schema) or a sent reply. */
export type ContractResult<N extends ApiRouteName> = z.input<Def<N>['response']> | FastifyReply;

export type ContractHandler<N extends ApiRouteName> = (
  request: ContractRequest<N>,
  reply: FastifyReply,
) => Promise<ContractResult<N>> | ContractResult<N>;

export interface RouteOptions {
  /** Runs after validation, before the handler (e.g. a rate limit shared by several routes). */
  preHandler?: preHandlerAsyncHookHandler;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The `API_ROUTES` entry this route was registered from. */
    routeName?: ApiRouteName;
    /** Its auth level: `public` routes do not read the Authorization header at all. */
    auth?: RouteAuth;
  }
}

const SECURITY: Record<RouteAuth, { [scheme: string]: string[] }[] | undefined> = {
  public: undefined,
  optional: [{}, { bearer: [] }, { visitor: [] }],
  session: [{ bearer: [] }, { visitor: [] }],
  user: [{ bearer: [] }],
  staff: [{ bearer: [] }],
};

/** Registers the contract route `name` on `app` with `handler`. */
export function route<N extends ApiRouteName>(
  app: FastifyInstance,
  name: N,
  handler: ContractHandler<N>,
  options: RouteOptions = {},
): void {
  const def: ApiRouteDef = API_ROUTES[name];
  const response: Record<number, z.ZodType> = { [def.successStatus ?? 200]: def.response };
  for (const status of def.otherSuccessStatuses ?? []) response[status] = def.response;
  for (const status of def.errors ?? []) response[status] = errorBody;
  app.route({
    method: def.method,
    url: toFastifyPath(def.path),
    schema: {
      ...(def.tags ? { tags: [...def.tags] } : {}),
      ...(def.summary ? { summary: def.summary } : {}),
      ...(def.description ? { description: def.description } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.headers ? { headers: def.headers } : {}),
      ...(SECURITY[def.auth] ? { security: SECURITY[def.auth] } : {}),
      ...(def.internal ? { hide: true } : {}),
      response,
    },
    config: { routeName: name, auth: def.auth },
    // Route-level onRequest runs after the auth context (an app-wide onRequest hook) has read the token.
    ...(def.auth === 'staff'
      ? {
          onRequest: async (request: FastifyRequest) => {
            await requireStaff(app.db, request, def.staffRoles);
          },
        }
      : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    // The typed handler's request is this route's FastifyRequest narrowed by its schemas, which Fastify
    // guarantees by validating before the handler runs.
    // Public catalogue reads chosen for a replica (lib/read-routing.ts) run in the replica context: their pool
    // queries may go to a replica (db/replicas.ts); everything else reads the primary.
    handler: ((request: FastifyRequest, reply: FastifyReply) =>
      request.readFromReplica
        ? replicaReads.run(true, () => handler(request as never, reply))
        : handler(request as never, reply)) as (
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>,
  });
}
