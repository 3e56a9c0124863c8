import type { AnalyticsRange } from "@quire/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const adminAnalyticsKeys = {
  summary: (range: AnalyticsRange) => ["admin-analytics", "summary", range.from, range.to] as const,
};

/** The summary for a range; the previous range's figures stay on screen while another loads. */
export const useAnalyticsSummary = (range: AnalyticsRange) =>
  useQuery({
    queryKey: adminAnalyticsKeys.summary(range),
    queryFn: ({ signal }) => api("admin.analyticsSummary", { query: range, signal }),
    placeholderData: keepPreviousData,
  });
