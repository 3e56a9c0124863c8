import type { Genre } from "@quire/core";
import { CompiledQuery, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { DialectName } from "../../db/dialect";
import type { BookRow, Database } from "../../db/schema";
import type { BookFilters, CatalogRepository } from "../catalog";
import type { ProfileRow, UsersRepository } from "../users";
import { BookIndex, type BookLabel, PersonIndex, type PersonLabel } from "./search-index";

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

/** Rows read per statement while building: a batch's words are taken in before the next is read. */
const ROWS_PER_BATCH = 5_000;

/**
 * The search indexes live in this process's memory, built from the tables in the background (from start-up,
 * or when a rebuild is due) and brought up to date from `search_changes` before every search: triggers write
 * those notes in the same transaction as the change, so a search after a commit sees it, from any process.
 * While a build runs, searches read the tables instead. This class holds every search statement.
 */
export class SearchRepository {
  private live?: { indexes: SearchIndexes; position: ChangePosition; syncedAt: number };
  private running?: Promise<SearchIndexes | undefined>;
  private queued?: Promise<SearchIndexes | undefined>;
  private building?: Promise<void>;
  private buildError?: unknown;
  private stopped = false;
  private prunedAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly catalog: CatalogRepository,
    private readonly users: UsersRepository,
    private readonly rowsPerBatch = ROWS_PER_BATCH,
  ) {}

  /**
   * The indexes with every change committed before this call applied, or `undefined` while they are being
   * built (the caller then reads the tables). Syncs run one at a time (an older read applied after a newer
   * one would bring back an old title); callers arriving while one runs share the next, which starts after
   * theirs arrived. A build that failed fails the next call, and the one after starts another.
   */
  indexes(): Promise<SearchIndexes | undefined> {
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

  /** Starts building the indexes (at start-up), so no search waits for them. */
  startBuilding(): void {
    this.build();
  }

  /** Resolves once no build is running: the start-up build, or a rebuild begun since. */
  async built(): Promise<void> {
    while (this.building) await this.building;
  }

  /** Ends a running build at its next batch (the process is closing) and waits for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.built();
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

  /** Suggested people's labels, in the order of `ids`: the index holds only what finds and ranks them. */
  async personLabels(ids: string[]): Promise<PersonLabel[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom("users")
      .leftJoin("authors", "authors.id", "users.id")
      .select(["users.id", "firstName", "lastName", "username", "authors.id as authorId"])
      .where("users.id", "in", ids)
      .execute();
    const byId = new Map(rows.map(({ authorId, ...row }) => [row.id, { ...row, isAuthor: authorId !== null }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * While the indexes are built: the best `limit` searchable books whose title or authors (`titles`), or only
   * with their summary (`summaries`), hold a word beginning with each of `words`. Plainer than the index's
   * match: no folding of diacritics, no spelling corrections.
   */
  async booksFromTables(words: string[], tier: "titles" | "summaries", limit: number): Promise<BookLabel[]> {
    const inTitles = (word: string) =>
      sql<SqlBool>`(${beginsAWord("books.title", word)} or ${beginsAWord("books.authors", word)})`;
    const everyWord = (match: (word: string) => RawBuilder<SqlBool>) => sql.join(words.map(match), sql` and `);
    const matches =
      tier === "titles"
        ? everyWord(inTitles)
        : sql`${everyWord((word) => sql`(${inTitles(word)} or ${beginsAWord("books.summary", word)})`)} and not (${everyWord(inTitles)})`;
    return this.db
      .selectFrom("books")
      .select(["id", "title", "authors"])
      .where("display", "=", 1)
      .where("status", "<>", "wip")
      .where(sql<SqlBool>`${matches}`)
      .orderBy("interactionScore", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }

  /** While the indexes are built: ids of the best `limit` people whose names or username begin with `words`. */
  async personIdsFromTables(words: string[], limit: number): Promise<string[]> {
    const matches = words.map(
      (word) =>
        sql<SqlBool>`(${beginsAWord("users.firstName", word)} or ${beginsAWord("users.lastName", word)} or ${beginsAWord("users.username", word)})`,
    );
    const rows = await this.db
      .selectFrom("users")
      .select("id")
      .where(sql<SqlBool>`${sql.join(matches, sql` and `)}`)
      .orderBy("interactionScore", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** `quire search reindex`: every server process reads the tables afresh before its next search. */
  async requestRebuild(): Promise<void> {
    await sql`insert into search_changes (kind, ref_id) values ('all', '*')`.execute(this.db);
  }

  private async sync(): Promise<SearchIndexes | undefined> {
    if (this.buildError !== undefined) {
      const error = this.buildError;
      this.buildError = undefined;
      throw error;
    }
    const now = Date.now();
    // Notes older than an hour are gone: a process that has not read them for half that long starts afresh.
    if (!this.live || now - this.live.syncedAt > CHANGES_KEPT_MS / 2) this.build();
    if (this.building || !this.live) return undefined;
    const { changes, next } = await this.changesSince(this.live.position);
    if (changes.length >= CHANGES_PER_SYNC || changes.some((change) => change.kind === "all")) {
      this.build();
      return undefined;
    }
    const { indexes } = this.live;
    await this.apply(indexes, changes);
    this.live = { indexes, position: next, syncedAt: now };
    if (indexes.books.wasteful || indexes.people.wasteful) this.build();
    if (now - this.prunedAt > PRUNE_EVERY_MS) await this.prune(now);
    return indexes;
  }

  private build(): void {
    if (this.building || this.stopped) return;
    this.building = this.load().then(
      (live) => {
        if (live) this.live = live;
      },
      (error: unknown) => {
        this.buildError = error;
      },
    );
    this.building.finally(() => {
      this.building = undefined;
    });
  }

  /** Fresh indexes from the tables, read in batches; `undefined` when stopped half-way. */
  private async load(): Promise<typeof this.live> {
    const syncedAt = Date.now();
    // The position is read first: a change committed while the tables are read is applied again, harmlessly.
    const position = await this.currentPosition();
    const [books, people, genres] = await Promise.all([
      BookIndex.load((take) => this.inBatches("books", this.bookTexts(), take)),
      PersonIndex.load((take) => this.inBatches("people", this.personTexts(), take)),
      this.catalog.listGenres(),
    ]);
    if (this.stopped) return undefined;
    return { indexes: { books, people, genres }, position, syncedAt };
  }

  /**
   * Every row of `query`, `rowsPerBatch` at a time, until stopped. PostgreSQL reads the table once through a
   * cursor (a key range per batch reached the rows in random order, fifty times slower); SQLite walks the key.
   */
  private async inBatches<Row extends { id: string }>(
    name: "books" | "people",
    query: SelectQueryBuilder<Database, keyof Database, Row>,
    take: (rows: Row[]) => void,
  ): Promise<void> {
    if (this.dialect === "postgres") {
      const { sql: text, parameters } = query.compile();
      const cursor = `search_${name}`;
      const readThrough = async (trx: Kysely<Database>) => {
        await trx.executeQuery(CompiledQuery.raw(`declare ${cursor} no scroll cursor for ${text}`, [...parameters]));
        while (!this.stopped) {
          const { rows } = await sql<Row>`fetch forward ${sql.lit(this.rowsPerBatch)} from ${sql.id(cursor)}`.execute(
            trx,
          );
          take(rows);
          if (rows.length < this.rowsPerBatch) break;
        }
        await sql`close ${sql.id(cursor)}`.execute(trx);
      };
      // A cursor lives in a transaction: the caller's, when it has one (a test's, a command's).
      if (this.db.isTransaction) await readThrough(this.db);
      else await this.db.transaction().execute(readThrough);
      return;
    }
    let last = "";
    while (!this.stopped) {
      const rows = await query
        .where(sql<SqlBool>`${sql.ref("id")} > ${last}`)
        .orderBy(sql.ref("id"))
        .limit(this.rowsPerBatch)
        .execute();
      take(rows);
      if (rows.length < this.rowsPerBatch) return;
      last = (rows.at(-1) as Row).id;
    }
  }

  private async apply(indexes: SearchIndexes, changes: Change[]): Promise<void> {
    const books = await this.amongIds(changedIds(changes, "book"), (chunk) =>
      this.bookTexts().where("id", "in", chunk).execute(),
    );
    applyChanges(indexes.books, changes, "book", books);
    const people = await this.amongIds(changedIds(changes, "person"), (chunk) =>
      this.personTexts().where("id", "in", chunk).execute(),
    );
    applyChanges(indexes.people, changes, "person", people);
    if (changes.some((change) => change.kind === "genre")) indexes.genres = await this.catalog.listGenres();
  }

  private async amongIds<Row>(ids: string[], read: (chunk: string[]) => Promise<Row[]>): Promise<Row[]> {
    const rows: Row[] = [];
    for (let at = 0; at < ids.length; at += IDS_PER_STATEMENT)
      rows.push(...(await read(ids.slice(at, at + IDS_PER_STATEMENT))));
    return rows;
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

  /** Searchable books' texts (missing ones are no longer searchable). */
  private bookTexts() {
    return this.db
      .selectFrom("books")
      .select(["id", "title", "authors", "summary", "interactionScore"])
      .where("display", "=", 1)
      .where("status", "<>", "wip");
  }

  private personTexts() {
    return this.db.selectFrom("users").select(["id", "firstName", "lastName", "username", "interactionScore"]);
  }
}

/** `column` holds a word beginning with `word` (a query word: letters and digits only, nothing to escape). */
function beginsAWord(column: string, word: string): RawBuilder<SqlBool> {
  const text = sql`lower(${sql.ref(column)})`;
  return sql<SqlBool>`(${text} like ${`${word}%`} or ${text} like ${`% ${word}%`} or ${text} like ${`%"${word}%`} or ${text} like ${`%-${word}%`})`;
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
