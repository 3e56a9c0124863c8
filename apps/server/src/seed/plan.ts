import { randomUUID } from "node:crypto";
import {
  STAR_SCORE_DELTA,
  slugify,
  type TocEntry,
  USER_SCORE_BOOK_FINISHED,
  USER_SCORE_BOOK_STARRED,
  USER_SCORE_FOLLOWED,
  USER_SCORE_READ_STARTED,
  USER_SCORE_STAR_GIVEN,
  WORDS_PER_MINUTE,
} from "@quire/core";
import type { Insertable } from "kysely";
import { toBool, toJson } from "../db/json";
import type { Database } from "../db/schema";
import { DEMO_BOOKS, DEMO_CATEGORIES, DEMO_GENRES } from "./catalog";
import { hashString } from "./covers";
import { assertSafeChapterHtml, chapterHtml, countWords, smartQuotes } from "./text";
import type { DemoActivity, DemoBook, DemoUser } from "./types";
import { DEMO_ACTIVITY, DEMO_USERS } from "./users";

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** Every row the demo inserts, computed from the demo data and one moment in time. */
export interface DemoPlan {
  users: Row<"users">[];
  authors: Row<"authors">[];
  genres: Row<"genres">[];
  books: Row<"books">[];
  bookAuthors: Row<"bookAuthors">[];
  bookGenres: Row<"bookGenres">[];
  categories: Row<"categories">[];
  categoryBooks: Row<"categoryBooks">[];
  bookData: Row<"bookData">[];
  chapters: Row<"chapters">[];
  follows: Row<"follows">[];
  stars: Row<"stars">[];
  readingProgress: Row<"readingProgress">[];
  chapterProgress: Row<"chapterProgress">[];
  listEntries: Row<"listEntries">[];
  launchSubscriptions: Row<"launchSubscriptions">[];
}

