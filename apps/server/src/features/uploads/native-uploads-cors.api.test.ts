import { UPLOAD_CHUNK_START_BYTES } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { corpusFile, LARGE_CORPUS_COVER } from "./test-images";

const APP_ORIGIN = "capacitor://localhost";
const TUS = { "tus-resumable": "1.0.0" };

describe.each(dialectsUnderTest())("resumable uploads from the native app on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  const preflight = (origin: string) =>
    t.app.inject({
      method: "OPTIONS",
      url: "/api/v1/uploads/0123456789abcdef0123456789abcdef",
      headers: {
        origin,
        "access-control-request-method": "PATCH",
        "access-control-request-headers": "authorization,content-type,tus-resumable,upload-offset",
      },
    });

  const create = (headers: Record<string, string>, length: number) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/uploads",
      headers: {
        host: "localhost",
        ...TUS,
        ...headers,
        "upload-length": String(length),
        "upload-metadata": `kind ${btoa("avatar")},filename ${btoa("me.jpg")}`,
      },
    });

  const patch = (location: string, headers: Record<string, string>, chunk: Buffer) =>
    t.app.inject({
      method: "PATCH",
      url: location,
      headers: {
        host: "localhost",
        ...TUS,
        ...headers,
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      payload: chunk,
    });

  const exposed = (headers: Record<string, unknown>) =>
    String(headers["access-control-expose-headers"] ?? "").toLowerCase();

  it("allows a PATCH with the tus headers in a preflight from the app", async () => {
    const response = await preflight(APP_ORIGIN);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
    expect(response.headers["access-control-allow-methods"]).toContain("PATCH");
    const allowed = String(response.headers["access-control-allow-headers"]).toLowerCase();
    for (const name of [
      "authorization",
      "content-type",
      "tus-resumable",
      "upload-length",
      "upload-offset",
      "upload-metadata",
    ]) {
      expect(allowed).toContain(name);
    }
  });

  it("lets the app read Location and Upload-Offset from a tus POST and PATCH with its bearer token", async () => {
    const { headers } = await createSignedInUser(testDb.db);
    const fromApp = { ...headers, origin: APP_ORIGIN };
    const cover = corpusFile(LARGE_CORPUS_COVER);
    const created = await create(fromApp, cover.length);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
    expect(exposed(created.headers)).toContain("location");
    const sent = await patch(created.headers.location as string, fromApp, cover.subarray(0, UPLOAD_CHUNK_START_BYTES));
    expect(sent.statusCode, sent.body).toBe(204);
    expect(sent.headers["upload-offset"]).toBe(String(UPLOAD_CHUNK_START_BYTES));
    expect(sent.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
    expect(exposed(sent.headers)).toContain("upload-offset");
  });

  it("gives another site no CORS on uploads", async () => {
    const denied = await preflight("https://evil.example");
    expect(denied.headers["access-control-allow-origin"]).toBeUndefined();
    expect(denied.headers["access-control-allow-methods"]).toBeUndefined();
    const { headers } = await createSignedInUser(testDb.db);
    const created = await create({ ...headers, origin: "https://evil.example" }, 1024);
    expect(created.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
