export { dataExportRoutes } from "./data-export.routes";
export { DataExportService } from "./data-export.service";
