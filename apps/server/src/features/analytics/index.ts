export { AnalyticsEventsRepository } from "./analytics-events.repository";
export { analyticsEventsRoutes } from "./analytics-events.routes";
export { AnalyticsEventsService } from "./analytics-events.service";
export { ANALYTICS_MAINTENANCE_INTERVAL_MS, AnalyticsMaintenanceJob } from "./analytics-maintenance";
export { ANALYTICS_ROLLUP_INTERVAL_MS, AnalyticsRollupJob } from "./analytics-rollup";
export { AnalyticsSummaryRepository } from "./analytics-summary.repository";
export { analyticsSummaryRoutes } from "./analytics-summary.routes";
export { AnalyticsSummaryService } from "./analytics-summary.service";
