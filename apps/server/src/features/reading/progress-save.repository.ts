import { type Kysely, type Selectable, sql } from "kysely";
import { param, ReusableQuery } from "../../db/reusable-query";
import type { ChapterProgressTable, Database, ReadingProgressTable } from "../../db/schema";

export type ReadingProgressRow = Selectable<ReadingProgressTable>;
export type ChapterProgressRow = Selectable<ChapterProgressTable>;

/**
 * A progress save on PostgreSQL in one statement. The book's row is updated first and the chapter's upsert follows
 * from it (every writer of a reader's rows takes them in that order: no deadlock between them); the answer's
 * chapters are the stored ones plus the saved one as it now is (a CTE's changes are invisible to the rest of its
 * statement). `before` is the stored row: a finish is `is_read` going from 0 (or no row) to 1. Two modes:
 * - full (`quick` false), under `lockReader` (whose statement came first, so this one's snapshot sees every earlier
 *   save of the reader): the rules of `writeBookProgress` in one UPDATE whose SET reads the stored row, or the
 *   first insert;
 * - quick, on its own without a transaction: only a save that moves an existing place and finishes nothing, so it
 *   changes no counter and needs no reader lock (the book's row lock orders saves of one book; an update re-reads
 *   the row a concurrent save just committed). Anything else returns no row and takes the full path.
 * `synchronous_commit` is off for the statement's own transaction (see `lockReader`).
 */
export function saveProgressStatement(db: Kysely<Database>) {
  const user = sql`${param("userId")}::text`;
  const book = sql`${param("bookId")}::text`;
  const at = sql`${param("lastReadAt")}::text`;
  const fresh = sql`reading_progress.last_read_at <= ${at}`;
  const isRead = sql`${param("isRead")}::int`;
  const position = sql`${param("epubPosition")}::text`;
  const anchor = sql`${param("anchorId")}::text`;
  const quick = sql`${param("quick")}::boolean`;
  return new ReusableQuery(
    sql<
      ReadingProgressRow & {
        started: boolean;
        finished: boolean;
        chapters: ChapterProgressRow[] | null;
        synchronousCommit: string;
      }
    >`
      with before as (
        select is_read from reading_progress where user_id = ${user} and book_id = ${book}
      ),
      updated as (
        update reading_progress set
          progress = case when ${fresh} then ${param("progress")}::int else progress end,
          current_chapter = case when ${fresh} then ${param("currentChapter")}::text else current_chapter end,
          epub_position = case when ${fresh} then coalesce(${position}, epub_position) else epub_position end,
          last_read_at = case when ${fresh} then ${at} else last_read_at end,
          is_read = case when ${isRead} = 1 then 1 else is_read end
        where user_id = ${user} and book_id = ${book}
          and (${fresh} or (${isRead} = 1 and is_read = 0 and not ${quick}))
          and (not ${quick} or is_read = 1 or ${isRead} = 0)
        returning *
      ),
      inserted as (
        insert into reading_progress (user_id, book_id, progress, current_chapter, last_read_at, is_read, epub_position)
        select ${user}, ${book}, ${param("progress")}::int, ${param("currentChapter")}::text, ${at}, ${isRead}, ${position}
        where not ${quick} and not exists (select 1 from before)
        returning *
      ),
      saved as (
        select * from updated
        union all select * from inserted
        union all select * from reading_progress
          where user_id = ${user} and book_id = ${book} and not ${quick}
            and not exists (select 1 from updated) and not exists (select 1 from inserted)
      ),
      chapter as (
        insert into chapter_progress (user_id, book_id, anchor_id, progress, is_read, last_read_at, epub_position)
        select ${user}, ${book}, ${anchor}, ${param("chapterProgress")}::int, ${param("chapterIsRead")}::int, ${at}, ${position}
        from saved
        where ${anchor} is not null
        on conflict (user_id, book_id, anchor_id) do update set
          progress = excluded.progress,
          last_read_at = excluded.last_read_at,
          is_read = case when chapter_progress.is_read = 1 then 1 else excluded.is_read end,
          epub_position = coalesce(excluded.epub_position, chapter_progress.epub_position)
        where chapter_progress.last_read_at <= excluded.last_read_at
        returning *
      ),
      chapters as (
        select * from chapter_progress
          where user_id = ${user} and book_id = ${book} and anchor_id not in (select anchor_id from chapter)
        union all select * from chapter
      )
      select saved.*,
        not ${quick} and exists (select 1 from inserted) as started,
        not ${quick} and saved.is_read = 1 and coalesce((select is_read from before), 0) = 0 as finished,
        (select json_agg(json_build_object(
            'userId', user_id, 'bookId', book_id, 'anchorId', anchor_id, 'progress', progress, 'isRead', is_read,
            'lastReadAt', last_read_at, 'epubPosition', epub_position))
          from chapters) as chapters,
        set_config('synchronous_commit', 'off', true) as synchronous_commit
      from saved`.compile(db),
  );
}