/** The cover each book needs, written to storage before the rows go in. */
export interface DemoCoverRequest {
  bookId: string;
  title: string;
  authors: string[];
  genreId: string;
  genreName: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export const demoBookId = (book: DemoBook): string => slugify(book.text.title);
export const DEMO_MARKER_BOOK_ID = demoBookId(DEMO_BOOKS[0] as DemoBook);

/**
 * The demo's interaction score for a book: each star is worth STAR_SCORE_DELTA, each current
 * reader 2 and each finished reader 3. The live counters drift from this as people use the app;
 * the seed only needs a believable, varied starting point that every row justifies.
 */
export function demoBookScore(counts: { stars: number; current: number; finished: number }): number {
  return counts.stars * STAR_SCORE_DELTA + counts.current * 2 + counts.finished * 3;
}

/**
 * The demo's interaction score for a user, as the live actions would have moved it (constants'
 * USER_SCORE_*): followers, books they began, stars they gave, and others' stars and finishes of
 * their books.
 */
export function demoUserScore(counts: {
  followers: number;
  reads: number;
  starsGiven: number;
  starsReceived: number;
  finishesReceived: number;
}): number {
  return (
    counts.followers * USER_SCORE_FOLLOWED +
    counts.reads * USER_SCORE_READ_STARTED +
    counts.starsGiven * USER_SCORE_STAR_GIVEN +
    counts.starsReceived * USER_SCORE_BOOK_STARRED +
    counts.finishesReceived * USER_SCORE_BOOK_FINISHED
  );
}

/** A deterministic moment between `from` and `to`, spread by a key so rows don't share timestamps. */
function between(from: number, to: number, key: string): number {
  if (to <= from) throw new Error(`Demo timeline is inconsistent for ${key}`);
  const fraction = (hashString(key) % 10_000) / 10_000;
  return Math.round(from + (to - from) * (0.05 + 0.9 * fraction));
}

const iso = (ms: number): string => new Date(ms).toISOString();

interface BookTimeline {
  addedAt: number;
  launchedAt: number | null;
  /** Stars and reading are only possible on launched, displayed books. */
  readable: boolean;
}

function timelineOf(book: DemoBook, now: number): BookTimeline {
  const launch = book.launch;
  switch (launch.status) {
    case "launched": {
      const launchedAt = now - launch.launchedDaysAgo * DAY_MS - 5 * HOUR_MS;
      return { addedAt: launchedAt - launch.addedDaysBeforeLaunch * DAY_MS, launchedAt, readable: book.display };
    }
    case "scheduled":
      return {
        addedAt: now - launch.addedDaysAgo * DAY_MS,
        launchedAt: now + launch.launchesInDays * DAY_MS,
        readable: false,
      };
    case "wip":
      return { addedAt: now - launch.addedDaysAgo * DAY_MS, launchedAt: null, readable: false };
  }
}

/**
 * Builds every demo row relative to `now`. Counters are computed here from the rows built here,
 * so they are true by construction; the seed's tests recount them from the database anyway.
 */
export function buildDemoPlan(now: Date, imageUrls: ReadonlyMap<string, string> = new Map()): DemoPlan {
  const nowMs = now.getTime();
  const latest = nowMs - 20 * 60 * 1000;

  const usersById = new Map<string, DemoUser>(DEMO_USERS.map((user) => [user.id, user]));
  const joinedAt = new Map<string, number>(
    DEMO_USERS.map((user, index) => [user.id, nowMs - user.joinedDaysAgo * DAY_MS - (index + 1) * 37 * 60 * 1000]),
  );
  const booksById = new Map<string, DemoBook>(DEMO_BOOKS.map((book) => [demoBookId(book), book]));
  const timelines = new Map<string, BookTimeline>(
    DEMO_BOOKS.map((book) => [demoBookId(book), timelineOf(book, nowMs)]),
  );
  const userName = (id: string): string => {
    const user = usersById.get(id);
    if (!user) throw new Error(`Demo data names an unknown user: ${id}`);
    return `${user.firstName} ${user.lastName}`;
  };
  const bookOf = (id: string): DemoBook => {
    const book = booksById.get(id);
    if (!book) throw new Error(`Demo data names an unknown book: ${id}`);
    return book;
  };
  const timelineFor = (id: string): BookTimeline => timelines.get(id) as BookTimeline;
  const joined = (id: string): number => {
    const at = joinedAt.get(id);
    if (at === undefined) throw new Error(`Demo data names an unknown user: ${id}`);
    return at;
  };

  // Genres and the book → genre links.
  const genres = DEMO_GENRES.map((displayName) => ({ id: slugify(displayName), displayName }));

  // Books, their text and chapters.
  const bookData: Row<"bookData">[] = [];
  const chapters: Row<"chapters">[] = [];
  const bookAuthors: Row<"bookAuthors">[] = [];
  const bookGenres: Row<"bookGenres">[] = [];
  const chapterAnchors = new Map<string, string[]>();
  for (const book of DEMO_BOOKS) {
    const bookId = demoBookId(book);
    const timeline = timelineFor(bookId);
    if (book.text.chapters.length < 3) throw new Error(`Demo book ${bookId} needs at least three chapters`);
    book.authorIds.forEach((authorId, position) => {
      const author = usersById.get(authorId);
      if (!author?.isAuthor) throw new Error(`Demo book ${bookId} names ${authorId}, who is not a demo author`);
      if (joined(authorId) >= timeline.addedAt) throw new Error(`${authorId} joined after adding ${bookId}`);
      bookAuthors.push({ bookId, authorId, position });
    });
    for (const name of book.genres) bookGenres.push({ bookId, genreId: slugify(name) });

    let wordCount = 0;
    const toc: TocEntry[] = [];
    const anchors: string[] = [];
    book.text.chapters.forEach((chapter, index) => {
      const anchorId = `chapter-${index + 1}`;
      const html = chapterHtml(chapter);
      assertSafeChapterHtml(html, `${bookId}/${anchorId}`);
      const words = countWords(html);
      wordCount += words;
      anchors.push(anchorId);
      const name = smartQuotes(chapter.title);
      toc.push({ title: name, anchorId, children: [] });
      chapters.push({
        bookId,
        version: "1",
        anchorId,
        name,
        chapterNumber: index + 1,
        html,
        wordCount: words,
      });
    });
    chapterAnchors.set(bookId, anchors);
    const versionDate =
      timeline.launchedAt !== null && timeline.launchedAt <= nowMs ? timeline.launchedAt : timeline.addedAt;
    bookData.push({
      bookId,
      bookTeaser: smartQuotes(book.text.teaser),
      characters: toJson(
        book.text.characters.map((character) => ({
          name: smartQuotes(character.name),
          description: smartQuotes(character.description),
        })),
      ),
      css: "",
      tocLength: book.text.chapters.length,
      moods: toJson(book.text.moods),
      timeToReadMinutes: Math.ceil(wordCount / WORDS_PER_MINUTE),
      wordCount,
      versionsMap: toJson({ "1": iso(versionDate) }),
      latestVersion: "1",
      epubToc: toJson(toc),
    });
  }

  // Activity: stars, progress, lists, launch subscriptions and follows.
  const stars: Row<"stars">[] = [];
  const readingProgress: Row<"readingProgress">[] = [];
  const chapterProgress: Row<"chapterProgress">[] = [];
  const listEntries: Row<"listEntries">[] = [];
  const launchSubscriptions: Row<"launchSubscriptions">[] = [];
  const follows: Row<"follows">[] = [];
  const listed = new Set<string>();

  const activityWindow = (userId: string, bookId: string, key: string): number => {
    const book = bookOf(bookId);
    const timeline = timelineFor(bookId);
    if (!timeline.readable || timeline.launchedAt === null) {
      throw new Error(`${userId} cannot read or star ${bookId}: it is not launched and displayed`);
    }
    if (book.authorIds.includes(userId)) throw new Error(`${userId} would read or star their own book ${bookId}`);
    return between(Math.max(timeline.launchedAt, joined(userId)) + HOUR_MS, latest, `${userId}|${bookId}|${key}`);
  };
  const addToList = (userId: string, bookId: string, list: string, addedAt: number) => {
    const key = `${userId}|${bookId}`;
    if (listed.has(key)) throw new Error(`Demo data puts ${bookId} in two of ${userId}'s lists`);
    listed.add(key);
    listEntries.push({ userId, bookId, list, addedAt: iso(addedAt) });
  };
  const addProgress = (userId: string, bookId: string, progress: number) => {
    const lastReadAt = activityWindow(userId, bookId, "read");
    const launchedAt = timelineFor(bookId).launchedAt as number;
    const startedAt = between(Math.max(launchedAt, joined(userId)), lastReadAt, `${userId}|${bookId}|start`);
    const anchors = chapterAnchors.get(bookId) as string[];
    const isRead = progress === 100;
    // Chapters are read in order; the position within the book falls in the current chapter.
    const position = (progress / 100) * anchors.length;
    const currentIndex = isRead ? anchors.length - 1 : Math.min(anchors.length - 1, Math.floor(position));
    readingProgress.push({
      userId,
      bookId,
      progress,
      currentChapter: anchors[currentIndex] as string,
      lastReadAt: iso(lastReadAt),
      isRead: toBool(isRead),
      epubPosition: null,
    });
    anchors.forEach((anchorId, index) => {
      if (index > currentIndex) return;
      const done = isRead || index < currentIndex;
      const partial = Math.round((position - index) * 100);
      if (!done && partial <= 0) return;
      // Earlier chapters were read between starting the book and the last session.
      const readAt = startedAt + ((lastReadAt - startedAt) * (index + 1)) / (currentIndex + 1);
      chapterProgress.push({
        userId,
        bookId,
        anchorId,
        progress: done ? 100 : partial,
        isRead: toBool(done),
        lastReadAt: iso(Math.round(readAt)),
        epubPosition: null,
      });
    });
    addToList(userId, bookId, isRead ? "finished" : "reading", isRead ? lastReadAt : startedAt);
  };

  for (const activity of DEMO_ACTIVITY as DemoActivity[]) {
    const { userId } = activity;
    userName(userId);
    for (const bookId of activity.finished) addProgress(userId, bookId, 100);
    for (const [bookId, progress] of Object.entries(activity.reading)) {
      if (!Number.isInteger(progress) || progress < 1 || progress > 99)
        throw new Error(`Bad demo progress ${progress}`);
      addProgress(userId, bookId, progress);
    }
    for (const bookId of activity.starred) {
      stars.push({ userId, bookId, updatedAt: iso(activityWindow(userId, bookId, "star")) });
    }
    for (const bookId of activity.wantToRead) {
      const timeline = timelineFor(bookId);
      if (!bookOf(bookId).display || timeline.launchedAt === null) throw new Error(`${bookId} cannot be wanted`);
      if (bookOf(bookId).authorIds.includes(userId)) throw new Error(`${userId} would want their own book`);
      // A launched book can be saved once it is out; a scheduled one once its page exists.
      const visibleFrom = timeline.launchedAt <= nowMs ? timeline.launchedAt : timeline.addedAt + DAY_MS;
      const from = Math.max(visibleFrom, joined(userId)) + HOUR_MS;
      addToList(userId, bookId, "want-to-read", between(from, latest, `${userId}|${bookId}|want`));
    }
    for (const bookId of activity.notifyOnLaunch) {
      const timeline = timelineFor(bookId);
      if (bookOf(bookId).launch.status !== "scheduled") throw new Error(`${bookId} is not scheduled`);
      const from = Math.max(timeline.addedAt, joined(userId)) + HOUR_MS;
      launchSubscriptions.push({ bookId, userId, createdAt: iso(between(from, latest, `${userId}|${bookId}|notify`)) });
    }
    for (const followeeId of activity.follows) {
      userName(followeeId);
      if (followeeId === userId) throw new Error(`${userId} would follow themselves`);
      const at = iso(
        between(Math.max(joined(userId), joined(followeeId)) + HOUR_MS, latest, `${userId}|${followeeId}|follow`),
      );
      follows.push({ followerId: userId, followeeId, createdAt: at, updatedAt: at });
    }
  }

  // Books, with counters recounted from the rows above.
  const books: Row<"books">[] = DEMO_BOOKS.map((book) => {
    const bookId = demoBookId(book);
    const timeline = timelineFor(bookId);
    const bookStars = stars.filter((row) => row.bookId === bookId);
    const progress = readingProgress.filter((row) => row.bookId === bookId);
    const current = progress.filter((row) => row.isRead === 0).length;
    const finished = progress.filter((row) => row.isRead === 1).length;
    const times = [...bookStars.map((row) => row.updatedAt), ...progress.map((row) => row.lastReadAt)].sort();
    return {
      id: bookId,
      title: book.text.title,
      authors: toJson(book.authorIds.map(userName)),
      authorIds: toJson(book.authorIds),
      imageUrl: imageUrls.get(bookId) ?? null,
      summary: smartQuotes(book.text.summary),
      source: "own",
      display: toBool(book.display),
      status: book.launch.status,
      publishingLabel: book.publishingLabel,
      completionStatus: book.completionStatus,
      launchedDate: timeline.launchedAt === null ? null : iso(timeline.launchedAt),
      addedDate: iso(timeline.addedAt),
      nUserStarred: bookStars.length,
      nCurrentReads: current,
      nFinishedReads: finished,
      interactionScore: demoBookScore({ stars: bookStars.length, current, finished }),
      lastInteractedAt: times.at(-1) ?? null,
    };
  });

  // Users and authors, with counters recounted from the rows above.
  const users: Row<"users">[] = DEMO_USERS.map((user) => {
    const createdAt = joined(user.id);
    const followers = follows.filter((row) => row.followeeId === user.id).length;
    const following = follows.filter((row) => row.followerId === user.id).length;
    const reads = readingProgress.filter((row) => row.userId === user.id).length;
    const starsGiven = stars.filter((row) => row.userId === user.id).length;
    // Someone else's star or finish of a book they wrote; their own earn them nothing as its author.
    const ownBooks = new Set(bookAuthors.filter((row) => row.authorId === user.id).map((row) => row.bookId));
    const byOthers = (row: { userId: string; bookId: string }) => row.userId !== user.id && ownBooks.has(row.bookId);
    const starsReceived = stars.filter(byOthers).length;
    const finishesReceived = readingProgress.filter((row) => row.isRead === 1 && byOthers(row)).length;
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username,
      email: `${user.username}@demo.quire.local`,
      roles: toJson(user.isAuthor ? ["reader", "author"] : ["reader"]),
      signUpForBeta: toBool(user.signUpForBeta),
      social: toJson(user.social),
      createdAt: iso(createdAt),
      updatedAt: iso(between(createdAt, latest, `${user.id}|updated`)),
      avatarUrl: null,
      coverUrl: null,
      description: smartQuotes(user.description),
      location: user.location,
      nFollowing: following,
      nFollowers: followers,
      acceptedTerms: 1,
      acceptedTracking: toBool(user.acceptedTracking),
      emailVerified: 1,
      nReferredUsers: 0,
      searchUserId: randomUUID(),
      utm: null,
      interactionScore: demoUserScore({ followers, reads, starsGiven, starsReceived, finishesReceived }),
      onboardedAt: iso(createdAt),
    };
  });

