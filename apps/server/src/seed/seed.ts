import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { FileStorage } from "../infra/storage";
import { renderCoverSvg } from "./covers";
import { buildDemoPlan, demoCoverRequests } from "./plan";
import { demoExists, insertDemoPlan } from "./seed.repository";

export interface SeedContext {
  db: Kysely<Database>;
  storage: FileStorage;
  now: Date;
}

export interface SeedResult {
  /** false when the demo content was already there and nothing was written. */
  seeded: boolean;
  /** Books and users inserted by this call (0 when seeded is false). */
  books: number;
  users: number;
}

export const coverKey = (bookId: string): string => `covers/${bookId}.svg`;

/**
 * Fills an empty Quire with a living demo: community books with real chapters and generated
 * covers, readers and authors who follow, star and read them, genres and curated categories.
 * Every date is relative to `ctx.now`. Idempotent: when the first demo book exists it does
 * nothing. Covers go to storage first (rewriting them is harmless); the rows go in one
 * transaction, so a failure leaves no half-seeded database.
 */
export async function seedDemoContent(ctx: SeedContext): Promise<SeedResult> {
  const nothing: SeedResult = { seeded: false, books: 0, users: 0 };
  if (await demoExists(ctx.db)) return nothing;

  const imageUrls = new Map<string, string>();
  const encoder = new TextEncoder();
  for (const cover of demoCoverRequests()) {
    const svg = renderCoverSvg({
      id: cover.bookId,
      title: cover.title,
      authors: cover.authors,
      genre: cover.genreId,
      genreLabel: cover.genreName,
    });
    imageUrls.set(cover.bookId, await ctx.storage.put(coverKey(cover.bookId), encoder.encode(svg), "image/svg+xml"));
  }

  const plan = buildDemoPlan(ctx.now, imageUrls);
  if (!(await insertDemoPlan(ctx.db, plan))) return nothing;
  return { seeded: true, books: plan.books.length, users: plan.users.length };
}
