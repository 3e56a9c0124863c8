export { PlusRepository } from "./plus.repository";
export { betaSignupsRoutes, plusRoutes } from "./plus.routes";
export { type PlanPrices, PlusService } from "./plus.service";
export { runRatesCommand } from "./rates-command";
