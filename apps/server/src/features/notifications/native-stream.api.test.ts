import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { openStream } from "../../../test/sse-client";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

describe.each(dialectsUnderTest())("the live stream for the native app on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);
  let base = "";
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it("answers the app's preflight and lets it read the stream with its bearer token", async () => {
    const origin = "capacitor://localhost";
    const preflight = await fetch(`${base}/api/v1/stream`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);

    const me = await createSignedInUser(testDb.db);
    const stream = await openStream(base, { ...me.headers, origin });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("access-control-allow-origin")).toBe(origin);
    expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
    expect(JSON.parse((await stream.next("counters")).data ?? "")).toEqual({ unreadCount: 0 });
    stream.close();
  });

  it("gives another site's page no CORS on the stream", async () => {
    const me = await createSignedInUser(testDb.db);
    const stream = await openStream(base, { ...me.headers, origin: "https://evil.example" });
    expect(stream.response.headers.get("access-control-allow-origin")).toBeNull();
    stream.close();
  });
});
