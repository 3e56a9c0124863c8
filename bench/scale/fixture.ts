/**
 * The million-reader fixture on PostgreSQL: 1,000,000 users, 100,000 books (book data, 3 chapters, 1–3 genres),
 * 20,000,000 reading-progress rows, 5,000,000 follows, 10,000,000 stars, 2,000,000 notifications and 2,000,000
 * feed activities, made by the server itself (`INSERT … SELECT generate_series`) into the schema the real
 * migrations create. Deterministic: every "random" figure is a hash of the row's number.
 *
 * A finished fixture is marked by the `scale_fixture` table; later runs find it and only migrate (so a new index
 * migration is built on the big tables), unless asked to regenerate.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import { createDatabase } from "../../apps/server/src/db/database";
import { migrateToLatest } from "../../apps/server/src/db/migrator";
import { GENRES } from "../seed-books";

/** `BENCH_SCALE_FACTOR` (default 1) shrinks the fixture, to try the bench in seconds; figures need the full size. */
export const FACTOR = Number(process.env.BENCH_SCALE_FACTOR || 1);

export const SCALE = {
  users: Math.round(1_000_000 * FACTOR),
  books: Math.round(100_000 * FACTOR),
  progressPerUser: 20,
  followsPerUser: 5,
  starsPerUser: 10,
  notificationsPerUser: 2,
  activitiesPerUser: 2,
} as const;

/** Bumped when the fixture's shape changes, so an old one is regenerated rather than measured. */
const FIXTURE_VERSION = `1 × ${FACTOR}`;
const MARKER_TABLE = "scale_fixture";
/** The first users are followed by everyone (one follow each): the long tail of a social graph. */
const CELEBRITIES = 997;

/** SQL for the id of user number `n` (an SQL expression); `userOfNumber` computes the same in JavaScript. */
const userIdSql = (n: string) => `md5('u' || (${n}))::uuid::text`;

