import { ApiErrorBodySchema, type ContractEntry } from "@quire/core";
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

/** What a route reads from its contract entry: the entry itself, named by `defineContract`. */
export type RouteContract = ContractEntry & { readonly operationId: string };

type Field<C, K extends string> = C extends { readonly [F in K]: infer S } ? S : undefined;
type Success<C> = C extends { readonly status: infer S extends number } ? S : 200;
type ErrorStatuses<C> = C extends { readonly errors: readonly (infer S extends number)[] } ? S : never;
type SuccessResponse<C> = C extends { readonly response: infer R }
  ? { [S in Success<C>]: R }
  : C extends { readonly status: 202 | 204 }
    ? { [S in Success<C>]: typeof EMPTY }
    : unknown;

/** The Fastify schema a contract entry stands for, so request and reply are typed from its zod schemas. */
export type RouteSchema<C extends RouteContract> = {
  params: Field<C, "params">;
  querystring: C extends { readonly querystring: z.ZodType } ? Field<C, "querystring"> : Field<C, "query">;
  body: Field<C, "body">;
  headers: Field<C, "headers">;
  response: SuccessResponse<C> & { [S in ErrorStatuses<C>]: typeof ApiErrorBodySchema };
};

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Handler<C extends RouteContract> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<C>,
  ZodTypeProvider
>;

/** Everything else a route may set: rate-limit `config`, hooks, `bodyLimit`… */
export type RouteExtras<C extends RouteContract> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    RouteSchema<C>,
    ZodTypeProvider
  >,
  "schema"
>;

/** 202 and 204 answer without a body. */
const EMPTY = z.null();

/**
 * Registers the route its contract entry describes: method, path, the zod schemas that validate the
 * request and type the handler, the OpenAPI operation (id, tag, every answer) and its success status,
 * which is set before the handler runs (a 204 handler just returns).
 */
export function route<C extends RouteContract>(app: ZodApp, contract: C, handler: Handler<C>): void;
export function route<C extends RouteContract>(
  app: ZodApp,
  contract: C,
  extras: RouteExtras<C>,
  handler: Handler<C>,
): void;
export function route<C extends RouteContract>(
  app: ZodApp,
  contract: C,
  ...rest: [Handler<C>] | [RouteExtras<C>, Handler<C>]
): void {
  const [extras, typedHandler] = rest.length === 1 ? [{}, rest[0]] : rest;
  // Fastify's own types cannot follow a schema built at run time; the signatures above keep callers typed.
  const handler = typedHandler as RouteHandlerMethod;
  const { status } = contract;
  app.route({
    ...(extras as RouteShorthandOptions),
    method: contract.method,
    url: contract.path,
    schema: routeSchema(contract),
    handler: status
      ? function (request, reply) {
          reply.code(status);
          return handler.call(this, request, reply);
        }
      : handler,
  });
}

/** The schema Fastify validates with and @fastify/swagger documents; exported for its test. */
export function routeSchema(contract: RouteContract) {
  const { operationId, params, body, headers, consumes } = contract;
  const querystring = contract.querystring ?? contract.query;
  const response: Record<number, z.ZodType> = {};
  const success = contract.response ?? (contract.status === 202 || contract.status === 204 ? EMPTY : undefined);
  if (success) response[contract.status ?? 200] = success;
  for (const status of contract.errors ?? []) response[status] = ApiErrorBodySchema;
  return {
    operationId,
    tags: [operationId.split(".")[0] as string],
    ...(params && { params }),
    ...(querystring && { querystring }),
    ...(body && { body }),
    ...(headers && { headers }),
    ...(consumes && { consumes: [...consumes] }),
    ...(Object.keys(response).length > 0 && { response }),
  };
}
