import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { type ServerProcess, startServerProcess } from "../../../test/server-process";
import { openStream } from "../../../test/sse-client";
import { dialectsUnderTest, itOnPostgres, useSharedTestDatabase } from "../../../test/test-db";

/**
 * The stream served by real `quire start` processes. On PostgreSQL two of them share the database
 * and a follow made through one reaches the followee's stream on the other (LISTEN/NOTIFY); one
 * SQLite file is served by one process, so there the stream is checked on that one.
 */
describe.each(dialectsUnderTest())("the stream served by server processes on %s", (dialect) => {
  const shared = useSharedTestDatabase(dialect);
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    const env = { DATABASE_URL: shared.processUrl };
    const count = dialect === "postgres" ? 2 : 1;
    servers = await Promise.all(Array.from({ length: count }, () => startServerProcess(env)));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  /** A new fan follows a new user through `through`; the followee's stream, held on `listener`, must show it. */
  async function followSeenOn(through: ServerProcess, listener: ServerProcess) {
    const me = await createSignedInUser(shared.db);
    const fan = await createSignedInUser(shared.db, { firstName: "Far", lastName: "Away" });
    const stream = await openStream(listener.url, me.headers);
    expect(JSON.parse((await stream.next("counters")).data ?? "")).toEqual({ unreadCount: 0 });
    const followed = await fetch(`${through.url}/api/v1/users/${me.user.id}/follow`, {
      method: "PUT",
      headers: fan.headers,
    });
    expect(followed.status).toBe(200);
    const pushed = await stream.next("notification");
    expect(JSON.parse(pushed.data ?? "")).toMatchObject({
      type: "new follower",
      body: "Far Away started following you.",
      actor: { id: fan.user.id },
    });
    expect(JSON.parse((await stream.next("counters")).data ?? "")).toEqual({ unreadCount: 1 });
    stream.close();
  }

  it("delivers a notification to a stream held by the process that wrote it", async () => {
    const [only] = servers as [ServerProcess];
    await followSeenOn(only, only);
  }, 30_000);

  itOnPostgres(dialect)(
    "delivers a notification written by one process to a stream held by the other",
    async () => {
      const [first, second] = servers as [ServerProcess, ServerProcess];
      await followSeenOn(first, second);
    },
    30_000,
  );
});
