import type { Genre } from "@quire/core";
import { type Kysely, sql } from "kysely";
import type { DialectName } from "../../db/dialect";
import type { BookRow, Database } from "../../db/schema";
import type { BookFilters, CatalogRepository } from "../catalog";
import type { ProfileRow, UsersRepository } from "../users";
import { BookIndex, type BookText, PersonIndex, type PersonText } from "./search-index";

export type SearchFilters = Omit<BookFilters, "display">;

export interface SearchIndexes {
  books: BookIndex;
  people: PersonIndex;
  /** For suggestions; the list is read again whenever it changes. */
  genres: Genre[];
}

/** Where this process has read `search_changes` up to (see the migration 2026-11-26-05-search-changes). */
type ChangePosition =
  | { dialect: "sqlite"; lastSeq: number }
  | { dialect: "postgres"; settledXid: string; appliedSeqs: Set<string> };

interface Change {
  seq: string;
  kind: string;
  refId: string;
}

/** More notes than this at once (a bulk import, a restore) and reading the tables afresh is cheaper. */
const CHANGES_PER_SYNC = 10_000;
/** Notes older than this are deleted; a process that has not read them for half as long rebuilds. */
const CHANGES_KEPT_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const IDS_PER_STATEMENT = 500;

/**
 * The search indexes live in this process's memory, built from the tables on first use and brought up to
 * date from `search_changes` before every search: triggers write those notes in the same transaction as the
 * change, so a search after a commit sees it, from any process. This class holds every search statement.
 */
