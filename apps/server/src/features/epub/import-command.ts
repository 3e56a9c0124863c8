import { readFile, stat } from "node:fs/promises";
import { AppError } from "@quire/core";
import type { AppContext } from "../../context";
import { migrateToLatest } from "../../db/migrator";
import { EPUB_LIMITS } from "./epub-archive";
import { EpubImportService } from "./epub-import.service";

export const IMPORT_USAGE = "quire import <file.epub|https://…/book.epub> [--featured] [--category <id>]…";

/** A download that has not finished in this time is given up. */
export const EPUB_DOWNLOAD_TIMEOUT_MS = 60_000;

export interface ImportArguments {
  source: string;
  featured: boolean;
  categories: string[];
}

/** `quire import` arguments; a mistake throws an Error whose message says what is wrong and how to call it. */
export function parseImportArguments(args: string[]): ImportArguments {
  const parsed: ImportArguments = { source: "", featured: false, categories: [] };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === "--featured") {
      parsed.featured = true;
    } else if (arg === "--category" || arg.startsWith("--category=")) {
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[++index];
      if (!value) throw new Error(`--category needs a category id.\nUsage: ${IMPORT_USAGE}`);
      parsed.categories.push(value);
    } else if (arg.startsWith("--")) {
      throw new Error(`Unknown option: ${arg}\nUsage: ${IMPORT_USAGE}`);
    } else if (parsed.source) {
      throw new Error(`Import one EPUB at a time.\nUsage: ${IMPORT_USAGE}`);
    } else {
      parsed.source = arg;
    }
  }
  if (!parsed.source) throw new Error(`Name the EPUB to import.\nUsage: ${IMPORT_USAGE}`);
  return parsed;
}

export interface SourceLimits {
  maxBytes: number;
  timeoutMs: number;
}

const isTimeout = (error: unknown) => error instanceof Error && error.name === "TimeoutError";

/**
 * Fetches an EPUB over HTTP(S): refused when the server says it is too large, stopped as soon as
 * more than `maxBytes` arrive when it does not, and abandoned after `timeoutMs` in all.
 */
export async function downloadEpub(url: URL, limits: SourceLimits): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(url, { signal, redirect: "follow" });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw AppError.of("epubDownloadFailed", { details: { status: response.status } });
    }
    if (Number(response.headers.get("content-length") ?? 0) > limits.maxBytes) {
      await response.body.cancel();
      throw AppError.of("epubFileTooLarge", { details: { maxBytes: limits.maxBytes } });
    }
    const chunks: Uint8Array[] = [];
    let received = 0;
    for await (const chunk of response.body) {
      received += chunk.byteLength;
      if (received > limits.maxBytes) throw AppError.of("epubFileTooLarge", { details: { maxBytes: limits.maxBytes } });
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isTimeout(error) || signal.aborted) throw AppError.of("requestTimeout", { cause: error });
    throw AppError.of("epubDownloadFailed", { cause: error });
  }
}

/** The EPUB's bytes, from a file path or an http(s) URL. */
export async function loadEpubSource(
  source: string,
  limits: SourceLimits = { maxBytes: EPUB_LIMITS.maxFileBytes, timeoutMs: EPUB_DOWNLOAD_TIMEOUT_MS },
): Promise<Uint8Array> {
  if (/^https?:\/\//i.test(source)) return downloadEpub(new URL(source), limits);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) {
    throw AppError.of("epubDownloadFailed", { details: { reason: "only http and https URLs can be imported" } });
  }
  let size: number;
  try {
    ({ size } = await stat(source));
  } catch (cause) {
    throw new Error(`Cannot read ${source}: no such file, or it is not readable.`, { cause });
  }
  if (size > limits.maxBytes) throw AppError.of("epubFileTooLarge", { details: { maxBytes: limits.maxBytes } });
  return readFile(source);
}

export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/** A refusal as one line for a person: the message, then the file inside the EPUB it is about. */
export function describeRefusal(error: AppError): string {
  const details = (error.details ?? {}) as Record<string, unknown>;
  const about = [details.path, details.categories, details.status].find((value) => value !== undefined);
  return about === undefined ? error.message : `${error.message} (${Array.isArray(about) ? about.join(", ") : about})`;
}

/** `quire import`: migrates, imports, prints what was made. Returns the process exit code. */
export async function runImportCommand(
  ctx: AppContext,
  args: string[],
  output: CommandOutput = console,
  limits?: SourceLimits,
): Promise<number> {
  let parsed: ImportArguments;
  try {
    parsed = parseImportArguments(args);
  } catch (error) {
    output.error((error as Error).message);
    return 2;
  }
  await migrateToLatest(ctx.database.db, ctx.database.dialect);
  const service = new EpubImportService({
    db: ctx.database.db,
    storage: ctx.storage,
    logger: ctx.logger,
    clock: ctx.clock,
    maxImagePixels: ctx.config.images.maxPixels,
  });
  try {
    const bytes = await loadEpubSource(parsed.source, limits);
    const result = await service.import(bytes, { featured: parsed.featured, categories: parsed.categories });
    const by = result.authors.length > 0 ? ` by ${result.authors.join(", ")}` : "";
    output.log(
      `${result.created ? "Imported" : "Updated"} “${result.title}”${by}: book ${result.bookId}, version ${result.version}.`,
    );
    output.log(
      `${result.chapters} chapters, ${result.tocLength} table-of-contents entries, ${result.wordCount.toLocaleString("en-US")} words${result.imageUrl ? ", with a cover" : ", no cover"}.`,
    );
    if (result.warnings.length > 0) {
      output.log(`Imported with ${result.warnings.length === 1 ? "1 warning" : `${result.warnings.length} warnings`}:`);
      for (const warning of result.warnings) output.log(`  - ${warning.message}`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    output.error(describeRefusal(error));
    return 1;
  }
}
