import type { AnalyticsRange } from "@quire/core";
import { type Kysely, sql } from "kysely";
import type { DialectName } from "../../db/dialect";
import type { Database } from "../../db/schema";

/** Figures the daily rollup keeps per day (key "" for all of them). "rolled" marks a day as done. */
export const ROLLED_METRICS = ["page_views", "active_readers"] as const;
export type RolledMetric = (typeof ROLLED_METRICS)[number];
export type EventFigures = { day: string } & Record<RolledMetric, number>;

const TOP_BOOKS = 10;
const LAUNCHES = 50;

/** ISO timestamps compare as text, so a day range is a half-open timestamp range the indexes can use. */
function timestampRange({ from, to }: AnalyticsRange): [string, string] {
  const next = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
  return [`${from}T00:00:00.000Z`, next];
}

const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** The dashboard's reads: events (per day, or from the rollup) and the existing tables (users, activities, books). */
export class AnalyticsSummaryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Page views and unique readers (user id, else visitor id) per day, counted from the events themselves. */
  async liveEventFigures(range: AnalyticsRange): Promise<EventFigures[]> {
    const rows = await this.db
      .selectFrom("analyticsEvents")
      .select((eb) => [
        "day",
        eb.fn.sum<number>(sql`case when name = 'page_view' then 1 else 0 end`).as("pageViews"),
        eb.fn.count<number>(sql`coalesce(user_id, visitor_id)`).distinct().as("activeReaders"),
      ])
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .groupBy("day")
      .execute();
    return rows.map((row) => ({
      day: row.day,
      page_views: Number(row.pageViews ?? 0),
      active_readers: Number(row.activeReaders),
    }));
  }

  async rolledFigures(range: AnalyticsRange): Promise<EventFigures[]> {
    const rows = await this.db
      .selectFrom("analyticsDaily")
      .select(["day", "metric", "value"])
      .where("metric", "in", ROLLED_METRICS)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .execute();
    const byDay = new Map<string, EventFigures>();
    for (const row of rows) {
      const figures = byDay.get(row.day) ?? { day: row.day, page_views: 0, active_readers: 0 };
      figures[row.metric as RolledMetric] = Number(row.value);
      byDay.set(row.day, figures);
    }
    return [...byDay.values()];
  }

  /** The last day of the unbroken run of rolled days (the job rolls them in order). */
  async lastRolledDay(): Promise<string | null> {
    const row = await this.db
      .selectFrom("analyticsDaily")
      .select((eb) => eb.fn.max("day").as("day"))
      .where("metric", "=", "rolled")
      .executeTakeFirst();
    return row?.day ?? null;
  }

  async firstEventDay(): Promise<string | null> {
    const row = await this.db
      .selectFrom("analyticsEvents")
      .select((eb) => eb.fn.min("day").as("day"))
      .executeTakeFirst();
    return row?.day ?? null;
  }

  /** Replaces one day's rollup rows in one transaction, so running it twice leaves the same rows. */
  async rollDay(day: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const [figures] = await new AnalyticsSummaryRepository(trx, this.dialect).liveEventFigures({
        from: day,
        to: day,
      });
      await trx.deleteFrom("analyticsDaily").where("day", "=", day).execute();
      await trx
        .insertInto("analyticsDaily")
        .values([
          ...ROLLED_METRICS.map((metric) => ({ day, metric, key: "", value: figures?.[metric] ?? 0 })),
          { day, metric: "rolled", key: "", value: 1 },
        ])
        .execute();
    });
  }

  async signUpsByDay(range: AnalyticsRange): Promise<{ day: string; count: number }[]> {
    const [start, end] = timestampRange(range);
    const rows = await this.db
      .selectFrom("users")
      .select((eb) => [dayOf("created_at").as("day"), eb.fn.countAll<number>().as("count")])
      .where("createdAt", ">=", start)
      .where("createdAt", "<", end)
      .groupBy(dayOf("created_at"))
      .execute();
    return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
  }

  /** Reads begun and finished per day: the feed's activities, written once per reader, verb and book. */
  async readsByDay(range: AnalyticsRange): Promise<{ day: string; verb: string; count: number }[]> {
    const [start, end] = timestampRange(range);
    const rows = await this.db
      .selectFrom("activities")
      .select((eb) => [dayOf("created_at").as("day"), "verb", eb.fn.countAll<number>().as("count")])
      .where("verb", "in", ["started", "finished"])
      .where("createdAt", ">=", start)
      .where("createdAt", "<", end)
      .groupBy([dayOf("created_at"), "verb"])
      .execute();
    return rows.map((row) => ({ day: row.day, verb: row.verb, count: Number(row.count) }));
  }

  async campaigns(range: AnalyticsRange): Promise<{ source: string; medium: string; signUps: number }[]> {
    const [start, end] = timestampRange(range);
    const field = (name: "source" | "medium") =>
      this.dialect === "postgres"
        ? sql<string | null>`(utm::json ->> ${sql.lit(name)})`
        : sql<string | null>`json_extract(utm, ${sql.lit(`$.${name}`)})`;
    const rows = await this.db
      .selectFrom("users")
      .select((eb) => [
        field("source").as("source"),
        field("medium").as("medium"),
        eb.fn.countAll<number>().as("count"),
      ])
      .where("createdAt", ">=", start)
      .where("createdAt", "<", end)
      .groupBy([field("source"), field("medium")])
      .execute();
    return rows.map((row) => ({
      source: row.source ?? "(none)",
      medium: row.medium ?? "(none)",
      signUps: Number(row.count),
    }));
  }

  /** Of the people who signed up in the range: how many verified, onboarded, read a chapter, finished a book. */
  async funnel(range: AnalyticsRange) {
    const [start, end] = timestampRange(range);
    const row = await this.db
      .selectFrom("users")
      .select((eb) => [
        eb.fn.countAll<number>().as("signedUp"),
        eb.fn.sum<number>(sql`case when email_verified = 1 then 1 else 0 end`).as("verified"),
        eb.fn.sum<number>(sql`case when onboarded_at is not null then 1 else 0 end`).as("onboarded"),
        eb.fn
          .sum<number>(
            sql`case when exists (select 1 from reading_progress p where p.user_id = users.id) then 1 else 0 end`,
          )
          .as("readFirstChapter"),
        eb.fn
          .sum<number>(
            sql`case when exists (select 1 from reading_progress p where p.user_id = users.id and p.is_read = 1) then 1 else 0 end`,
          )
          .as("finishedBook"),
      ])
      .where("createdAt", ">=", start)
      .where("createdAt", "<", end)
      .executeTakeFirstOrThrow();
    return {
      signedUp: Number(row.signedUp),
      verified: Number(row.verified ?? 0),
      onboarded: Number(row.onboarded ?? 0),
      readFirstChapter: Number(row.readFirstChapter ?? 0),
      finishedBook: Number(row.finishedBook ?? 0),
    };
  }

  async topBooks(range: AnalyticsRange) {
    const [start, end] = timestampRange(range);
    const started = sql<number>`sum(case when activities.verb = 'started' then 1 else 0 end)`;
    const rows = await this.db
      .selectFrom("activities")
      .innerJoin("books", "books.id", "activities.bookId")
      .select([
        "books.id as bookId",
        "books.title",
        started.as("readsStarted"),
        sql<number>`sum(case when activities.verb = 'finished' then 1 else 0 end)`.as("readsFinished"),
      ])
      .where("activities.verb", "in", ["started", "finished"])
      .where("activities.createdAt", ">=", start)
      .where("activities.createdAt", "<", end)
      .groupBy(["books.id", "books.title"])
      .orderBy(started, "desc")
      .orderBy("books.id")
      .limit(TOP_BOOKS)
      .execute();
    return rows.map((row) => ({
      bookId: row.bookId,
      title: row.title,
      readsStarted: Number(row.readsStarted),
      readsFinished: Number(row.readsFinished),
    }));
  }

  /** Books launched (or scheduled to launch) in the range, with how many readers asked to be told. */
  async launches(range: AnalyticsRange) {
    const [start, end] = timestampRange(range);
    const rows = await this.db
      .selectFrom("books")
      .leftJoin("launchSubscriptions", "launchSubscriptions.bookId", "books.id")
      .select((eb) => [
        "books.id as bookId",
        "books.title",
        "books.launchedDate",
        eb.fn.count<number>("launchSubscriptions.userId").as("subscribers"),
      ])
      .where("books.launchedDate", ">=", start)
      .where("books.launchedDate", "<", end)
      .groupBy(["books.id", "books.title", "books.launchedDate"])
      .orderBy("books.launchedDate", "desc")
      .limit(LAUNCHES)
      .execute();
    return rows.map((row) => ({
      bookId: row.bookId,
      title: row.title,
      launchedDate: row.launchedDate ?? "",
      subscribers: Number(row.subscribers),
    }));
  }
}
