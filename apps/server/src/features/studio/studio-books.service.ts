import {
  AppError,
  type BecomeAuthorResponse,
  type CreateStudioBookSchema,
  newId,
  type StudioBook,
  type StudioBookList,
  type UpdateStudioBookSchema,
} from "@quire/core";
import type { Updateable } from "kysely";
import type { z } from "zod";
import { toBool, toJson } from "../../db/json";
import type { Database } from "../../db/schema";
import { bookClassificationRepository, presentBook } from "../catalog";
import { presentStudioBook } from "./studio.presenter";
import { COMMUNITY_VERSION, type StudioRepository } from "./studio.repository";
import type { StudioAccess } from "./studio-access";

export interface StudioBooksDeps {
  repository: StudioRepository;
  access: StudioAccess;
  clock: () => Date;
  /** Called after a change visitors can see, so cached public reads show it. */
  onPublicChange: () => void;
}

type NewBookFields = z.output<typeof CreateStudioBookSchema>;
type BookFields = z.output<typeof UpdateStudioBookSchema>;

/** Becoming an author, and a book's own fields: create, read, edit. */
export class StudioBooksService {
  constructor(private readonly deps: StudioBooksDeps) {}

  /** SPEC §6: an author is a user with an authors row (id = user id); the role follows. Asking twice changes nothing. */
  async becomeAuthor(userId: string): Promise<BecomeAuthorResponse> {
    const { repository, clock } = this.deps;
    const user = await this.deps.access.user(userId);
    return repository.transaction(async (trx) => {
      await repository.insertAuthor(trx, { id: userId, name: user.name });
      const roles = user.roles.includes("author") ? user.roles : [...user.roles, "author"];
      if (roles !== user.roles) await repository.setRoles(trx, userId, roles, clock().toISOString());
      const author = await repository.author(userId, trx);
      if (!author) throw AppError.of("internal");
      return { author, roles: roles as BecomeAuthorResponse["roles"] };
    });
  }

  async listBooks(userId: string): Promise<StudioBookList> {
    await this.deps.access.author(userId);
    const rows = await this.deps.repository.booksOfAuthor(userId);
    return {
      items: rows.map((row) => ({
        book: presentBook(row.book, { genreRefs: row.genreRefs, categoryRefs: row.categoryRefs }),
        wordCount: row.wordCount,
      })),
    };
  }

  /** A new community book starts as a hidden work in progress, with its author as its only author. */
  async createBook(userId: string, input: NewBookFields): Promise<StudioBook> {
    const { repository, clock } = this.deps;
    const user = await this.deps.access.author(userId);
    const genres = await this.checkedGenres(input.genres);
    const now = clock().toISOString();
    const bookId = newId();
    await repository.transaction(async (trx) => {
      await repository.insertBook(
        trx,
        {
          id: bookId,
          title: input.title,
          authors: toJson([user.name]),
          authorIds: toJson([userId]),
          imageUrl: null,
          summary: input.summary ?? "",
          source: "own",
          display: 0,
          status: "wip",
          publishingLabel: "community-original",
          completionStatus: input.completionStatus ?? "wip",
          launchedDate: null,
          addedDate: now,
          lastInteractedAt: null,
        },
        {
          bookId,
          bookTeaser: input.teaser ?? "",
          characters: toJson(input.characters ?? []),
          css: "",
          tocLength: 0,
          moods: toJson(input.moods ?? []),
          timeToReadMinutes: 0,
          wordCount: 0,
          versionsMap: toJson({ [COMMUNITY_VERSION]: now }),
          latestVersion: COMMUNITY_VERSION,
          epubToc: toJson([]),
          epubIdentifier: null,
        },
        userId,
      );
      if (genres) await bookClassificationRepository.setGenres(trx, bookId, genres);
    });
    return this.getBook(userId, bookId);
  }

  async getBook(userId: string, bookId: string): Promise<StudioBook> {
    const { found } = await this.deps.access.editableBook(userId, bookId);
    return presentStudioBook(found, await this.deps.repository.chapters(bookId));
  }

  async updateBook(userId: string, bookId: string, input: BookFields): Promise<StudioBook> {
    const { repository } = this.deps;
    const { user, found } = await this.deps.access.editableBook(userId, bookId);
    if ((input.categories !== undefined || input.publishingLabel !== undefined) && !user.isAdmin) {
      throw AppError.of("adminOnlyBookFields");
    }
    const genres = await this.checkedGenres(input.genres);
    const categories = await this.checkedCategories(input.categories);
    const book: Updateable<Database["books"]> = {};
    if (input.title !== undefined) book.title = input.title;
    if (input.summary !== undefined) book.summary = input.summary;
    if (input.completionStatus !== undefined) book.completionStatus = input.completionStatus;
    if (input.display !== undefined) book.display = toBool(input.display);
    if (input.publishingLabel !== undefined) book.publishingLabel = input.publishingLabel;
    const data: Updateable<Database["bookData"]> = {};
    if (input.teaser !== undefined) data.bookTeaser = input.teaser;
    if (input.characters !== undefined) data.characters = toJson(input.characters);
    if (input.moods !== undefined) data.moods = toJson(input.moods);
    await repository.transaction(async (trx) => {
      await repository.updateBook(trx, bookId, book);
      await repository.updateBookData(trx, bookId, data);
      if (genres) await bookClassificationRepository.setGenres(trx, bookId, genres);
      if (categories) await repository.replaceCategories(trx, bookId, categories);
    });
    if (found.book.display === 1 || book.display === 1) this.deps.onPublicChange();
    return this.getBook(userId, bookId);
  }

  private async checkedGenres(ids: string[] | undefined): Promise<string[] | undefined> {
    if (ids === undefined) return undefined;
    const unique = [...new Set(ids)];
    const known = await this.deps.repository.existingIds("genres", unique);
    if (known.length !== unique.length) throw AppError.of("unknownGenre");
    return unique;
  }

  private async checkedCategories(ids: string[] | undefined): Promise<string[] | undefined> {
    if (ids === undefined) return undefined;
    const unique = [...new Set(ids)];
    const known = await this.deps.repository.existingIds("categories", unique);
    if (known.length !== unique.length) throw AppError.of("unknownCategory");
    return unique;
  }
}
