import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { CurrencyCodeSchema } from "../domain/location";
import { pageSchema } from "../pagination";
import { CursorQuerySchema } from "./catalog.contract";
import { defineContract } from "./define-contract";

/** Exchange rates older than this many days are shown with their date as a warning. */
export const PLUS_RATES_STALE_DAYS = 30;

export const PlusQuerySchema = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(CurrencyCodeSchema.describe("A three-letter currency code such as EUR."))
    .optional(),
});

const PlanPricesSchema = z.object({ monthly: z.number(), yearly: z.number() });

/**
 * The Quire Plus prices in USD, and in `currency`: the one asked for when the rates table has it, else USD
 * (then `missingRate` is true). `rates` is the whole table (units of each currency per USD) of `ratesDate`.
 */
export const PlusPricingSchema = z
  .object({
    usd: PlanPricesSchema,
    currency: CurrencyCodeSchema,
    prices: PlanPricesSchema,
    missingRate: z.boolean(),
    ratesDate: z.string(),
    stale: z.boolean(),
    rates: z.record(z.string(), z.number()),
  })
  .meta({ id: "PlusPricing" });
export type PlusPricing = z.infer<typeof PlusPricingSchema>;

export const BetaSignupSchema = z
  .object({ id: z.string(), username: z.string(), email: z.string(), joinedAt: z.string() })
  .meta({ id: "BetaSignup" });
export type BetaSignup = z.infer<typeof BetaSignupSchema>;

export const BETA_SIGNUPS_PAGE_SIZE = 50;

export const plusContract = defineContract({
  "plus.get": {
    method: "GET",
    path: P["plus.get"],
    querystring: PlusQuerySchema,
    response: PlusPricingSchema,
    errors: [400],
  },
  "admin.betaSignups": {
    method: "GET",
    path: P["admin.betaSignups"],
    querystring: CursorQuerySchema,
    response: pageSchema(BetaSignupSchema).meta({ id: "BetaSignupPage" }),
    errors: [400, 401, 403],
  },
});
