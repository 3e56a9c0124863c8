import { utimes } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { UPLOAD_IDLE_MS } from "./resumable-uploads";
import { png } from "./test-images";

const TUS = { host: "localhost", "tus-resumable": "1.0.0" };
const TOO_MANY = "Too many requests. Please try again later.";

/** Finding 11 of security issue 17: uploads are limited per user, in rate and in unfinished uploads. */
describe.each(dialectsUnderTest())("upload limits on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { env: () => ({ QUIRE_UPLOADS_PER_MINUTE: "8", QUIRE_UNFINISHED_UPLOADS: "3" }) });

  type Headers = Record<string, string>;
  const create = (headers: Headers) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/uploads",
      headers: {
        ...TUS,
        ...headers,
        "upload-length": String(1024 * 1024),
        "upload-metadata": `kind ${Buffer.from("cover").toString("base64")},filename ${Buffer.from("c.png").toString("base64")}`,
      },
    });
  const cancel = (location: string, headers: Headers) =>
    t.app.inject({ method: "DELETE", url: location, headers: { ...TUS, ...headers } });
  const head = (location: string, headers: Headers) =>
    t.app.inject({ method: "HEAD", url: location, headers: { ...TUS, ...headers } });
  const dataFile = (location: string) => join(t.ctx.config.dataDir, "uploads-tmp", location.split("/").pop() as string);

  it("holds each user to 3 unfinished uploads; a cancelled or idle one frees its place", async () => {
    const { headers } = await createSignedInUser(testDb.db);
    const locations: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await create(headers);
      expect(created.statusCode, created.body).toBe(201);
      locations.push(created.headers.location as string);
    }
    const refused = await create(headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: "resource-exhausted",
      message: "You have 3 unfinished uploads. Finish or cancel one before starting another.",
      details: { maxUnfinishedUploads: 3 },
    });
    // Someone else's place is their own.
    expect((await create((await createSignedInUser(testDb.db)).headers)).statusCode).toBe(201);

    expect((await cancel(locations[0] as string, headers)).statusCode).toBe(204);
    const afterCancel = await create(headers);
    expect(afterCancel.statusCode).toBe(201);

    // An upload that got no bytes for an hour gives its place up, and is removed, when another starts.
    const idle = new Date(Date.now() - UPLOAD_IDLE_MS - 60_000);
    await utimes(dataFile(locations[1] as string), idle, idle);
    const afterIdle = await create(headers);
    expect(afterIdle.statusCode, afterIdle.body).toBe(201);
    expect((await head(locations[1] as string, headers)).statusCode).toBe(404);
    expect((await head(locations[2] as string, headers)).statusCode).toBe(200);
    expect((await create(headers)).statusCode).toBe(429);
  });

  it("lets only 3 of 6 creations sent at once through", async () => {
    const { headers } = await createSignedInUser(testDb.db);
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(headers)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it("answers 429 with Retry-After past 8 upload starts or image saves per user per minute", async () => {
    const starter = await createSignedInUser(testDb.db);
    for (let i = 0; i < 8; i++) {
      const created = await create(starter.headers);
      expect(created.statusCode, `start ${i}`).toBe(201);
      await cancel(created.headers.location as string, starter.headers);
    }
    const tooFast = await create(starter.headers);
    expect(tooFast.statusCode).toBe(429);
    expect(tooFast.json().error.message).toBe(TOO_MANY);
    expect(Number(tooFast.headers["retry-after"])).toBeGreaterThan(0);

    const saver = await createSignedInUser(testDb.db);
    const form = new FormData();
    form.append("file", new Blob([await png(64, 64)]), "me.png");
    const request = new Request("http://localhost/", { method: "POST", body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const save = () =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/me/avatar",
        payload: body,
        headers: { host: "localhost", ...saver.headers, "content-type": request.headers.get("content-type") as string },
      });
    for (let i = 0; i < 8; i++) expect((await save()).statusCode, `save ${i}`).toBe(200);
    const refused = await save();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(TOO_MANY);
  });
});
