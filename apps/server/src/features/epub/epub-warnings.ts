import type { ImportWarning } from "@quire/core";

/** At most this many warnings are kept: a book with thousands of broken links needs no more to be understood. */
const MAX_WARNINGS = 50;

/**
 * What an import left out of a book it still imported: a reference to a file the EPUB does not
 * contain, or to a path outside the book. Thorium and Readium open such books, so Quire drops the
 * one reference instead of refusing the book, and says so.
 */
export class ImportWarnings {
  private readonly byKey = new Map<string, ImportWarning>();
  private omitted = 0;

  constructor(initial: readonly ImportWarning[] = []) {
    for (const warning of initial) this.add(warning);
  }

  missingFile(documentPath: string, target: string): void {
    this.add({
      code: "missing-file",
      path: documentPath,
      message: `${documentPath} refers to ${target}, which the EPUB does not contain; the reference was left out.`,
    });
  }

  outsidePath(documentPath: string, target: string): void {
    this.add({
      code: "outside-path",
      path: documentPath,
      message: `${documentPath} refers to ${target}, a path outside the book; the reference was left out.`,
    });
  }

  list(): ImportWarning[] {
    const warnings = [...this.byKey.values()];
    if (this.omitted === 0) return warnings;
    const last = warnings.at(-1) as ImportWarning;
    return [...warnings, { ...last, message: `…and ${this.omitted} more references left out like these.` }];
  }

  private add(warning: ImportWarning): void {
    const key = `${warning.code}\n${warning.message}`;
    if (this.byKey.has(key)) return;
    if (this.byKey.size >= MAX_WARNINGS) this.omitted += 1;
    else this.byKey.set(key, warning);
  }
}
