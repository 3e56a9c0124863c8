import type { APIRequestContext } from "@playwright/test";

/** A demo author (apps/server/src/seed/users.ts), seeded with the e2e data directory. */
export const DEMO_AUTHOR = { username: "mara_okafor", name: "Mara Okafor" };

export interface DemoBook {
  id: string;
  title: string;
}

export async function trendingBook(request: APIRequestContext): Promise<DemoBook> {
  const { items } = (await (await request.get("/api/v1/books/trending")).json()) as { items: DemoBook[] };
  const book = items[0];
  if (!book) throw new Error("the demo content has no trending book");
  return book;
}
