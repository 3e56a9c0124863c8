import { z } from "zod";
import { ERROR_CODES } from "../errors";

export const ErrorCodeSchema = z.enum(ERROR_CODES);

export const ApiErrorBodySchema = z
  .object({
    error: z.object({
      code: ErrorCodeSchema,
      message: z.string(),
      reason: z.string().optional(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: "ApiError" });
