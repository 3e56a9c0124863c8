export { listEntriesRepository } from "./list-entries.repository";
export type { ReadingProgressRow } from "./progress-save.repository";
export { presentReadingProgress } from "./reading.presenter";
export type { ReadingService } from "./reading.service";
