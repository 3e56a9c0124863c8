/**
 * The catalogue fixture: N books (10,000 by default) with book data, chapters, genres and categories,
 * written with multi-row inserts in batches inside one transaction. Deterministic (seeded PRNG), so
 * two runs measure the same data; only timestamps follow the clock.
 */
import type { Insertable, Kysely } from "kysely";
import { toJson } from "../apps/server/src/db/json";
import type {
  BookDataTable,
  BookGenresTable,
  CategoryBooksTable,
  ChaptersTable,
  Database,
  NewBook,
} from "../apps/server/src/db/schema";

/** mulberry32: tiny, fast, good enough to make a fixture look varied. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const GENRES = [
  { id: "fantasy", displayName: "Fantasy" },
  { id: "science-fiction", displayName: "Science Fiction" },
  { id: "mystery", displayName: "Mystery" },
  { id: "romance", displayName: "Romance" },
  { id: "thriller", displayName: "Thriller" },
  { id: "historical", displayName: "Historical Fiction" },
  { id: "horror", displayName: "Horror" },
  { id: "literary", displayName: "Literary Fiction" },
  { id: "young-adult", displayName: "Young Adult" },
  { id: "poetry", displayName: "Poetry" },
] as const;

/** Popularity of each genre: fantasy and romance are common, poetry rare. */
const GENRE_WEIGHTS = [18, 12, 12, 16, 10, 8, 6, 9, 7, 2];

export const CATEGORIES = [
  { id: "staff-picks", name: "Staff picks", position: 1 },
  { id: "award-winners", name: "Award winners", position: 2 },
  { id: "new-voices", name: "New voices", position: 3 },
  { id: "classics", name: "Classics", position: 4 },
  { id: "short-reads", name: "Short reads", position: 5 },
  { id: "binge-worthy", name: "Binge-worthy series", position: 6 },
] as const;

const WORDS = (
  "amber ash autumn bell bitter bright broken candle cedar cinder clock cobalt copper crow dawn deep distant dust " +
  "echo ember empty feather fern fire frost garden glass gold harbor hollow iron ivory lantern last lost marble " +
  "midnight mirror moon morning moth night north oak ocean orchard paper pearl quiet rain raven river road rose " +
  "salt shadow silent silver small smoke snow sparrow spring star stone storm summer sun thorn tide tower velvet " +
  "violet water west whisper wild willow wind winter wolf wren"
).split(" ");
const FIRST_NAMES =
  "Ada Ben Cleo Dara Elio Fay Gus Hana Ines Jude Kai Lena Milo Nia Omar Pia Quinn Rosa Sami Tove Uma Vic Wes Yara Zane".split(
    " ",
  );
const LAST_NAMES =
  "Abbott Brandt Castillo Dubois Eriksen Fontaine Garcia Haddad Ito Jensen Kowalski Laine Moreau Novak Okafor Petrov Quiroga Rossi Sato Tanaka Ueda Varga Weber Xu Yilmaz Zamora".split(
    " ",
  );
const MOODS = [
  "hopeful",
  "dark",
  "funny",
  "tense",
  "romantic",
  "reflective",
  "adventurous",
  "mysterious",
  "sad",
  "cozy",
];

const DAY_MS = 86_400_000;
/** Bind parameters per statement: well under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS_PER_STATEMENT = 16_000;

export interface SeedOptions {
  books: number;
  /** Reference time for dates; defaults to now. */
  now?: Date;
  seed?: number;
}

export interface SeedResult {
  elapsedMs: number;
  rows: { books: number; bookData: number; chapters: number; bookGenres: number; categoryBooks: number };
  /** Ids of books a visitor can see (display = 1): the ones `GET /books/:id` answers 200 for. */
  visibleBookIds: string[];
  genreIds: string[];
  categoryIds: string[];
}

interface Fixture {
  books: NewBook[];
  bookData: Insertable<BookDataTable>[];
  chapters: Insertable<ChaptersTable>[];
  bookGenres: Insertable<BookGenresTable>[];
  categoryBooks: Insertable<CategoryBooksTable>[];
}