export class SearchRepository {
  private live?: { indexes: SearchIndexes; position: ChangePosition; syncedAt: number };
  private running?: Promise<SearchIndexes>;
  private queued?: Promise<SearchIndexes>;
  private prunedAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly catalog: CatalogRepository,
    private readonly users: UsersRepository,
  ) {}

  /**
   * The indexes with every change committed before this call applied. Syncs run one at a time (an older
   * read applied after a newer one would bring back an old title); callers arriving while one runs share the
   * next, which starts after theirs arrived.
   */
  indexes(): Promise<SearchIndexes> {
    if (!this.running) {
      this.running = this.sync().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.indexes();
      });
    return this.queued;
  }

  /**
   * Searchable books among `ids` that pass the catalogue's filters, best first. Looked up by id alone:
   * given a display condition as well, SQLite would walk the popularity index instead, through every book.
   */
  async booksAmong(ids: string[], filters: SearchFilters): Promise<BookRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.catalog
      .filtered({ display: undefined, genre: filters.genre, category: filters.category })
      .where("books.id", "in", ids)
      .execute();
    return rows
      .filter(
        (row) =>
          row.display === 1 &&
          row.status !== "wip" &&
          (filters.status === undefined || row.status === filters.status) &&
          (filters.source === undefined || row.source === filters.source) &&
          (filters.completionStatus === undefined || row.completionStatus === filters.completionStatus),
      )
      .sort((a, b) => b.interactionScore - a.interactionScore || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }

  /** People among `ids`, by interaction score. */
  async peopleAmong(ids: string[], page: { limit: number; offset: number }): Promise<ProfileRow[]> {
    if (ids.length === 0) return [];
    return this.users
      .profiles()
      .where("users.id", "in", ids)
      .orderBy("users.interactionScore", "desc")
      .orderBy("users.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /** `quire search reindex`: every server process reads the tables afresh before its next search. */
  async requestRebuild(): Promise<void> {
    await sql`insert into search_changes (kind, ref_id) values ('all', '*')`.execute(this.db);
  }

  private async sync(): Promise<SearchIndexes> {
    const now = Date.now();
    if (!this.live || now - this.live.syncedAt > CHANGES_KEPT_MS / 2) return this.rebuild(now);
    const { changes, next } = await this.changesSince(this.live.position);
    if (changes.length >= CHANGES_PER_SYNC || changes.some((change) => change.kind === "all")) return this.rebuild(now);
    const { indexes } = this.live;
    await this.apply(indexes, changes);
    if (indexes.books.wasteful || indexes.people.wasteful) return this.rebuild(now);
    this.live = { indexes, position: next, syncedAt: now };
    if (now - this.prunedAt > PRUNE_EVERY_MS) await this.prune(now);
    return indexes;
  }

  private async rebuild(now: number): Promise<SearchIndexes> {
    // The position is read first: a change committed while the tables are read is applied again, harmlessly.
    const position = await this.currentPosition();
    const [books, people, genres] = await Promise.all([
      this.bookTexts(),
      this.personTexts(),
      this.catalog.listGenres(),
    ]);
    const indexes = { books: new BookIndex(books), people: new PersonIndex(people), genres };
    this.live = { indexes, position, syncedAt: now };
    return indexes;
  }

  private async apply(indexes: SearchIndexes, changes: Change[]): Promise<void> {
    const books = await this.bookTexts(changedIds(changes, "book"));
    applyChanges(indexes.books, changes, "book", books);
    const people = await this.personTexts(changedIds(changes, "person"));
    applyChanges(indexes.people, changes, "person", people);
    if (changes.some((change) => change.kind === "genre")) indexes.genres = await this.catalog.listGenres();
  }

  private async currentPosition(): Promise<ChangePosition> {
    if (this.dialect === "sqlite") {
      const { rows } = await sql<{ seq: number | null }>`select max(seq) as seq from search_changes`.execute(this.db);
      return { dialect: "sqlite", lastSeq: rows[0]?.seq ?? 0 };
    }
    const { rows } = await sql<{
      settled: string;
    }>`select pg_snapshot_xmin(pg_current_snapshot())::text as settled`.execute(this.db);
    return { dialect: "postgres", settledXid: rows[0]?.settled ?? "0", appliedSeqs: new Set() };
  }

  /**
   * Notes not yet applied. SQLite writes one transaction at a time, so sequence order is commit order. On
   * PostgreSQL every note of a transaction at or above the last snapshot's `xmin` is read again (it may
   * have committed since), skipping those already applied; everything below is settled.
   */
  private async changesSince(position: ChangePosition): Promise<{ changes: Change[]; next: ChangePosition }> {
    if (position.dialect === "sqlite") {
      const { rows } = await sql<{ seq: number; kind: string; refId: string }>`select seq, kind, ref_id as "refId"
        from search_changes where seq > ${position.lastSeq} order by seq limit ${CHANGES_PER_SYNC}`.execute(this.db);
      const last = rows.at(-1)?.seq ?? position.lastSeq;
      return {
        changes: rows.map((row) => ({ ...row, seq: String(row.seq) })),
        next: { dialect: "sqlite", lastSeq: last },
      };
    }
    const { rows } = await sql<{ settled: string; seq: string | null; kind: string | null; refId: string | null }>`
      with snapshot as (select pg_snapshot_xmin(pg_current_snapshot())::text as settled)
      select snapshot.settled, c.seq::text as seq, c.kind, c.ref_id as "refId"
      from snapshot left join search_changes c on c.xid >= ${position.settledXid}::xid8
      order by c.seq limit ${CHANGES_PER_SYNC}`.execute(this.db);
    const seen = rows.filter((row): row is Change & { settled: string } => row.seq !== null);
    return {
      changes: seen.filter((row) => !position.appliedSeqs.has(row.seq)),
      next: {
        dialect: "postgres",
        settledXid: rows[0]?.settled ?? position.settledXid,
        appliedSeqs: new Set(seen.map((row) => row.seq)),
      },
    };
  }

  private async prune(now: number): Promise<void> {
    this.prunedAt = now;
    const before = new Date(now - CHANGES_KEPT_MS);
    await sql`delete from search_changes where changed_at < ${
      this.dialect === "sqlite" ? before.toISOString() : before
    }`.execute(this.db);
  }

  /** Searchable books' texts: all of them, or those of `ids` (missing ones are no longer searchable). */
  private async bookTexts(ids?: string[]): Promise<BookText[]> {
    const query = this.db
      .selectFrom("books")
      .select(["id", "title", "authors", "summary", "interactionScore"])
      .where("display", "=", 1)
      .where("status", "<>", "wip");
    // Best first: slots then run in ranking order, so choosing the best of many matches seldom moves one.
    if (!ids) return query.orderBy("interactionScore", "desc").orderBy("id", "desc").execute();
    const rows: BookText[] = [];
    for (const chunk of chunks(ids)) rows.push(...(await query.where("id", "in", chunk).execute()));
    return rows;
  }

  private async personTexts(ids?: string[]): Promise<PersonText[]> {
    const query = this.db
      .selectFrom("users")
      .leftJoin("authors", "authors.id", "users.id")
      .select(["users.id", "firstName", "lastName", "username", "interactionScore", "authors.id as authorId"]);
    const rows = [];
    // Row by row: spread into push's arguments, a million users overflow the stack.
    if (!ids)
      for (const row of await query.orderBy("interactionScore", "desc").orderBy("users.id", "desc").execute())
        rows.push(row);
    else for (const chunk of chunks(ids)) rows.push(...(await query.where("users.id", "in", chunk).execute()));
    return rows.map(({ authorId, ...row }) => ({ ...row, isAuthor: authorId !== null }));
  }
}

function changedIds(changes: Change[], kind: "book" | "person"): string[] {
  return [...new Set(changes.filter((change) => change.kind.startsWith(kind)).map((change) => change.refId))];
}

/** Rows changed in text are read again, those changed only in score re-ranked; rows not found are forgotten. */
function applyChanges<Row extends { id: string; interactionScore: number }>(
  index: {
    put(row: Row): void;
    rescore(id: string, score: number): void;
    forget(id: string): void;
    has(id: string): boolean;
  },
  changes: Change[],
  kind: "book" | "person",
  rows: Row[],
): void {
  const textChanged = new Set(changes.filter((change) => change.kind === kind).map((change) => change.refId));
  const found = new Set<string>();
  for (const row of rows) {
    found.add(row.id);
    if (textChanged.has(row.id) || !index.has(row.id)) index.put(row);
    else index.rescore(row.id, row.interactionScore);
  }
  for (const id of changedIds(changes, kind)) if (!found.has(id)) index.forget(id);
}

function chunks(ids: string[]): string[][] {
  const result: string[][] = [];
  for (let at = 0; at < ids.length; at += IDS_PER_STATEMENT) result.push(ids.slice(at, at + IDS_PER_STATEMENT));
  return result;
}
