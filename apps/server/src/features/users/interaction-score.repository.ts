import { STAR_SCORE_FLOOR } from "@quire/core";
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export interface ScoreChange {
  userId: string;
  delta: number;
}

/**
 * `interaction_score` of a user or a book moved by `delta`, never below its floor (SPEC §3, constants'
 * USER_SCORE_* and STAR_SCORE_*). Both tables name the column alike, so one expression serves both.
 */
export function scoreMovedBy(
  scored: ExpressionBuilder<Database, "users"> | ExpressionBuilder<Database, "books">,
  delta: number,
) {
  const eb = scored as ExpressionBuilder<Database, "users">;
  const moved = eb("interactionScore", "+", delta);
  if (delta >= 0) return moved;
  return eb.case().when(moved, "<", STAR_SCORE_FLOOR).then(STAR_SCORE_FLOOR).else(moved).end();
}

/**
 * Moves users' interaction scores inside the caller's transaction (the action and its score commit
 * together). Rows are updated in id order, as follows update theirs, so two transactions touching the
 * same users lock them alike. An id that is no user (a public-domain author) changes nothing.
 */
export async function moveUserScores(db: Db, changes: ScoreChange[]): Promise<void> {
  const byUser = new Map<string, number>();
  for (const { userId, delta } of changes) byUser.set(userId, (byUser.get(userId) ?? 0) + delta);
  const ordered = [...byUser].filter(([, delta]) => delta !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [userId, delta] of ordered) {
    await db
      .updateTable("users")
      .set((eb) => ({ interactionScore: scoreMovedBy(eb, delta) }))
      .where("id", "=", userId)
      .execute();
  }
}

/** A book's authors other than `actorId`: what someone does with their own book earns them nothing as its author. */
export async function otherAuthorsOf(db: Db, bookId: string, actorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("bookAuthors")
    .select("authorId")
    .where("bookId", "=", bookId)
    .where("authorId", "!=", actorId)
    .execute();
  return rows.map((row) => row.authorId);
}
