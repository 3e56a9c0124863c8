import { type AnnotationExport, AppError, type Me, type Page, type PublicUser, type ReadingLists } from "@quire/core";
import { strToU8, type Zippable, zipSync } from "fflate";
import type { ExportedFile } from "../studio";

type FollowDirection = "followers" | "following";

/** The features' own reads, wired in the composition root; the export runs no query of its own. */
export interface DataExportDeps {
  profile: (userId: string) => Promise<Me>;
  lists: (userId: string) => Promise<ReadingLists>;
  progress: (userId: string, bookId: string) => Promise<{ progress: unknown; chapters: unknown }>;
  starredBooks: (userId: string) => Promise<{ id: string; title: string }[]>;
  follows: (direction: FollowDirection, userId: string, cursor: string | undefined) => Promise<Page<PublicUser>>;
  annotations: (userId: string) => Promise<AnnotationExport>;
  authoredBookIds: (userId: string) => Promise<string[]>;
  exportBook: (userId: string, bookId: string) => Promise<ExportedFile>;
  clock: () => Date;
}

export interface DataExport {
  fileName: string;
  bytes: Uint8Array;
}

const README = `Your Quire data, exported on {date}.

profile.json      your account: name, username, email, bio, links and settings
lists.json        your reading lists (want to read, reading, finished) with when each book went in
progress.json     your reading progress in each book on your lists, with the chapters you read
stars.json        the books you starred
follows.json      the people you follow and the people who follow you
annotations.json  your highlights and notes, grouped by book
books/            every book you wrote on Quire, as an EPUB you can open in any reading app
`;

/** `GET /me/export`: everything a reader put into Quire, in one zip they can keep or take elsewhere. */
export class DataExportService {
  constructor(private readonly deps: DataExportDeps) {}

  async export(userId: string): Promise<DataExport> {
    const { deps } = this;
    const [profile, lists, starred, following, followers, annotations, books] = await Promise.all([
      deps.profile(userId),
      deps.lists(userId),
      deps.starredBooks(userId),
      this.everyFollow("following", userId),
      this.everyFollow("followers", userId),
      deps.annotations(userId),
      this.books(userId),
    ]);
    const date = deps.clock().toISOString().slice(0, 10);
    const files: Zippable = {
      "README.txt": strToU8(README.replace("{date}", date)),
      "profile.json": json(profile),
      "lists.json": json(lists),
      "progress.json": json(await this.progress(userId, lists)),
      "stars.json": json(starred.map((book) => ({ bookId: book.id, title: book.title }))),
      "follows.json": json({ following, followers }),
      "annotations.json": json(annotations),
    };
    // Flat "books/…" names: a nested object would add a bare directory entry. EPUBs are zips already: stored as they are.
    for (const book of books) files[`books/${book.fileName}`] = [book.bytes, { level: 0 }];
    return { fileName: `quire-export-${profile.username}-${date}.zip`, bytes: zipSync(files) };
  }

  /**
   * Progress is kept per book; the books a reader has progress in are the ones on their lists (reading one puts
   * it on "reading"). A listed book taken down since has no progress to read, and must not fail the export.
   */
  private async progress(userId: string, lists: ReadingLists) {
    const books = new Map(Object.values(lists).flatMap((entries) => entries.map(({ book }) => [book.id, book])));
    const answers = await Promise.all(
      [...books.values()].map(async (book) => ({
        book,
        answer: await this.deps.progress(userId, book.id).catch((error: unknown) => {
          if (error instanceof AppError && error.code === "not-found") return null;
          throw error;
        }),
      })),
    );
    return answers
      .flatMap(({ book, answer }) => (answer && answer.progress !== null ? [{ book, answer }] : []))
      .map(({ book, answer }) => ({ bookId: book.id, title: book.title, ...answer }));
  }

  private async everyFollow(direction: FollowDirection, userId: string): Promise<PublicUser[]> {
    const people: PublicUser[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.deps.follows(direction, userId, cursor);
      people.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return people;
  }

  /** The reader's own books through the studio export; two books of one title get numbered file names. */
  private async books(userId: string): Promise<ExportedFile[]> {
    const used = new Set<string>();
    const files: ExportedFile[] = [];
    for (const bookId of await this.deps.authoredBookIds(userId)) {
      const file = await this.deps.exportBook(userId, bookId);
      const stem = file.fileName.replace(/\.epub$/, "");
      let fileName = file.fileName;
      for (let n = 2; used.has(fileName); n += 1) fileName = `${stem}-${n}.epub`;
      used.add(fileName);
      files.push({ fileName, bytes: file.bytes });
    }
    return files;
  }
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
