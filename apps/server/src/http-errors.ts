import { ApiErrorBodySchema, AppError } from "@quire/core";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/**
 * The one place where failures become HTTP: status from the code, body in the one wire shape.
 * Unknown routes are answered by the web feature, which tells pages from API calls.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.isReportable) request.log.error({ err: error }, appError.message);
    const retryAfter = (appError.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
    if (retryAfter !== undefined) reply.header("retry-after", String(retryAfter));
    return reply.status(appError.httpStatus).send(appError.toBody());
  });
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, "").replace(/\//g, "."),
      message: issue.message,
    }));
    const first = details[0];
    const where = error.validationContext ?? "request";
    const message = first
      ? `Invalid ${where}: ${first.path ? `${first.path}: ` : ""}${first.message}`
      : "Invalid request";
    return new AppError("invalid-argument", message, { details });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return AppError.of("tooManyRequests");
  if (status === 413) return new AppError("invalid-argument", "The request body is too large.");
  if (status === 415) return new AppError("invalid-argument", "Unsupported content type.");
  if (status >= 400 && status < 500) return new AppError("invalid-argument", error.message);
  return AppError.of("internal", { cause: error });
}

/** The error answers an account route may give, all in the one error shape, for its OpenAPI responses. */
export const ACCOUNT_ERROR_RESPONSES = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
  412: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
  503: ApiErrorBodySchema,
};
