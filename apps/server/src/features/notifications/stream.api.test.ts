import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { openStream } from "../../../test/sse-client";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { STREAMS_PER_USER } from "./stream.routes";

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: "127.0.0.1" });
}

describe.each(dialectsUnderTest())("notifications API and stream on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const a = useTestApp(testDb);
  let urlA = "";
  beforeAll(async () => {
    urlA = await listen(a.app);
  });
  afterAll(async () => {
    await a.app.close();
  });

  it("refuses an anonymous stream", async () => {
    const response = await fetch(`${urlA}/api/v1/stream`);
    expect(response.status).toBe(401);
  });

  it("pushes a notification made after connecting, with the unread count, and replays after Last-Event-ID", async () => {
    const me = await createSignedInUser(testDb.db);
    const stream = await openStream(urlA, me.headers);
    expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
    expect(stream.response.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse((await stream.next("counters")).data ?? "")).toEqual({ unreadCount: 0 });

    const fan = await createSignedInUser(testDb.db, { firstName: "Fan", lastName: "One" });
    await a.app.inject({ method: "PUT", url: `/api/v1/users/${me.user.id}/follow`, headers: fan.headers });
    const pushed = await stream.next("notification");
    expect(JSON.parse(pushed.data ?? "")).toMatchObject({
      id: pushed.id,
      type: "new follower",
      body: "Fan One started following you.",
      actor: { id: fan.user.id },
      readAt: null,
    });
    expect(JSON.parse((await stream.next("counters")).data ?? "")).toEqual({ unreadCount: 1 });
    stream.close();

    const later = await createSignedInUser(testDb.db);
    await a.app.inject({ method: "PUT", url: `/api/v1/users/${me.user.id}/follow`, headers: later.headers });
    await a.app.eventWorker.runOnce();
    const resumed = await openStream(urlA, { ...me.headers, "last-event-id": pushed.id ?? "" });
    const replayed = await resumed.next("notification");
    expect(JSON.parse(replayed.data ?? "")).toMatchObject({ actor: { id: later.user.id } });
    resumed.close();
  });

  it(`refuses a user's stream past ${STREAMS_PER_USER} open ones with 429, until one closes`, async () => {
    const me = await createSignedInUser(testDb.db);
    const streams = [];
    // The server's side of each stream, to hear when it sees one close.
    const serverSides: ServerResponse[] = [];
    const onRequest = (_request: IncomingMessage, response: ServerResponse) => serverSides.push(response);
    a.app.server.on("request", onRequest);
    for (let i = 0; i < STREAMS_PER_USER; i++) {
      const stream = await openStream(urlA, me.headers);
      expect(stream.response.status).toBe(200);
      streams.push(stream);
    }
    a.app.server.off("request", onRequest);
    const refused = await fetch(`${urlA}/api/v1/stream`, { headers: me.headers });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: unknown }).error).toEqual({
      code: "resource-exhausted",
      message: `Too many live streams are open for this account (${STREAMS_PER_USER}). Close another tab or window and try again.`,
      details: { maxStreams: STREAMS_PER_USER },
    });
    // Another user is not held to my streams.
    const other = await openStream(urlA, (await createSignedInUser(testDb.db)).headers);
    expect(other.response.status).toBe(200);
    other.close();

    // The server hears of a closed stream a moment after the client drops it; then there is room again.
    const closedOnServer = once(serverSides[STREAMS_PER_USER - 1] as ServerResponse, "close");
    streams.pop()?.close();
    await closedOnServer;
    const reopened = await openStream(urlA, me.headers);
    expect(reopened.response.status).toBe(200);
    // The stream that was let in works.
    expect(JSON.parse((await reopened.next("counters")).data ?? "")).toEqual({ unreadCount: 0 });
    reopened.close();
    for (const stream of streams) stream.close();
  });

  it("lists the inbox newest first and marks notifications read", async () => {
    const me = await createSignedInUser(testDb.db);
    const fans = await Promise.all(Array.from({ length: 22 }, () => createSignedInUser(testDb.db)));
    for (const fan of fans) {
      await a.app.inject({ method: "PUT", url: `/api/v1/users/${me.user.id}/follow`, headers: fan.headers });
    }
    await a.app.eventWorker.runOnce();
    const first = (await a.app.inject({ method: "GET", url: "/api/v1/notifications", headers: me.headers })).json();
    expect(first.items).toHaveLength(20);
    expect(first.unreadCount).toBe(22);
    const second = (
      await a.app.inject({
        method: "GET",
        url: `/api/v1/notifications?cursor=${first.nextCursor}`,
        headers: me.headers,
      })
    ).json();
    expect(second).toMatchObject({ nextCursor: null });
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((n: { actor: { id: string } }) => n.actor.id))).toEqual(new Set(fans.map((f) => f.user.id)));
    const stamps = all.map((n: { createdAt: string }) => n.createdAt);
    expect(stamps).toEqual([...stamps].sort().reverse());

    const markOne = await a.app.inject({
      method: "POST",
      url: "/api/v1/notifications/read",
      headers: me.headers,
      payload: { ids: [all[0].id] },
    });
    expect(markOne.json()).toEqual({ unreadCount: 21 });
    const markAll = await a.app.inject({
      method: "POST",
      url: "/api/v1/notifications/read",
      headers: me.headers,
      payload: { all: true },
    });
    expect(markAll.json()).toEqual({ unreadCount: 0 });
    // Someone else's ids change nothing of theirs.
    const other = await createSignedInUser(testDb.db);
    const foreign = await a.app.inject({
      method: "POST",
      url: "/api/v1/notifications/read",
      headers: other.headers,
      payload: { ids: [all[1].id] },
    });
    expect(foreign.json()).toEqual({ unreadCount: 0 });
    expect((await a.app.inject({ method: "GET", url: "/api/v1/notifications" })).statusCode).toBe(401);
  });
});
