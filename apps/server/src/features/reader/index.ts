export type { BookFileGate } from "./book-file-gate";
export type { ReaderService } from "./reader.service";
