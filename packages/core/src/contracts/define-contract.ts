import type { z } from "zod";

/** The statuses a route refuses with; every one answers the one error body (`ApiErrorBodySchema`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 429 | 500 | 503;

export interface ContractEntry {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly path: string;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  readonly response?: z.ZodType;
  /** The success status when it is not 200; 202 and 204 answer without a body. */
  readonly status?: 201 | 202 | 204;
  readonly errors?: readonly ErrorStatus[];
  /** Request content types other than JSON, for OpenAPI. */
  readonly consumes?: readonly string[];
}

export type Contract<T extends Record<string, ContractEntry>> = {
  readonly [K in keyof T & string]: T[K] & { readonly operationId: K };
};

/**
 * A feature's operations, each named by its key (`resource.verb`): the route, its OpenAPI operation
 * id, logs and the web client share that one name, written once.
 */
export function defineContract<const T extends Record<string, ContractEntry>>(entries: T): Contract<T> {
  return Object.fromEntries(
    Object.entries(entries).map(([operationId, entry]) => [operationId, { ...entry, operationId }]),
  ) as Contract<T>;
}