/** Builds every row in memory first, so the timed part is the database work. */
function buildFixture({ books: count, now = new Date(), seed = 20261121 }: SeedOptions): Fixture {
  const random = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const chance = (p: number) => random() < p;
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const sentence = (n: number) => {
    const text = words(n);
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = (sentences: number) => Array.from({ length: sentences }, () => sentence(int(6, 14))).join(" ");
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  const iso = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  /** Long-tailed counts: most books have few readers, a handful have thousands. */
  const pareto = (scale: number, alpha: number, cap: number) =>
    Math.min(cap, Math.floor(scale * ((1 - random()) ** (-1 / alpha) - 1)));
  const weightedGenre = (() => {
    const total = GENRE_WEIGHTS.reduce((a, b) => a + b, 0);
    return () => {
      let r = random() * total;
      for (let i = 0; i < GENRES.length; i++) {
        r -= GENRE_WEIGHTS[i] ?? 0;
        if (r < 0) return GENRES[i]?.id as string;
      }
      return GENRES[0].id;
    };
  })();

  const fixture: Fixture = { books: [], bookData: [], chapters: [], bookGenres: [], categoryBooks: [] };
  const categoryPositions = new Map<string, number>();

  for (let n = 0; n < count; n++) {
    const id = uuid();
    const source = chance(0.7) ? "own" : "public-domain";
    const statusRoll = random();
    const status = statusRoll < 0.9 ? "launched" : statusRoll < 0.95 ? "wip" : "scheduled";
    const addedDaysAgo = random() * 3 * 365;
    const launchedDate = status === "launched" ? iso(addedDaysAgo * random()) : null;
    const nUserStarred = pareto(4, 1.3, 20_000);
    const nCurrentReads = pareto(3, 1.4, 10_000);
    const nFinishedReads = pareto(6, 1.3, 30_000);
    const interactionScore =
      Math.round((nUserStarred * 5 + nFinishedReads * 3 + nCurrentReads * 2 + random()) * 100) / 100;
    const interacted = nUserStarred + nCurrentReads + nFinishedReads > 0;
    const authorCount = chance(0.1) ? 2 : 1;
    const authors = Array.from({ length: authorCount }, () => `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`);
    const addedDate = iso(addedDaysAgo);

    fixture.books.push({
      id,
      title: sentence(int(1, 5)).slice(0, -1),
      authors: toJson(authors),
      authorIds: toJson(source === "own" ? authors.map(() => uuid()) : []),
      imageUrl: chance(0.9) ? `/files/covers/${id}.svg` : null,
      summary: paragraph(int(2, 5)),
      source,
      display: chance(0.95) ? 1 : 0,
      status,
      publishingLabel: source === "own" ? (chance(0.85) ? "community-original" : "community-featured") : null,
      completionStatus: chance(0.8) ? "complete" : "wip",
      launchedDate,
      addedDate,
      nUserStarred,
      nCurrentReads,
      nFinishedReads,
      interactionScore,
      lastInteractedAt: interacted ? iso(random() * Math.min(addedDaysAgo, 90)) : null,
    });

    const genreCount = int(1, 3);
    const genres = new Set<string>();
    while (genres.size < genreCount) genres.add(weightedGenre());
    for (const genreId of genres) fixture.bookGenres.push({ bookId: id, genreId });

    // About 3% of books are curated into one or two categories.
    if (chance(0.03)) {
      const categories = new Set([pick(CATEGORIES).id, ...(chance(0.3) ? [pick(CATEGORIES).id] : [])]);
      for (const categoryId of categories) {
        const position = (categoryPositions.get(categoryId) ?? 0) + 1;
        categoryPositions.set(categoryId, position);
        fixture.categoryBooks.push({ categoryId, bookId: id, position });
      }
    }

    const chapterCount = int(2, 4);
    const chapters = Array.from({ length: chapterCount }, (_, index) => {
      const html = Array.from({ length: int(3, 6) }, () => `<p>${paragraph(int(3, 5))}</p>`).join("");
      return {
        bookId: id,
        version: "1",
        anchorId: `chapter-${index + 1}`,
        name: `Chapter ${index + 1}: ${sentence(int(1, 3)).slice(0, -1)}`,
        chapterNumber: index + 1,
        html: `<h2>Chapter ${index + 1}</h2>${html}`,
        wordCount: html.split(" ").length,
      };
    });
    fixture.chapters.push(...chapters);
    const wordCount = chapters.reduce((sum, c) => sum + c.wordCount, 0);

    fixture.bookData.push({
      bookId: id,
      bookTeaser: paragraph(int(1, 3)),
      characters: toJson(
        Array.from({ length: int(1, 4) }, () => ({ name: pick(FIRST_NAMES), description: sentence(int(4, 10)) })),
      ),
      css: "",
      tocLength: chapterCount,
      moods: toJson([...new Set(Array.from({ length: int(1, 3) }, () => pick(MOODS)))]),
      timeToReadMinutes: Math.ceil(wordCount / 238),
      wordCount,
      versionsMap: toJson({ "1": addedDate }),
      latestVersion: "1",
      epubToc: toJson(chapters.map((c) => ({ title: c.name, anchorId: c.anchorId, children: [] }))),
    });
  }
  return fixture;
}

export async function insertBatched<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const perBatch = Math.max(1, Math.floor(MAX_PARAMS_PER_STATEMENT / Object.keys(first).length));
  for (let i = 0; i < rows.length; i += perBatch) {
    // Kysely's generic insert typing cannot follow a table name chosen at run time.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + perBatch) as never)
      .execute();
  }
}

/** Inserts the fixture into a migrated, empty database; times only the inserts. */
export async function seedBooks(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const fixture = buildFixture(options);
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    await insertBatched(trx, "genres", [...GENRES]);
    await insertBatched(trx, "categories", [...CATEGORIES]);
    await insertBatched(trx, "books", fixture.books);
    await insertBatched(trx, "bookGenres", fixture.bookGenres);
    await insertBatched(trx, "categoryBooks", fixture.categoryBooks);
    await insertBatched(trx, "bookData", fixture.bookData);
    await insertBatched(trx, "chapters", fixture.chapters);
  });
  const elapsedMs = performance.now() - started;
  return {
    elapsedMs,
    rows: {
      books: fixture.books.length,
      bookData: fixture.bookData.length,
      chapters: fixture.chapters.length,
      bookGenres: fixture.bookGenres.length,
      categoryBooks: fixture.categoryBooks.length,
    },
    visibleBookIds: fixture.books.filter((b) => b.display === 1).map((b) => b.id),
    genreIds: GENRES.map((g) => g.id),
    categoryIds: CATEGORIES.map((c) => c.id),
  };
}
