import { z } from "zod";
import { TimestampSchema } from "./common";

export const CampaignCookieSchema = z
  .object({
    source: z.string(),
    medium: z.string(),
    content: z.string().optional(),
    campaign: z.string().optional(),
    term: z.string().optional(),
    capturedAt: TimestampSchema,
    expiresAt: TimestampSchema,
  })
  .meta({ id: "CampaignCookie" });
export type CampaignCookie = z.infer<typeof CampaignCookieSchema>;
