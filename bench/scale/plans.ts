/**
 * Every query a hot path runs, with its plan at full size. The real app runs in this process (`buildApp`, the
 * fixture's database) and answers each hot route once with `inject`, as a signed-in reader; every statement it
 * sends to PostgreSQL is recorded on its way out (an observer on `pg.Client#query`, nothing replaced), then
 * EXPLAINed (FORMAT JSON) with the same parameters. A sequential scan on a big table fails the check.
 */
import type { FastifyInstance } from "fastify";
import pg from "pg";

/** Tables with at least this many rows are "big": a sequential scan of one costs the whole table. */
const BIG_TABLE_ROWS = 100_000;
/**
 * A scan expected to return at least this share of its table reads the table whole by design (the search index's
 * build): no index would make it cheaper, so it is reported apart rather than failed.
 */
const WHOLE_TABLE_SHARE = 0.5;

export interface HotRoute {
  route: string;
  method: "GET" | "PUT" | "POST" | "DELETE";
  path: string;
  signedIn: boolean;
  body?: unknown;
}

interface Captured {
  route: string;
  text: string;
  values: unknown[];
}

export interface PlanRow {
  route: string;
  statement: string;
  /** How each big table is reached: "reading_progress: Index Scan (reading_progress_pk)". */
  access: string[];
  /** Big tables scanned sequentially to find a part of their rows: the failures. */
  seqScans: string[];
  /** Big tables read whole, on purpose (see WHOLE_TABLE_SHARE). */
  wholeReads: string[];
}

export interface PlanReport {
  bigTables: string[];
  rows: PlanRow[];
  /** Routes that did not answer 2xx (their statements are still checked). */
  routeErrors: string[];
  /** Routes that sent no statement at all (a cache answered them). */
  silentRoutes: string[];
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Plan Rows": number;
  "Parallel Aware"?: boolean;
  "Workers Planned"?: number;
  Plans?: PlanNode[];
}

/** Visits every node with the rows it is expected to return in all, whether one process or parallel workers run it. */
function walk(node: PlanNode, visit: (node: PlanNode, rows: number) => void, workers = 0): void {
  // PostgreSQL's parallel divisor: each worker's share, plus what the leader still does itself.
  const divisor = workers + Math.max(0, 1 - 0.3 * workers);
  visit(node, node["Parallel Aware"] ? node["Plan Rows"] * divisor : node["Plan Rows"]);
  for (const child of node.Plans ?? []) walk(child, visit, node["Workers Planned"] ?? workers);
}

/** A statement EXPLAIN can plan, after any leading comment (reusable statements start with one). */
const EXPLAINABLE = /^\s*(\/\*.*?\*\/\s*)*(select|insert|update|delete|with)\b/is;

/**
 * Builds the app and runs each route through it (in order, one at a time), recording the SQL each one sends. The
 * observer goes on before the app exists: the pool binds `query` when it opens a connection.
 */
async function capture(makeApp: () => Promise<FastifyInstance>, routes: HotRoute[], token: string) {
  const captured: Captured[] = [];
  const errors: string[] = [];
  let current: string | undefined;
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    // A plain statement is (text, values); a named prepared one (db/database.ts) is one { name, text, values }.
    const [first, second] = args;
    const { text, values } =
      typeof first === "object" && first !== null && "text" in first
        ? (first as { text: unknown; values?: unknown })
        : { text: first, values: second };
    if (current !== undefined && typeof text === "string")
      captured.push({ route: current, text, values: Array.isArray(values) ? values : [] });
    return original.apply(this, args);
  };
  const app = await makeApp();
  try {
    for (const route of routes) {
      current = route.route;
      const response = await app.inject({
        method: route.method,
        url: route.path,
        headers: route.signedIn ? { authorization: `Bearer ${token}` } : {},
        ...(route.body === undefined ? {} : { payload: route.body as object }),
      });
      if (response.statusCode >= 300)
        errors.push(`${route.route}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
  } finally {
    current = undefined;
    await app.close();
    prototype.query = original;
  }
  return { captured, errors };
}

export async function checkPlans(
  makeApp: () => Promise<FastifyInstance>,
  databaseUrl: string,
  routes: HotRoute[],
  token: string,
): Promise<PlanReport> {
  const { captured, errors } = await capture(makeApp, routes, token);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const big = await client.query<{ relname: string; reltuples: number }>(
      "select relname, reltuples from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples >= $1 order by relname",
      [BIG_TABLE_ROWS],
    );
    const bigTables = big.rows.map((r) => r.relname);
    const rowsOf = new Map(big.rows.map((r) => [r.relname, r.reltuples]));
    // A statement several routes send is EXPLAINed once and listed under each of them.
    const explainedOnce = new Map<string, Pick<PlanRow, "access" | "seqScans" | "wholeReads">>();
    const rows: PlanRow[] = [];
    const listed = new Set<string>();
    for (const { route, text, values } of captured) {
      if (!EXPLAINABLE.test(text) || listed.has(`${route}\n${text}`)) continue;
      listed.add(`${route}\n${text}`);
      let verdict = explainedOnce.get(text);
      if (!verdict) {
        const explained = await client.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
          `explain (format json) ${text}`,
          values,
        );
        const access = new Set<string>();
        const seqScans = new Set<string>();
        const wholeReads = new Set<string>();
        walk(explained.rows[0]?.["QUERY PLAN"][0]?.Plan as PlanNode, (node, expectedRows) => {
          const relation = node["Relation Name"];
          const tableRows = relation && rowsOf.get(relation);
          if (!relation || !tableRows) return;
          access.add(`${relation}: ${node["Node Type"]}${node["Index Name"] ? ` (${node["Index Name"]})` : ""}`);
          if (node["Node Type"] !== "Seq Scan") return;
          if (expectedRows >= tableRows * WHOLE_TABLE_SHARE) wholeReads.add(relation);
          else seqScans.add(relation);
        });
        verdict = { access: [...access], seqScans: [...seqScans], wholeReads: [...wholeReads] };
        explainedOnce.set(text, verdict);
      }
      rows.push({ route, statement: text.replace(/\s+/g, " ").trim(), ...verdict });
    }
    const sending = new Set(rows.map((row) => row.route));
    const silentRoutes = routes.map((r) => r.route).filter((route) => !sending.has(route));
    return { bigTables, rows, routeErrors: errors, silentRoutes };
  } finally {
    await client.end();
  }
}
