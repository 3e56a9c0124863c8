import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CAMPAIGN_VALUE_MAX_LENGTH } from "../constants";
import { cleanCampaignValue, parseCampaignParams } from "./campaign";

const NOW = new Date("2026-11-21T12:00:00.000Z");

describe("campaign parameters", () => {
  it("reads utm_ names and plain names, utm_ first", () => {
    const cookie = parseCampaignParams(
      new URLSearchParams("utm_source=news&source=ignored&medium=email&utm_campaign=launch&term=books"),
      NOW,
    );
    expect(cookie).toEqual({
      source: "news",
      medium: "email",
      campaign: "launch",
      term: "books",
      capturedAt: "2026-11-21T12:00:00.000Z",
      expiresAt: "2026-12-21T12:00:00.000Z",
    });
  });

  it("needs both source and medium", () => {
    expect(parseCampaignParams(new URLSearchParams("utm_source=news"), NOW)).toBeUndefined();
    expect(parseCampaignParams(new URLSearchParams("utm_medium=email"), NOW)).toBeUndefined();
    expect(parseCampaignParams(new URLSearchParams("utm_source=%20%20&utm_medium=email"), NOW)).toBeUndefined();
  });

  it("drops values over 100 characters instead of cutting them", () => {
    const long = "a".repeat(CAMPAIGN_VALUE_MAX_LENGTH + 1);
    expect(cleanCampaignValue(long)).toBeUndefined();
    expect(cleanCampaignValue("a".repeat(CAMPAIGN_VALUE_MAX_LENGTH))).toHaveLength(CAMPAIGN_VALUE_MAX_LENGTH);
    expect(parseCampaignParams(new URLSearchParams(`utm_source=${long}&utm_medium=email`), NOW)).toBeUndefined();
  });

  it("keeps only letters, digits, dash, underscore, plus and dot", () => {
    expect(cleanCampaignValue("spring <sale> 2026!")).toBe("springsale2026");
    expect(cleanCampaignValue("a-b_c+d.e")).toBe("a-b_c+d.e");
    fc.assert(
      fc.property(fc.string({ maxLength: CAMPAIGN_VALUE_MAX_LENGTH }), (raw) => {
        const cleaned = cleanCampaignValue(raw);
        if (cleaned !== undefined) expect(cleaned).toMatch(/^[A-Za-z0-9\-_+.]+$/);
      }),
    );
  });
});
