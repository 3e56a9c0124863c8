/** What other features use of annotations; the rest of the folder is its own. */
export { AnnotationsExportSection } from "./annotations-export-section";
export { useAnnotationMutations } from "./annotations-queries";
export { FrameWatcher } from "./frame-watcher";
export { NoteDialog } from "./note-dialog";
export { findPassage, rangeOfChars } from "./passage-text";
export { ReaderAnnotations } from "./reader-annotations";
