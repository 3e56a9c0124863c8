/** The simulated readers and the mixed workload of `npm run bench:scale`: who asks, and for what. */

import type pg from "pg";
import { hashToken, newSecretToken } from "../../apps/server/src/features/auth/secrets";
import { GENRES } from "../seed-books";
import { SCALE, userOfNumber } from "./fixture";
import type { RouteMix, RouteRequest } from "./mixed-load";
import type { HotRoute } from "./plans";

export const READERS = 2_000;
const REQUESTS_PER_ROUTE = 5_000;

const SEARCH_WORDS = [
  "amber",
  "ash",
  "bell",
  "cedar",
  "cinder",
  "copper",
  "dawn",
  "ember",
  "frost",
  "harbor",
  "ada",
  "lena",
];

export interface Reader {
  id: string;
  token: string;
  /** Books this reader has progress on (visible, not scheduled): what their progress writes update. */
  books: string[];
}

/** Sessions for a spread of users, stored as the product stores them (a hash of the bearer token). */
export async function createReaders(client: pg.Client): Promise<Reader[]> {
  const ids = Array.from({ length: READERS }, (_, i) =>
    userOfNumber((Math.floor((i * SCALE.users) / READERS) + 7) % SCALE.users),
  );
  const tokens = ids.map(() => newSecretToken());
  const now = new Date();
  const expires = new Date(now.getTime() + 7 * 86_400_000).toISOString();
  await client.query(
    `insert into sessions (id_hash, user_id, created_at, last_used_at, expires_at)
     select h, u, $3, $3, $4 from unnest($1::text[], $2::text[]) as s(h, u)`,
    [tokens.map(hashToken), ids, now.toISOString(), expires],
  );
  const books = await client.query<{ userId: string; bookId: string }>(
    `select p.user_id as "userId", p.book_id as "bookId" from reading_progress p join books b on b.id = p.book_id
     where p.user_id = any($1) and b.display = 1 and b.status <> 'scheduled'`,
    [ids],
  );
  const booksOf = new Map<string, string[]>();
  for (const row of books.rows) booksOf.set(row.userId, [...(booksOf.get(row.userId) ?? []), row.bookId]);
  return ids
    .map((id, i) => ({ id, token: tokens[i] as string, books: booksOf.get(id) ?? [] }))
    .filter((reader) => reader.books.length > 0);
}

export function pick<T>(values: readonly T[]): T {
  return values[Math.floor(Math.random() * values.length)] as T;
}

/** The mix: 80 % catalogue reads (half of them signed in), 15 % progress writes, 5 % feed, notifications, search. */
export function workload(readers: Reader[], bookIds: string[]): RouteMix[] {
  const json = { "content-type": "application/json" };
  const as = (reader: Reader) => ({ authorization: `Bearer ${reader.token}` });
  const requests = (make: (i: number) => RouteRequest) => Array.from({ length: REQUESTS_PER_ROUTE }, (_, i) => make(i));
  const maybeSignedIn = (i: number) => (i % 2 === 0 ? as(pick(readers)) : {});
  const position = (anchorId: string) => ({ anchorId, offset: Math.round(Math.random() * 100) / 100 });
  return [
    {
      route: "books list",
      weight: 20,
      requests: requests((i) => ({ method: "GET", path: "/api/v1/books", headers: maybeSignedIn(i) })),
    },
    {
      route: "books list, genre",
      weight: 20,
      requests: requests((i) => ({
        method: "GET",
        path: `/api/v1/books?genre=${GENRES[i % GENRES.length]?.id}&pageSize=20`,
        headers: maybeSignedIn(i),
      })),
    },
    {
      route: "book page",
      weight: 40,
      requests: requests((i) => ({ method: "GET", path: `/api/v1/books/${pick(bookIds)}`, headers: maybeSignedIn(i) })),
    },
    {
      route: "progress (book)",
      weight: 10,
      requests: requests(() => {
        const reader = pick(readers);
        const anchorId = `chapter-${1 + Math.floor(Math.random() * 3)}`;
        return {
          method: "PUT",
          path: `/api/v1/books/${pick(reader.books)}/progress`,
          headers: { ...as(reader), ...json },
          body: JSON.stringify({
            progress: Math.floor(Math.random() * 99),
            currentChapter: anchorId,
            epubPosition: position(anchorId),
          }),
        };
      }),
    },
    {
      route: "progress (chapter)",
      weight: 5,
      requests: requests(() => {
        const reader = pick(readers);
        const anchorId = `chapter-${1 + Math.floor(Math.random() * 3)}`;
        return {
          method: "PUT",
          path: `/api/v1/books/${pick(reader.books)}/chapters/${anchorId}/progress`,
          headers: { ...as(reader), ...json },
          body: JSON.stringify({ progress: Math.floor(Math.random() * 99), epubPosition: position(anchorId) }),
        };
      }),
    },
    {
      route: "feed",
      weight: 2,
      requests: requests(() => ({ method: "GET", path: "/api/v1/feed", headers: as(pick(readers)) })),
    },
    {
      route: "notifications",
      weight: 2,
      requests: requests(() => ({ method: "GET", path: "/api/v1/notifications", headers: as(pick(readers)) })),
    },
    {
      route: "search",
      weight: 1,
      requests: requests(() => ({
        method: "GET",
        path: `/api/v1/search?q=${pick(SEARCH_WORDS)}`,
        headers: as(pick(readers)),
      })),
    },
  ];
}

