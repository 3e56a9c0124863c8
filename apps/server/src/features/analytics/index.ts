export { ANALYTICS_ROLLUP_INTERVAL_MS, AnalyticsRollupJob } from "./analytics-rollup";
export { AnalyticsSummaryRepository } from "./analytics-summary.repository";
export { analyticsSummaryRoutes } from "./analytics-summary.routes";
export { AnalyticsSummaryService } from "./analytics-summary.service";
