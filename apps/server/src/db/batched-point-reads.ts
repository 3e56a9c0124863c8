import { type Kysely, type RawBuilder, sql } from "kysely";
import { BatchedRead } from "./batched-read";
import { isPostgres } from "./dialect";
import { param, type ReusableQuery } from "./reusable-query";

/**
 * The condition "the column is one of the keys bound as `keys`": `= any($1)` of PostgreSQL's array, or on SQLite,
 * which has no arrays, `in` the JSON array walked with json_each. `batchedPointReads` binds the keys to match.
 */
export interface OneOfKeys {
  op: "=" | "in";
  keys: RawBuilder<string>;
}

function oneOfKeys(onPostgres: boolean): OneOfKeys {
  return onPostgres
    ? { op: "=", keys: sql<string>`any(${param("keys")})` }
    : { op: "in", keys: sql<string>`(select value from json_each(${param("keys")}))` };
}

/**
 * Point reads by a text key, asked for at about the same time and read together (BatchedRead, docs/catalog.md).
 * A lone key runs `one` (`= $1`, its parameter named `key`): PostgreSQL keeps that statement's plan, while one for
 * `any($1)` assumes ten keys, so with one it was planned anew on every run. Several run the statement `manyOf`
 * builds once for this database's "one of the keys", each row naming its `key`. A key holding a NUL is not found
 * without the database: PostgreSQL refuses it in text, failing the batch.
 */
export function batchedPointReads<DB, Row>(
  db: Kysely<DB>,
  one: ReusableQuery<Row>,
  manyOf: (oneOf: OneOfKeys) => ReusableQuery<Row & { key: string }>,
): (key: string) => Promise<Row | undefined> {
  const onPostgres = isPostgres(db);
  const many = manyOf(oneOfKeys(onPostgres));
  const reads = new BatchedRead<string, Row>(async (keys) => {
    if (keys.length === 1) {
      const [key] = keys as [string];
      const [found] = await one.execute(db, { key });
      return new Map(found ? [[key, found]] : []);
    }
    const rows = await many.execute(db, { keys: onPostgres ? keys : JSON.stringify(keys) });
    return new Map(rows.map(({ key, ...found }) => [key, found as Row]));
  });
  return async (key) => (key.includes("\u0000") ? undefined : reads.load(key));
}