export const WRITE_ROUTES = new Set(["progress (book)", "progress (chapter)"]);

/** Every route a reader's session leans on, for the plan check: the workload's and their neighbours. */
export function hotRoutes(reader: Reader, bookId: string, username: string): HotRoute[] {
  const get = (route: string, path: string, signedIn = true): HotRoute => ({ route, method: "GET", path, signedIn });
  const book = reader.books[0] as string;
  return [
    get("books list", "/api/v1/books", false),
    get("books list, newest", "/api/v1/books?sort=newest"),
    get("books list, title", "/api/v1/books?sort=title"),
    get("books list, page 40", "/api/v1/books?page=40"),
    ...GENRES.map((g) => get(`books list, genre ${g.id}`, `/api/v1/books?genre=${g.id}&pageSize=20`)),
    get("trending", "/api/v1/books/trending"),
    get("new community", "/api/v1/books/new-community"),
    get("book page", `/api/v1/books/${bookId}`, false),
    get("book page, signed in", `/api/v1/books/${bookId}`),
    get("viewer state", `/api/v1/books/${bookId}/viewer-state`),
    get("chapters", `/api/v1/books/${book}/chapters`),
    get("chapter text", `/api/v1/books/${book}/chapters/chapter-1`),
    get("progress", `/api/v1/books/${book}/progress`),
    {
      route: "progress (book)",
      method: "PUT",
      path: `/api/v1/books/${book}/progress`,
      signedIn: true,
      body: { progress: 42, currentChapter: "chapter-2", epubPosition: { anchorId: "chapter-2", offset: 0.5 } },
    },
    {
      route: "progress (chapter)",
      method: "PUT",
      path: `/api/v1/books/${book}/chapters/chapter-2/progress`,
      signedIn: true,
      body: { progress: 50, epubPosition: { anchorId: "chapter-2", offset: 0.5 } },
    },
    {
      route: "progress, new book",
      method: "PUT",
      path: `/api/v1/books/${bookId}/progress`,
      signedIn: true,
      body: { progress: 1, currentChapter: "chapter-1", epubPosition: { anchorId: "chapter-1", offset: 0 } },
    },
    { route: "star", method: "PUT", path: `/api/v1/books/${bookId}/star`, signedIn: true },
    { route: "unstar", method: "DELETE", path: `/api/v1/books/${bookId}/star`, signedIn: true },
    get("after reading", `/api/v1/books/${book}/after-reading`),
    get("me", "/api/v1/me"),
    get("home", "/api/v1/me/home"),
    get("my progress", "/api/v1/me/progress"),
    get("my lists", "/api/v1/me/lists"),
    get("feed", "/api/v1/feed"),
    get("notifications", "/api/v1/notifications"),
    get("search", "/api/v1/search?q=amber"),
    get("search, people", "/api/v1/search?q=lena&kind=people"),
    get("suggest", "/api/v1/search/suggest?q=cop"),
    get("profile", `/api/v1/users/by-username/${username}`),
    get("profile books", `/api/v1/users/${reader.id}/reading`),
    get("followers (1,000)", `/api/v1/users/${userOfNumber(0)}/followers`),
    get("following", `/api/v1/users/${reader.id}/following`),
    get("suggested people", "/api/v1/users/suggested"),
    get("recent people", "/api/v1/users/recent"),
    { route: "follow", method: "PUT", path: `/api/v1/users/${userOfNumber(1)}/follow`, signedIn: true },
    { route: "unfollow", method: "DELETE", path: `/api/v1/users/${userOfNumber(1)}/follow`, signedIn: true },
  ];
}