export function userOfNumber(n: number): string {
  const hex = createHash("md5").update(`u${n}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface FixtureReport {
  /** Made by this run (else kept from an earlier one, whose figures the marker holds). */
  generated: boolean;
  generatedAt: string;
  seconds: number;
  steps: { step: string; seconds: number }[];
  databaseBytes: number;
  rows: Record<string, number>;
}

/** `postgres://…/quire_scale` → the same server's maintenance database, to create and drop it. */
function adminUrl(databaseUrl: string): { admin: string; name: string } {
  const url = new URL(databaseUrl);
  const name = url.pathname.replace(/^\//, "");
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: "${name}"`);
  url.pathname = "/postgres";
  return { admin: url.toString(), name };
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const { admin, name } = adminUrl(databaseUrl);
  await withClient(admin, (client) => client.query(`drop database if exists ${name} with (force)`));
}

async function markerExists(databaseUrl: string): Promise<boolean> {
  const { admin, name } = adminUrl(databaseUrl);
  const exists = await withClient(admin, async (client) => {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    return found.rowCount === 1;
  });
  if (!exists) return false;
  return withClient(databaseUrl, async (client) => {
    const table = await client.query("select to_regclass($1) as t", [MARKER_TABLE]);
    if (table.rows[0]?.t === null) return false;
    const marker = await client.query(`select version from ${MARKER_TABLE}`);
    return marker.rows[0]?.version === FIXTURE_VERSION;
  });
}

async function migrate(databaseUrl: string): Promise<void> {
  const handle = createDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    await migrateToLatest(handle.db, handle.dialect);
  } finally {
    await handle.destroy();
  }
}

/** The big tables' keys and indexes, dropped before loading and rebuilt after (faster than maintaining them). */
const REBUILT_TABLES = ["reading_progress", "follows", "stars", "notifications", "activities"];

interface SavedIndexes {
  constraints: { table: string; name: string; definition: string }[];
  indexes: string[];
}

async function dropIndexes(client: pg.Client): Promise<SavedIndexes> {
  const constraints = await client.query<{ table: string; name: string; definition: string }>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
       from pg_constraint where conrelid = any($1::regclass[]) and contype in ('p', 'u')`,
    [REBUILT_TABLES],
  );
  const indexes = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [REBUILT_TABLES],
  );
  for (const c of constraints.rows) await client.query(`alter table ${c.table} drop constraint ${c.name}`);
  for (const i of indexes.rows) await client.query(`drop index ${i.name}`);
  return { constraints: constraints.rows, indexes: indexes.rows.map((i) => i.definition) };
}

const N = SCALE.books;
const M = SCALE.users;
/** A row's uniform figure in [0, 1) from its number and a salt, so reruns make the same fixture. */
const unit = (expr: string, salt: number) =>
  `((hashint8((${expr})::bigint * 1000003 + ${salt}) & 2147483647)::float8 / 2147483648)`;
const bookId = (n: string) => `md5('b' || (${n}))::uuid::text`;
/** An ISO timestamp `days` (an SQL expression) before the fixture's reference time. */
const daysAgo = (days: string) =>
  `to_char((timestamptz '2026-11-26 12:00:00+00' - (${days}) * interval '1 day') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const FIRST_NAMES = ["Ada", "Ben", "Cleo", "Dara", "Elio", "Fay", "Gus", "Hana", "Ines", "Jude", "Kai", "Lena"];
const LAST_NAMES = ["Abbott", "Brandt", "Castillo", "Dubois", "Eriksen", "Fontaine", "Garcia", "Haddad", "Ito"];
const WORDS = ["amber", "ash", "bell", "cedar", "cinder", "copper", "dawn", "ember", "frost", "harbor", "iron"];
const sqlArray = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(",")}]`;
const pickFrom = (values: readonly string[], expr: string, salt: number) =>
  `(${sqlArray(values)})[1 + floor(${unit(expr, salt)} * ${values.length})::int]`;

/** Each step is one statement: named, timed, run in order. */
function loadSteps(): { step: string; sql: string }[] {
  const progressBase = `floor(${N} * power(${unit("u", 11)}, 3))::int`;
  const starBase = `floor(${N} * power(${unit("u", 12)}, 2))::int`;
  const title = `initcap(${pickFrom(WORDS, "b", 21)} || ' ' || ${pickFrom(WORDS, "b", 22)} || ' ' || ${pickFrom(WORDS, "b", 23)})`;
  const author = `${pickFrom(FIRST_NAMES, "b", 24)} || ' ' || ${pickFrom(LAST_NAMES, "b", 25)}`;
  return [
    {
      step: "genres",
      sql: `insert into genres (id, display_name) values ${GENRES.map((g) => `('${g.id}', '${g.displayName}')`).join(",")}`,
    },
    {
      step: "users",
      sql: `insert into users (id, first_name, last_name, username, email, roles, sign_up_for_beta, social, created_at,
              updated_at, avatar_url, description, location, accepted_terms, accepted_tracking, email_verified,
              search_user_id, interaction_score, favourite_genres, onboarded_at, reading_activity_public)
            select ${userIdSql("u")}, ${pickFrom(FIRST_NAMES, "u", 1)}, ${pickFrom(LAST_NAMES, "u", 2)},
              'reader' || u, 'reader' || u || '@scale.quire.local', '["reader"]', 0, '{}',
              ${daysAgo(`${unit("u", 3)} * 1000 + 30`)}, ${daysAgo(`${unit("u", 4)} * 30`)},
              case when ${unit("u", 5)} < 0.3 then '/files/avatars/' || u || '.webp' end,
              case when ${unit("u", 6)} < 0.2 then 'Reader of ' || ${pickFrom(WORDS, "u", 7)} || ' stories.' else '' end,
              '', 1, (${unit("u", 8)} < 0.5)::int, 1, md5('s' || u)::uuid::text, 0, '[]',
              ${daysAgo(`${unit("u", 3)} * 1000 + 29`)}, (${unit("u", 9)} < 0.9)::int
            from generate_series(0, ${M - 1}) u`,
    },
    {
      step: "books",
      sql: `insert into books (id, title, authors, author_ids, image_url, summary, source, display, status,
              publishing_label, completion_status, launched_date, added_date, last_interacted_at)
            select ${bookId("b")}, ${title}, '["' || ${author} || '"]', '[]', '/files/covers/' || b || '.webp',
              ${title} || ': a story of ' || ${pickFrom(WORDS, "b", 26)} || ' and ' || ${pickFrom(WORDS, "b", 27)} || '.',
              case when ${unit("b", 28)} < 0.7 then 'own' else 'public-domain' end,
              (${unit("b", 29)} < 0.95)::int,
              case when ${unit("b", 30)} < 0.9 then 'launched' when ${unit("b", 30)} < 0.95 then 'wip' else 'scheduled' end,
              null, case when ${unit("b", 31)} < 0.8 then 'complete' else 'wip' end,
              case when ${unit("b", 30)} < 0.9 then ${daysAgo(`${unit("b", 32)} * 900`)} end,
              ${daysAgo(`${unit("b", 32)} * 900 + 10`)}, ${daysAgo(`${unit("b", 33)} * 30`)}
            from generate_series(0, ${N - 1}) b`,
    },
    {
      step: "book data",
      sql: `insert into book_data (book_id, book_teaser, toc_length, time_to_read_minutes, word_count, versions_map,
              latest_version, epub_toc, language)
            select ${bookId("b")}, 'It began with ' || ${pickFrom(WORDS, "b", 34)} || '.', 3, 60, 14000,
              '{"1":"2026-01-01T00:00:00.000Z"}', '1',
              '[{"title":"Chapter 1","anchorId":"chapter-1","children":[]},{"title":"Chapter 2","anchorId":"chapter-2","children":[]},{"title":"Chapter 3","anchorId":"chapter-3","children":[]}]',
              'en'
            from generate_series(0, ${N - 1}) b`,
    },
    {
      step: "chapters",
      sql: `insert into chapters (book_id, version, anchor_id, name, chapter_number, html, word_count)
            select ${bookId("b")}, '1', 'chapter-' || c, 'Chapter ' || c, c,
              '<h2>Chapter ' || c || '</h2>' || repeat('<p>The ' || ${pickFrom(WORDS, "b * 3 + c", 35)} || ' road went on.</p>', 20), 4700
            from generate_series(0, ${N - 1}) b, generate_series(1, 3) c`,
    },
    {
      step: "book genres",
      sql: `insert into book_genres (book_id, genre_id)
            select distinct ${bookId("b")}, ${pickFrom(
              GENRES.map((g) => g.id),
              "b * 3 + g",
              36,
            )}
            from generate_series(0, ${N - 1}) b, generate_series(0, 2) g
            where g = 0 or ${unit("b * 3 + g", 37)} < 0.5`,
    },
    {
      // Each reader's 20 books: a long-tailed starting book, then strides of 4,999 (distinct within a reader).
      step: "reading progress",
      sql: `insert into reading_progress (user_id, book_id, progress, current_chapter, last_read_at, is_read, epub_position)
            select ${userIdSql("u")}, ${bookId(`(${progressBase} + k * 4999) % ${N}`)},
              case when r < 0.3 then 100 else floor(r * 100)::int end, 'chapter-' || (1 + k % 3),
              ${daysAgo(`${unit("u * 20 + k", 13)} * 700`)}, (r < 0.3)::int,
              '{"anchorId":"chapter-' || (1 + k % 3) || '","offset":0.' || (k % 10) || '}'
            from generate_series(0, ${M - 1}) u, generate_series(0, ${SCALE.progressPerUser - 1}) k,
              lateral (select ${unit("u * 20 + k", 14)} as r) figures`,
    },
    {
      step: "stars",
      sql: `insert into stars (user_id, book_id, updated_at)
            select ${userIdSql("u")}, ${bookId(`(${starBase} + k * 7919) % ${N}`)},
              ${daysAgo(`${unit("u * 10 + k", 15)} * 700`)}
            from generate_series(0, ${M - 1}) u, generate_series(0, ${SCALE.starsPerUser - 1}) k`,
    },
    {
      // One follow of a celebrity, four spread over everyone else; never oneself, never twice.
      step: "follows",
      sql: `insert into follows (follower_id, followee_id, created_at, updated_at)
            select ${userIdSql("u")},
              ${userIdSql(`case when k = 0 then (u + 1) % ${CELEBRITIES} else ${CELEBRITIES + 3} + (u - ${CELEBRITIES + 3} + k * 199999 + ${M - CELEBRITIES - 3}) % ${M - CELEBRITIES - 3} end`)},
              t, t
            from generate_series(0, ${M - 1}) u, generate_series(0, ${SCALE.followsPerUser - 1}) k,
              lateral (select ${daysAgo(`${unit("u * 5 + k", 16)} * 700`)} as t) times`,
    },
    {
      step: "notifications",
      sql: `insert into notifications (id, user_id, event_id, type, title, body, actor_id, actor_name, resource_id,
              resource_type, resource_name, created_at, read_at)
            select md5('n' || u || '-' || k)::uuid::text, ${userIdSql("u")}, md5('e' || u || '-' || k)::uuid::text,
              'new follower', 'New follower', 'reader' || a || ' started following you', ${userIdSql("a")},
              'reader' || a, ${userIdSql("a")}, 'user', 'reader' || a, t,
              case when k = 0 then t end
            from generate_series(0, ${M - 1}) u, generate_series(0, ${SCALE.notificationsPerUser - 1}) k,
              lateral (select (u + 1 + k * 7) % ${M} as a, ${daysAgo(`${unit("u * 2 + k", 17)} * 60`)} as t) x`,
    },
    {
      // Each reader's first two books as "started" activities: what their followers' feeds show.
      step: "activities",
      sql: `insert into activities (id, actor_id, verb, book_id, created_at)
            select md5('a' || u || '-' || k)::uuid::text, ${userIdSql("u")}, 'started',
              ${bookId(`(${progressBase} + k * 4999) % ${N}`)}, ${daysAgo(`${unit("u * 20 + k", 13)} * 700`)}
            from generate_series(0, ${M - 1}) u, generate_series(0, ${SCALE.activitiesPerUser - 1}) k`,
    },
  ];
}

/** Counters the app keeps on rows, recounted from the loaded relations in one UPDATE … FROM each. */
const RECOUNTS = [
  {
    step: "recount books",
    sql: `update books set n_user_starred = coalesce(s.n, 0), n_current_reads = coalesce(p.current, 0),
            n_finished_reads = coalesce(p.finished, 0),
            interaction_score = coalesce(s.n, 0) * 5 + coalesce(p.finished, 0) * 3 + coalesce(p.current, 0) * 2
          from books b
            left join (select book_id, count(*) as n from stars group by book_id) s on s.book_id = b.id
            left join (select book_id, count(*) filter (where is_read = 0) as current,
                         count(*) filter (where is_read = 1) as finished
                       from reading_progress group by book_id) p on p.book_id = b.id
          where books.id = b.id`,
  },
  {
    step: "recount users",
    sql: `update users set n_followers = coalesce(f.n, 0), n_following = ${SCALE.followsPerUser},
            interaction_score = coalesce(f.n, 0)
          from users x left join (select followee_id, count(*) as n from follows group by followee_id) f
            on f.followee_id = x.id
          where users.id = x.id`,
  },
  {
    // The triggers that keep these catalogue copies are off during the load (docs/catalog.md).
    step: "catalogue json and genre lists",
    sql: `select book_json_refresh(array(select id from books));
          select book_json_refresh_counters(array(select id from books));
          select book_json_refresh_display(array(select id from books));
          insert into genre_books (book_id, genre_id, display, interaction_score, added_date, title)
          select books.id, book_genres.genre_id, books.display, books.interaction_score, books.added_date, books.title
          from book_genres join books on books.id = book_genres.book_id`,
  },
];

const COUNTED_TABLES = [
  "users",
  "books",
  "chapters",
  "reading_progress",
  "follows",
  "stars",
  "notifications",
  "activities",
];

/**
 * Makes the fixture unless a finished one is there (`regenerate` drops it first), then applies pending migrations
 * either way. Returns what it did, with the time per step and the database's size.
 */
export async function ensureFixture(databaseUrl: string, regenerate: boolean, log: (line: string) => void) {
  const started = performance.now();
  const steps: { step: string; seconds: number }[] = [];
  const generate = regenerate || !(await markerExists(databaseUrl));
  if (generate) {
    const { admin, name } = adminUrl(databaseUrl);
    await dropDatabase(databaseUrl);
    await withClient(admin, (client) => client.query(`create database ${name}`));
    await migrate(databaseUrl);
    await withClient(databaseUrl, async (client) => {
      const timed = async (step: string, sql: string) => {
        const at = performance.now();
        await client.query(sql);
        const seconds = (performance.now() - at) / 1000;
        steps.push({ step, seconds });
        log(`  fixture   ${step}: ${seconds.toFixed(1)} s`);
      };
      // Rows are consistent by construction: skip foreign-key checks and the search-change triggers while loading
      // (the search index reads the tables whole at start-up).
      await client.query("set session_replication_role = replica");
      await client.query("set synchronous_commit = off");
      await client.query("set maintenance_work_mem = '512MB'");
      const saved = await dropIndexes(client);
      for (const { step, sql } of loadSteps()) await timed(step, sql);
      await timed(
        "keys and indexes",
        [
          ...saved.constraints.map((c) => `alter table ${c.table} add constraint ${c.name} ${c.definition}`),
          ...saved.indexes,
        ].join(";\n"),
      );
      for (const { step, sql } of RECOUNTS) await timed(step, sql);
      await timed("vacuum analyze", "vacuum analyze");
      await client.query(
        `create table ${MARKER_TABLE} (version text not null, generated_at text not null, seconds real not null, steps text not null)`,
      );
      await client.query(`insert into ${MARKER_TABLE} values ($1, $2, $3, $4)`, [
        FIXTURE_VERSION,
        new Date().toISOString(),
        (performance.now() - started) / 1000,
        JSON.stringify(steps),
      ]);
    });
  }
  // A new index migration lands on the existing fixture here (and is then analyzed with the rest).
  await migrate(databaseUrl);
  return withClient(databaseUrl, async (client): Promise<FixtureReport> => {
    const size = await client.query<{ bytes: string }>("select pg_database_size(current_database()) as bytes");
    const marker = await client.query<{ generated_at: string; seconds: number; steps: string }>(
      `select generated_at, seconds, steps from ${MARKER_TABLE}`,
    );
    const made = marker.rows[0];
    const rows: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      const counted = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
      rows[table] = Number(counted.rows[0]?.n ?? 0);
    }
    return {
      generated: generate,
      generatedAt: made?.generated_at ?? "",
      seconds: made?.seconds ?? 0,
      steps: made ? (JSON.parse(made.steps) as FixtureReport["steps"]) : [],
      databaseBytes: Number(size.rows[0]?.bytes ?? 0),
      rows,
    };
  });
}