  const authors: Row<"authors">[] = DEMO_USERS.filter((user) => user.isAuthor).map((user) => {
    const ownBooks = new Set(bookAuthors.filter((row) => row.authorId === user.id).map((row) => row.bookId));
    const readers = new Set(readingProgress.filter((row) => ownBooks.has(row.bookId)).map((row) => row.userId));
    return { id: user.id, name: userName(user.id), nReaders: readers.size };
  });

  const titleToId = new Map(DEMO_BOOKS.map((book) => [book.text.title, demoBookId(book)]));
  const categories: Row<"categories">[] = [];
  const categoryBooks: Row<"categoryBooks">[] = [];
  DEMO_CATEGORIES.forEach((category, index) => {
    const categoryId = slugify(category.name);
    categories.push({ id: categoryId, name: category.name, position: index + 1 });
    category.bookTitles.forEach((title, position) => {
      const bookId = titleToId.get(title);
      if (!bookId) throw new Error(`Category ${category.name} names an unknown book: ${title}`);
      categoryBooks.push({ categoryId, bookId, position: position + 1 });
    });
  });

  return {
    users,
    authors,
    genres,
    books,
    bookAuthors,
    bookGenres,
    categories,
    categoryBooks,
    bookData,
    chapters,
    follows,
    stars,
    readingProgress,
    chapterProgress,
    listEntries,
    launchSubscriptions,
  };
}

/** Which covers the demo needs: one per book, coloured by its first genre. */
export function demoCoverRequests(): DemoCoverRequest[] {
  const names = new Map(DEMO_USERS.map((user) => [user.id, `${user.firstName} ${user.lastName}`]));
  return DEMO_BOOKS.map((book) => {
    const genreName = book.genres[0] ?? "";
    return {
      bookId: demoBookId(book),
      title: book.text.title,
      authors: book.authorIds.map((id) => names.get(id) ?? id),
      genreId: slugify(genreName),
      genreName,
    };
  });
}
