export { listEntriesRepository } from "./list-entries.repository";
export { presentReadingProgress } from "./reading.presenter";
export type { ReadingProgressRow } from "./reading.repository";
export type { ReadingService } from "./reading.service";
