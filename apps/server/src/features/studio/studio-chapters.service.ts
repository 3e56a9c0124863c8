import {
  AppError,
  type StudioBook,
  type StudioChapter,
  type StudioChapterResponse,
  type StudioChapterSummary,
  type TocEntry,
  timeToReadMinutes,
} from "@quire/core";
import type { Transaction } from "kysely";
import { toJson } from "../../db/json";
import type { Database } from "../../db/schema";
import { renderCommunityChapter } from "./chapter-html";
import { presentChapter, presentChapterSummary } from "./studio.presenter";
import type { StudioRepository } from "./studio.repository";
import type { StudioAccess } from "./studio-access";
import type { StudioBooksService } from "./studio-books.service";

export interface StudioChaptersDeps {
  repository: StudioRepository;
  access: StudioAccess;
  books: StudioBooksService;
  clock: () => Date;
  onPublicChange: () => void;
}

/**
 * Chapters of a community book, written in Markdown. Every change is one transaction that starts by
 * locking the book, writes the chapter row readers get (rendered, sanitised HTML and its word count)
 * with its Markdown source, and recounts the book's totals, table of contents and time to read, so
 * book_data always agrees with the chapters.
 */
export class StudioChaptersService {
  constructor(private readonly deps: StudioChaptersDeps) {}

  async list(userId: string, bookId: string): Promise<StudioChapterSummary[]> {
    await this.deps.access.editableBook(userId, bookId);
    return (await this.deps.repository.chapters(bookId)).map(presentChapterSummary);
  }

  async get(userId: string, bookId: string, anchorId: string): Promise<StudioChapter> {
    await this.deps.access.editableBook(userId, bookId);
    const row = await this.deps.repository.chapter(bookId, anchorId);
    if (!row) throw AppError.of("chapterNotFound");
    return presentChapter(row);
  }

  async create(
    userId: string,
    bookId: string,
    input: { name: string; markdown: string },
  ): Promise<StudioChapterResponse> {
    const { found } = await this.deps.access.editableBook(userId, bookId);
    const rendered = renderCommunityChapter(input.name, input.markdown);
    const anchorId = await this.write(bookId, async (trx, repository, now) => {
      const anchors = await repository.anchors(trx, bookId);
      const anchorId = nextAnchor(anchors);
      await repository.insertChapter(
        trx,
        { bookId, anchorId, name: input.name, chapterNumber: anchors.length + 1, ...rendered },
        input.markdown,
        now,
      );
      return anchorId;
    });
    return this.answer(userId, bookId, anchorId, found.book.display === 1);
  }

  async update(
    userId: string,
    bookId: string,
    anchorId: string,
    input: { name?: string; markdown?: string },
  ): Promise<StudioChapterResponse> {
    const { found } = await this.deps.access.editableBook(userId, bookId);
    await this.write(bookId, async (trx, repository, now) => {
      const current = await repository.chapter(bookId, anchorId, trx);
      if (!current) throw AppError.of("chapterNotFound");
      const name = input.name ?? current.name;
      const markdown = input.markdown ?? current.markdown ?? "";
      await repository.updateChapter(
        trx,
        { bookId, anchorId },
        { name, ...renderCommunityChapter(name, markdown) },
        markdown,
        now,
      );
    });
    return this.answer(userId, bookId, anchorId, found.book.display === 1);
  }

  async remove(userId: string, bookId: string, anchorId: string): Promise<StudioBook> {
    const { found } = await this.deps.access.editableBook(userId, bookId);
    await this.write(bookId, async (trx, repository) => {
      const anchors = await repository.anchors(trx, bookId);
      if (!anchors.includes(anchorId)) throw AppError.of("chapterNotFound");
      await repository.deleteChapter(trx, bookId, anchorId);
      await this.renumber(
        trx,
        bookId,
        (await repository.chapters(bookId, trx)).map((row) => row.anchorId),
      );
    });
    if (found.book.display === 1) this.deps.onPublicChange();
    return this.deps.books.getBook(userId, bookId);
  }

  /** The chapters in the order given, which must name each of them once. */
  async reorder(userId: string, bookId: string, anchorIds: string[]): Promise<StudioBook> {
    const { found } = await this.deps.access.editableBook(userId, bookId);
    await this.write(bookId, async (trx, repository) => {
      const anchors = await repository.anchors(trx, bookId);
      const same = anchorIds.length === anchors.length && new Set(anchorIds).size === anchorIds.length;
      if (!same || !anchorIds.every((anchorId) => anchors.includes(anchorId))) {
        throw AppError.of("chapterOrderMismatch");
      }
      await this.renumber(trx, bookId, anchorIds);
    });
    if (found.book.display === 1) this.deps.onPublicChange();
    return this.deps.books.getBook(userId, bookId);
  }

  private async write<T>(
    bookId: string,
    work: (trx: Transaction<Database>, repository: StudioRepository, now: string) => Promise<T>,
  ): Promise<T> {
    const { repository, clock } = this.deps;
    return repository.transaction(async (trx) => {
      if (!(await repository.lockBook(trx, bookId))) throw AppError.of("bookNotFound");
      const result = await work(trx, repository, clock().toISOString());
      await this.refreshTotals(trx, bookId);
      return result;
    });
  }

  /** Chapter numbers 1…n in the given order. */
  private async renumber(trx: Transaction<Database>, bookId: string, anchorIds: string[]): Promise<void> {
    for (const [index, anchorId] of anchorIds.entries()) {
      await this.deps.repository.setChapterNumber(trx, bookId, anchorId, index + 1);
    }
  }

  private async refreshTotals(trx: Transaction<Database>, bookId: string): Promise<void> {
    const chapters = await this.deps.repository.chapters(bookId, trx);
    const wordCount = chapters.reduce((sum, chapter) => sum + chapter.wordCount, 0);
    const toc: TocEntry[] = chapters.map((chapter) => ({
      title: chapter.name,
      anchorId: chapter.anchorId,
      children: [],
    }));
    await this.deps.repository.updateBookData(trx, bookId, {
      wordCount,
      timeToReadMinutes: timeToReadMinutes(wordCount),
      tocLength: chapters.length,
      epubToc: toJson(toc),
    });
  }

  private async answer(
    userId: string,
    bookId: string,
    anchorId: string,
    visible: boolean,
  ): Promise<StudioChapterResponse> {
    if (visible) this.deps.onPublicChange();
    const [chapter, book] = await Promise.all([
      this.deps.repository.chapter(bookId, anchorId),
      this.deps.books.getBook(userId, bookId),
    ]);
    if (!chapter) throw AppError.of("chapterNotFound");
    return { chapter: presentChapter(chapter), book };
  }
}

/** `chapter-{n}` with n past every number in use, so a chapter's anchor never changes with renames or moves. */
export function nextAnchor(anchors: string[]): string {
  const numbers = anchors.map((anchor) => Number(/^chapter-(\d+)$/.exec(anchor)?.[1] ?? 0));
  return `chapter-${Math.max(anchors.length, ...numbers) + 1}`;
}
