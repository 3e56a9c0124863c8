import { nextChunkSize, UPLOAD_CHUNK_START_BYTES } from "@quire/core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import {
  corpusFile,
  gif,
  jpegWithExif,
  LARGE_CORPUS_COVER,
  MEDIUM_CORPUS_COVER,
  png,
  pngBomb,
  pngOfExactly,
  SVG,
  webp,
} from "./test-images";

const FORMAT_MESSAGE = "Only JPG, JPEG, PNG, and WebP formats are allowed.";
const TUS = { "tus-resumable": "1.0.0" };
const APP_ORIGIN = "capacitor://localhost";

describe.each(dialectsUnderTest())("profile image uploads on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  const signedIn = () => createSignedInUser(testDb.db);
  const storedKey = (url: string) => t.ctx.storage.keyForUrl(url) as string;
  const storedImage = async (url: string) => {
    const bytes = await t.ctx.storage.read(storedKey(url));
    expect(bytes, url).toBeDefined();
    return Buffer.from(bytes as Uint8Array);
  };

  /** A browser's multipart body, built by the platform's own FormData encoder. */
  const multipart = async (bytes: Uint8Array, fileName: string, type = "application/octet-stream", field = "file") => {
    const form = new FormData();
    form.append(field, new Blob([bytes], { type }), fileName);
    const request = new Request("http://localhost/", { method: "POST", body: form });
    return {
      payload: Buffer.from(await request.arrayBuffer()),
      contentType: request.headers.get("content-type") as string,
    };
  };
  const postImage = async (
    kind: "avatar" | "cover",
    bytes: Uint8Array,
    fileName: string,
    headers: Record<string, string>,
    type?: string,
  ) => {
    const body = await multipart(bytes, fileName, type);
    return t.app.inject({
      method: "POST",
      url: `/api/v1/me/${kind}`,
      payload: body.payload,
      headers: { host: "localhost", ...headers, "content-type": body.contentType },
    });
  };

  const metadata = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
      .join(",");
  const createUpload = (
    headers: Record<string, string>,
    length: number,
    fields = { kind: "avatar", filename: "me.jpg" },
  ) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/uploads",
      headers: {
        host: "localhost",
        ...TUS,
        ...headers,
        "upload-length": String(length),
        "upload-metadata": metadata(fields),
      },
    });
  const patch = (location: string, headers: Record<string, string>, offset: number, chunk: Buffer) =>
    t.app.inject({
      method: "PATCH",
      url: location,
      payload: chunk,
      headers: {
        host: "localhost",
        ...TUS,
        ...headers,
        "upload-offset": String(offset),
        "content-type": "application/offset+octet-stream",
      },
    });
  const head = (location: string, headers: Record<string, string>) =>
    t.app.inject({ method: "HEAD", url: location, headers: { host: "localhost", ...TUS, ...headers } });
  const finish = (kind: "avatar" | "cover", uploadId: string, headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/me/${kind}`,
      payload: { uploadId },
      headers: { host: "localhost", ...headers },
    });
  /** Uploads all of `bytes` in chunks of growing size; returns the chunk sizes used. */
  const sendAll = async (
    location: string,
    headers: Record<string, string>,
    bytes: Buffer,
    from = { offset: 0, chunkSize: UPLOAD_CHUNK_START_BYTES },
  ) => {
    const sizes: number[] = [];
    let { offset, chunkSize } = from;
    while (offset < bytes.length) {
      const chunk = bytes.subarray(offset, offset + chunkSize);
      const response = await patch(location, headers, offset, chunk);
      expect(response.statusCode, response.body).toBe(204);
      offset = Number(response.headers["upload-offset"]);
      sizes.push(chunk.length);
      chunkSize = nextChunkSize(chunkSize, true);
    }
    return sizes;
  };

  it("stores a small avatar in one request, re-encoded, with 268 and 556 px thumbnails", async () => {
    const { user, headers } = await signedIn();
    const response = await postImage("avatar", await jpegWithExif(1200, 900), "My Holiday (2).JPG", headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.url).toMatch(new RegExp(`^/files/users-avatars/${user.id}/\\d+-My-Holiday-2\\.jpg$`));
    const base = body.url.replace(/\.jpg$/, "").replace(`${user.id}/`, `${user.id}/thumbs/`);
    expect(body.thumbnails).toEqual({ small: `${base}_268x268.jpeg`, medium: `${base}_556x556.jpeg` });
    expect(body.user.avatarUrl).toBe(body.url);
    expect(body.user.id).toBe(user.id);

    const row = await testDb.db
      .selectFrom("users")
      .select(["avatarUrl", "updatedAt"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.avatarUrl).toBe(body.url);
    expect(row.updatedAt > user.updatedAt).toBe(true);

    const small = await sharp(await storedImage(body.thumbnails.small)).metadata();
    const medium = await sharp(await storedImage(body.thumbnails.medium)).metadata();
    expect([small.format, small.width, small.height]).toEqual(["jpeg", 268, 201]);
    expect([medium.format, medium.width, medium.height]).toEqual(["jpeg", 556, 417]);

    const served = await t.app.inject({ method: "GET", url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
  });

  it("strips EXIF and GPS from the stored original and its thumbnails", async () => {
    const { headers } = await signedIn();
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes("Secret Photographer")).toBe(true);
    const body = (await postImage("avatar", original, "exif.jpg", headers)).json();
    for (const url of [body.url, body.thumbnails.small, body.thumbnails.medium]) {
      const stored = await storedImage(url);
      const meta = await sharp(stored).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(stored.includes("Secret Photographer"), url).toBe(false);
      expect(stored.includes("Exif\0\0"), url).toBe(false);
    }
  });

  it("stores PNG and WebP cover images under users-covers, named by their real format", async () => {
    const { user, headers } = await signedIn();
    const fromPng = await postImage("cover", await png(), "banner.jpg", headers, "image/jpeg");
    expect(fromPng.statusCode, fromPng.body).toBe(200);
    expect(fromPng.json().url).toMatch(new RegExp(`^/files/users-covers/${user.id}/\\d+-banner\\.png$`));
    expect(fromPng.json().user.coverUrl).toBe(fromPng.json().url);
    expect((await sharp(await storedImage(fromPng.json().url)).metadata()).format).toBe("png");

    const fromWebp = await postImage("cover", await webp(), "../../etc/passwd.webp", headers);
    expect(fromWebp.statusCode, fromWebp.body).toBe(200);
    const body = fromWebp.json();
    expect(body.url).toMatch(new RegExp(`^/files/users-covers/${user.id}/\\d+-passwd\\.webp$`));
    const medium = await sharp(await storedImage(body.thumbnails.medium)).metadata();
    expect([medium.width, medium.height]).toEqual([371, 556]);
    // The replaced cover and its thumbnails are gone; the avatar folder was never touched.
    expect(await t.ctx.storage.exists(storedKey(fromPng.json().url))).toBe(false);
    expect(await t.ctx.storage.exists(storedKey(fromPng.json().thumbnails.small))).toBe(false);
  });

  it("refuses anything that is not a JPG, PNG or WebP by its content, whatever its name or type", async () => {
    const { user, headers } = await signedIn();
    const cases: [Uint8Array, string, string][] = [
      [Buffer.from("just some text, honestly"), "photo.jpg", "image/jpeg"],
      [SVG, "drawing.png", "image/png"],
      [await gif(), "animation.webp", "image/webp"],
      // A JPEG's first bytes and nothing behind them.
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), "truncated.jpg", "image/jpeg"],
    ];
    for (const [bytes, name, type] of cases) {
      const response = await postImage("avatar", bytes, name, headers, type);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error).toEqual({ code: "invalid-argument", message: FORMAT_MESSAGE });
    }
    const row = await testDb.db.selectFrom("users").select("avatarUrl").where("id", "=", user.id).executeTakeFirst();
    expect(row?.avatarUrl).toBeNull();
  });

  it("answers 413 to a single request over 256 KB, and takes exactly 256 KB", async () => {
    const { headers } = await signedIn();
    const large = corpusFile(MEDIUM_CORPUS_COVER);
    expect(large.length).toBeGreaterThan(256 * 1024);
    const refused = await postImage("avatar", large, "cover.jpg", headers);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toEqual({
      code: "invalid-argument",
      message: "Images over 256 KB must be sent as a resumable upload.",
    });
    const exact = await pngOfExactly(256 * 1024);
    expect(exact.length).toBe(256 * 1024);
    const accepted = await postImage("avatar", exact, "exact.png", headers);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await storedImage(accepted.json().url)).includes("Comment")).toBe(false);
  });

  it("refuses a decompression bomb before decoding it", async () => {
    const { headers } = await signedIn();
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(256 * 1024);
    const started = Date.now();
    const response = await postImage("avatar", bomb, "bomb.png", headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "invalid-argument",
      message: "This image has too many pixels. Please use a smaller one.",
      details: { width: 20_000, height: 20_000, maxPixels: t.ctx.config.images.maxPixels },
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("needs a signed-in user and a file in the field named file", async () => {
    const image = await png(40, 40);
    const anonymous = await postImage("avatar", image, "a.png", {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toEqual({ code: "unauthenticated", message: "No user logged in." });
    const anonymousTus = await createUpload({}, 1000);
    expect(anonymousTus.statusCode).toBe(401);
    expect(anonymousTus.json().error.message).toBe("No user logged in.");

    const { headers } = await signedIn();
    const form = await multipart(image, "a.png", "image/png", "picture");
    const wrongField = await t.app.inject({
      method: "POST",
      url: "/api/v1/me/avatar",
      payload: form.payload,
      headers: { host: "localhost", ...headers, "content-type": form.contentType },
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe("Choose an image to upload.");
    const nothing = await t.app.inject({
      method: "POST",
      url: "/api/v1/me/avatar",
      headers: { host: "localhost", ...headers },
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toBe("Choose an image to upload.");
  });

  it("falls back to the original's URL when thumbnails cannot be stored", async () => {
    const { user, headers } = await signedIn();
    // A file where the thumbs folder should be: every thumbnail write fails, the original's does not.
    await t.ctx.storage.put(`users-avatars/${user.id}/thumbs`, Buffer.from("in the way"), "text/plain");
    const response = await postImage("avatar", await png(), "blocked.png", headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.thumbnails).toEqual({ small: body.url, medium: body.url });
    expect(await t.ctx.storage.exists(storedKey(body.url))).toBe(true);
  });

  it("takes a large cover through a resumable upload in growing chunks, paused and resumed", async () => {
    const { user, headers } = await signedIn();
    const cover = corpusFile(LARGE_CORPUS_COVER);
    const created = await createUpload(headers, cover.length, { kind: "avatar", filename: "sherlock.cover.jpg" });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{32}$/);
    const uploadId = location.split("/").pop() as string;

    // The first chunk, then a pause: the client comes back and asks where it stopped.
    const first = await patch(location, headers, 0, cover.subarray(0, UPLOAD_CHUNK_START_BYTES));
    expect(first.statusCode).toBe(204);
    const resumed = await head(location, headers);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.headers["upload-offset"]).toBe(String(UPLOAD_CHUNK_START_BYTES));
    expect(resumed.headers["upload-length"]).toBe(String(cover.length));
    expect(resumed.headers["cache-control"]).toBe("no-store");

    // A chunk sent from a stale offset is refused and changes nothing.
    const stale = await patch(location, headers, 0, cover.subarray(0, 1024));
    expect(stale.statusCode).toBe(409);

    const early = await finish("avatar", uploadId, headers);
    expect(early.statusCode).toBe(412);
    expect(early.json().error.message).toBe("This upload is not finished yet.");

    const rest = await sendAll(location, headers, cover, {
      offset: Number(resumed.headers["upload-offset"]),
      chunkSize: nextChunkSize(UPLOAD_CHUNK_START_BYTES, true),
    });
    expect(rest[0]).toBe(2 * UPLOAD_CHUNK_START_BYTES);
    expect(rest.length).toBeGreaterThanOrEqual(2);

    const wrongKind = await finish("cover", uploadId, headers);
    expect(wrongKind.statusCode).toBe(404);

    const done = await finish("avatar", uploadId, headers);
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json();
    expect(body.url).toMatch(new RegExp(`^/files/users-avatars/${user.id}/\\d+-sherlock\\.cover\\.jpg$`));
    expect(body.user.avatarUrl).toBe(body.url);
    const small = await sharp(await storedImage(body.thumbnails.small)).metadata();
    expect([small.width, small.height]).toEqual([179, 268]);
    const stored = await sharp(await storedImage(body.url)).metadata();
    expect([stored.width, stored.height]).toEqual([1400, 2100]);

    // Used up: the temporary upload is gone.
    expect((await head(location, headers)).statusCode).toBe(404);
    expect((await finish("avatar", uploadId, headers)).statusCode).toBe(404);
  });

  it("lets nobody but its creator see, continue, cancel or use an upload", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const cover = corpusFile(MEDIUM_CORPUS_COVER);
    const created = await createUpload(owner.headers, cover.length);
    const location = created.headers.location as string;
    const uploadId = location.split("/").pop() as string;
    await sendAll(location, owner.headers, cover);

    expect((await head(location, other.headers)).statusCode).toBe(404);
    const foreignPatch = await patch(location, other.headers, cover.length, Buffer.from("more"));
    expect(foreignPatch.statusCode).toBe(404);
    expect(foreignPatch.json().error).toEqual({ code: "not-found", message: "Upload not found." });
    const foreignDelete = await t.app.inject({
      method: "DELETE",
      url: location,
      headers: { host: "localhost", ...TUS, ...other.headers },
    });
    expect(foreignDelete.statusCode).toBe(404);
    expect((await finish("avatar", uploadId, other.headers)).statusCode).toBe(404);
    expect((await head(location, {})).statusCode).toBe(401);
    const crossSite = await patch(location, { ...owner.headers, origin: "https://evil.example" }, 0, Buffer.from("x"));
    expect(crossSite.statusCode).toBe(403);

    // Still whole for its owner, who may cancel it.
    expect((await head(location, owner.headers)).headers["upload-offset"]).toBe(String(cover.length));
    const cancelled = await t.app.inject({
      method: "DELETE",
      url: location,
      headers: { host: "localhost", ...TUS, ...owner.headers },
    });
    expect(cancelled.statusCode).toBe(204);
    expect((await head(location, owner.headers)).statusCode).toBe(404);
  });

  it("refuses uploads over the size limit, without a kind, or that turn out not to be images", async () => {
    const { headers } = await signedIn();
    const tooLarge = await createUpload(headers, t.ctx.config.images.maxBytes + 1);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatchObject({
      message: "This image is too large to upload.",
      details: { maxBytes: t.ctx.config.images.maxBytes },
    });
    const noKind = await createUpload(headers, 1000, { kind: "banner", filename: "x.jpg" });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().error.message).toBe("Upload-Metadata must name the kind (avatar or cover) and the filename.");

    const text = Buffer.alloc(300 * 1024, "not an image ");
    const created = await createUpload(headers, text.length, { kind: "cover", filename: "notes.jpg" });
    const location = created.headers.location as string;
    await sendAll(location, headers, text);
    const refused = await finish("cover", location.split("/").pop() as string, headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(FORMAT_MESSAGE);
    expect((await head(location, headers)).statusCode).toBe(404);
  });

  describe("from the native app", () => {
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
      const created = await createUpload(fromApp, cover.length);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
      expect(exposed(created.headers)).toContain("location");
      const sent = await patch(
        created.headers.location as string,
        fromApp,
        0,
        cover.subarray(0, UPLOAD_CHUNK_START_BYTES),
      );
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
      const created = await createUpload({ ...headers, origin: "https://evil.example" }, 1024);
      expect(created.headers["access-control-allow-origin"]).toBeUndefined();
    });
  });
});
