import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { CountryCodeSchema, CurrencyCodeSchema, DETECTION_CONFIDENCES } from "../domain/location";
import { defineContract } from "./define-contract";

/** The country guessed from the caller's IP (medium confidence), or the fallback country (low) when it is unknown. */
export const LocaleGuessSchema = z
  .object({
    country: CountryCodeSchema,
    currency: CurrencyCodeSchema,
    confidence: z.enum(DETECTION_CONFIDENCES),
    source: z.enum(["ip", "default"]),
  })
  .meta({ id: "LocaleGuess" });
export type LocaleGuess = z.infer<typeof LocaleGuessSchema>;

export const localeContract = defineContract({
  "locale.get": {
    method: "GET",
    path: P["locale.get"],
    response: LocaleGuessSchema,
    errors: [429],
  },
});
