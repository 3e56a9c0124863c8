export { bookClassificationRepository } from "./book-classification.repository";
export { presentBookSummaries } from "./book-summaries";
export { presentBook } from "./catalog.presenter";
export type { BookFilters, CatalogRepository } from "./catalog.repository";
export { type CatalogService, VISITOR } from "./catalog.service";
