export { EPUB_LIMITS } from "./epub-archive";
export type { EpubImportService } from "./epub-import.service";
export { bookFileContentType } from "./epub-resources";
