import { z } from "zod";
import { TimestampSchema } from "./common";

export const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/);
export const CurrencyCodeSchema = z.string().regex(/^[A-Z]{3}$/);

export const DETECTION_CONFIDENCES = ["high", "medium", "low"] as const;
export const DETECTION_SOURCES = ["cache", "ip", "default"] as const;

export const DetectionResultSchema = z
  .object({
    country: CountryCodeSchema,
    confidence: z.enum(DETECTION_CONFIDENCES),
    source: z.enum(DETECTION_SOURCES),
    timestamp: TimestampSchema,
  })
  .meta({ id: "DetectionResult" });
export type DetectionResult = z.infer<typeof DetectionResultSchema>;

export const CachedLocationSchema = z.object({
  country: CountryCodeSchema,
  timestamp: TimestampSchema,
  source: z.enum(DETECTION_SOURCES),
});
export type CachedLocation = z.infer<typeof CachedLocationSchema>;

export const LocationStateSchema = z
  .object({
    country: CountryCodeSchema,
    currency: CurrencyCodeSchema,
    isDetecting: z.boolean(),
    lastDetection: DetectionResultSchema.nullable(),
    manualCountry: CountryCodeSchema.nullable(),
    manualCurrency: CurrencyCodeSchema.nullable(),
  })
  .meta({ id: "LocationState" });
export type LocationState = z.infer<typeof LocationStateSchema>;
