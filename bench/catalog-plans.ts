/** What the catalogue bench reports about its statements: their plans, and on PostgreSQL how often they were planned. */
import { type CompiledQuery, type Kysely, sql } from "kysely";
import type { Database } from "../apps/server/src/db/schema";
import { CatalogRepository } from "../apps/server/src/features/catalog/catalog.repository";
import { fmtInt, markdownTable } from "./lib";

/**
 * The plans of the statements behind the measured routes: each read is run once through a catalogue repository
 * that records what it sends, then explained (SQLite's EXPLAIN QUERY PLAN; PostgreSQL's EXPLAIN ANALYZE).
 */
export async function explainHotQueries(
  db: Kysely<Database>,
  dialect: "sqlite" | "postgres",
  reads: { common: string; rare: string; bookId: string; otherBookIds: string[] },
): Promise<string> {
  let sent: CompiledQuery[] = [];
  // Compiled statements go through Kysely's executeQuery: record them there (methods bound: Kysely has private fields).
  const recording = new Proxy(db, {
    get(target, property) {
      if (property === "executeQuery")
        return (query: CompiledQuery) => {
          sent.push(query);
          return target.executeQuery(query);
        };
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const catalog = new CatalogRepository(recording);
  const cases: [string, () => Promise<unknown>][] = [
    ["books list (popular, first page)", () => catalog.listBooksPage({ display: 1 }, "popular", 20, undefined)],
    [
      `genre filter, common (${reads.common})`,
      () => catalog.listBooksPage({ display: 1, genre: reads.common }, "popular", 20, undefined),
    ],
    [
      `genre filter, rare (${reads.rare})`,
      () => catalog.listBooksPage({ display: 1, genre: reads.rare }, "popular", 20, undefined),
    ],
    ["book page", () => catalog.findBookDetailJson(reads.bookId)],
  ];
  // PostgreSQL reads book pages asked for together in one statement, a lone one by its id; list pages of one shape
  // asked for together in one statement too.
  if (dialect === "postgres") {
    cases.push(
      [
        "book pages asked for together",
        () => Promise.all(reads.otherBookIds.map((id) => catalog.findBookDetailJson(id))),
      ],
      [
        `genre filter, ${reads.common} and ${reads.rare} asked for together`,
        () =>
          catalog.listPages(
            [reads.common, reads.rare].map((genre) => ({
              filters: { display: 1, genre },
              sort: "popular",
              pageSize: 20,
            })),
          ),
      ],
    );
  }
  const sections: string[] = [];
  for (const [label, read] of cases) {
    sent = [];
    await read();
    for (const query of sent) {
      const explain = dialect === "sqlite" ? "explain query plan " : "explain (analyze, costs off, timing off) ";
      const { rows } = await db.executeQuery<Record<string, unknown>>({
        ...query,
        sql: `${explain}${query.sql}`,
      });
      const plan = rows.map((row) => String(dialect === "sqlite" ? row.detail : row["QUERY PLAN"])).join("\n");
      sections.push(`-- ${label}\n${query.sql}\n${plan}`);
    }
  }
  return sections.join("\n\n");
}

/**
 * PostgreSQL only: how often each hot statement was planned for its values (custom) and how often a plan was kept
 * (generic), summed over the pool's open connections after the load: a statement planned on every run costs its
 * planning each time. Concurrent reads that each hold a connection for a moment see every pooled connection.
 */
export async function planReuse(db: Kysely<Database>, connections: number): Promise<string> {
  const seen = await Promise.all(
    Array.from({ length: connections }, () =>
      sql<{ pid: number; statement: string; genericPlans: number; customPlans: number }>`
        select pg_backend_pid() as pid, statement, generic_plans, custom_plans
        from pg_prepared_statements, pg_sleep(0.05) where statement like '%book_json%'`
        .execute(db)
        .then((result) => result.rows),
    ),
  );
  const byPid = new Map(seen.flat().map((row) => [`${row.pid} ${row.statement}`, row]));
  const totals = new Map<string, { generic: number; custom: number; prepared: number; pages: number }>();
  for (const row of byPid.values()) {
    const shape = hotStatementLabel(row.statement);
    const total = totals.get(shape) ?? { generic: 0, custom: 0, prepared: 0, pages: 0 };
    const runs = Number(row.genericPlans) + Number(row.customPlans);
    total.generic += Number(row.genericPlans);
    total.custom += Number(row.customPlans);
    total.prepared += 1;
    total.pages += runs * pagesRead(row.statement);
    totals.set(shape, total);
  }
  return markdownTable(
    [
      "statement",
      "prepared (connections × pages a statement)",
      "plans kept (generic runs)",
      "planned for their values (custom runs)",
      "pages a run",
    ],
    [...totals].map(([shape, total]) => [
      shape,
      String(total.prepared),
      fmtInt(total.generic),
      fmtInt(total.custom),
      (total.pages / Math.max(1, total.generic + total.custom)).toFixed(1),
    ]),
  );
}

/** How many list pages one run of a statement reads (a batch of pages is a `union all` of their values); 1 for the others. */
function pagesRead(statement: string): number {
  return statement.split(" union all ").length;
}

/** A list statement's shape (what it filters on, what it sorts by), or the book page's. */
function hotStatementLabel(statement: string): string {
  if (statement.includes("any(")) return "book pages (a batch of ids)";
  if (statement.includes('"books"."id" = $1')) return "book page (one id)";
  const filters = [
    statement.includes('"genre_books"') ? "genre" : "",
    statement.includes('"books"."source"') ? "source" : "",
  ];
  const sort = /"(\w+)" as "sort"/.exec(statement)?.[1] ?? "?";
  const limit = /limit (\d+)/.exec(statement)?.[1];
  return `list by ${sort}${filters.some(Boolean) ? `, ${filters.filter(Boolean).join(" + ")}` : ""}${limit ? `, limit ${limit}` : ""}`;
}
