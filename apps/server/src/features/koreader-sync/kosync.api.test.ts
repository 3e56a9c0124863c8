import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { API_PATHS } from "@quire/core";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { EpubImportService } from "../epub/epub-import.service";
import { partialMd5 } from "./koreader-digests";

const CORPUS_BOOK = join(
  import.meta.dirname,
  "../../../../../../shared/corpus/standard-ebooks/p-g-wodehouse_love-among-the-chickens.epub",
);
/** The document id KOReader computes for that file (util.partialMD5), see koreader-digests.test.ts. */
const CORPUS_DOCUMENT = "94da45918bc8053f935c43248953b485";
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

describe.each(dialectsUnderTest())("KOReader sync on %s", (dialect) => {
  // Near the real time: the test sessions expire a day after they are made.
  let now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { clock: () => now });
  let bookId = "";

  beforeAll(async () => {
    const imports = new EpubImportService({
      db: testDb.db,
      storage: t.ctx.storage,
      logger: t.ctx.logger,
      clock: () => now,
      maxImagePixels: 50_000_000,
    });
    ({ bookId } = await imports.import(readFileSync(CORPUS_BOOK)));
  });

  /** A reader with a device password, and KOReader's headers for it (the key is md5 of the password). */
  async function koreaderUser() {
    const reader = await createSignedInUser(testDb.db);
    const created = await t.app.inject({
      method: "POST",
      url: API_PATHS["me.createDevicePassword"],
      headers: reader.headers,
      payload: { name: "Kobo" },
    });
    const { id, password } = created.json();
    const koreader = {
      accept: "application/vnd.koreader.v1+json",
      "content-type": "application/json",
      "x-auth-user": reader.user.username,
      "x-auth-key": md5(password),
    };
    return { ...reader, passwordId: id as string, koreader };
  }

  const push = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({ method: "PUT", url: "/kosync/syncs/progress", headers, payload: body });
  const pull = (headers: Record<string, string>, document: string) =>
    t.app.inject({ method: "GET", url: `/kosync/syncs/progress/${document}`, headers });
  const later = (minutes: number) => {
    now = new Date(now.getTime() + minutes * 60_000);
  };

  it("signs KOReader in with the username and a device password's MD5, and records when it was used", async () => {
    const { koreader, headers } = await koreaderUser();
    const ok = await t.app.inject({ method: "GET", url: "/kosync/users/auth", headers: koreader });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ authorized: "OK" });
    const [device] = (await t.app.inject({ method: "GET", url: API_PATHS["me.devicePasswords"], headers })).json()
      .items;
    expect(device.lastUsedAt).toBe(now.toISOString());

    for (const wrong of [
      { ...koreader, "x-auth-key": md5("not the password") },
      { ...koreader, "x-auth-key": "" },
      { accept: koreader.accept },
    ]) {
      const refused = await t.app.inject({ method: "GET", url: "/kosync/users/auth", headers: wrong });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 2001, message: "Unauthorized" });
    }
  });

  it("refuses another user's name with one's key, and a revoked password", async () => {
    const reader = await koreaderUser();
    const other = await koreaderUser();
    const crossed = { ...reader.koreader, "x-auth-user": other.user.username };
    expect((await t.app.inject({ method: "GET", url: "/kosync/users/auth", headers: crossed })).statusCode).toBe(401);

    expect((await pull(reader.koreader, "abc")).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: "DELETE",
      url: API_PATHS["me.deleteDevicePassword"].replace(":id", reader.passwordId),
      headers: reader.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const after = await pull(reader.koreader, "abc");
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 2001, message: "Unauthorized" });
  });

  it("sends people who try to register from KOReader to Quire's sign-up", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/kosync/users/create",
      headers: { accept: "application/vnd.koreader.v1+json", "content-type": "application/json" },
      payload: { username: "someone", password: md5("secret") },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().code).toBe(2005);
    expect(response.json().message).toMatch(/sign up at http.*\/auth\/sign-up.*Settings → Devices/);
  });

  it("round-trips progress between KOReader and the web reader for a corpus book", async () => {
    const { koreader, headers } = await koreaderUser();
    const xpointer = "/body/DocFragment[12]/body/div/p[40]/text().0";
    later(1);
    const pushed = await push(koreader, {
      document: CORPUS_DOCUMENT,
      progress: xpointer,
      percentage: 0.4213,
      device: "Kobo Libra 2",
      device_id: "A1B2",
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushed.json()).toEqual({ document: CORPUS_DOCUMENT, timestamp: Math.floor(now.getTime() / 1000) });

    // The web reader opens the book where KOReader left it.
    const progressUrl = API_PATHS["progress.get"].replace(":id", bookId);
    const web = (await t.app.inject({ method: "GET", url: progressUrl, headers })).json().progress;
    expect(Math.abs(web.progress - 42)).toBeLessThanOrEqual(1);
    expect(web.lastReadAt).toBe(now.toISOString());

    // Another KOReader gets KOReader's own place back, to the letter.
    expect((await pull(koreader, CORPUS_DOCUMENT)).json()).toEqual({
      document: CORPUS_DOCUMENT,
      percentage: 0.4213,
      progress: xpointer,
      device: "Kobo Libra 2",
      device_id: "A1B2",
      timestamp: Math.floor(now.getTime() / 1000),
    });

    // Reading on in the web moves what KOReader is told: the same percentage, at the chapter's start.
    later(5);
    const chapter = web.epubPosition.anchorId as string;
    const list = await testDb.db
      .selectFrom("chapters")
      .select("anchorId")
      .where("bookId", "=", bookId)
      .orderBy("chapterNumber")
      .execute();
    const next = list[list.findIndex((item) => item.anchorId === chapter) + 1]?.anchorId as string;
    const read = await t.app.inject({
      method: "PUT",
      url: API_PATHS["progress.put"].replace(":id", bookId),
      headers,
      payload: { epubPosition: { anchorId: next, offset: 0.5 }, currentChapter: next, progress: 0 },
    });
    expect(read.statusCode, read.body).toBe(200);
    const quire = read.json().progress;
    const pulled = (await pull(koreader, CORPUS_DOCUMENT)).json();
    expect(pulled).toMatchObject({ document: CORPUS_DOCUMENT, device: "Quire", device_id: "quire" });
    expect(pulled.timestamp).toBe(Math.floor(now.getTime() / 1000));
    expect(Math.abs(pulled.percentage * 100 - quire.progress)).toBeLessThanOrEqual(1);
    expect(pulled.percentage).toBeGreaterThan(0.4213);
    expect(pulled.progress).toBe(`/body/DocFragment[${list.findIndex((item) => item.anchorId === next) + 1}]/body`);
  });

  it("knows a Quire book by its download file name too (KOReader's filename matching)", async () => {
    const { koreader, headers } = await koreaderUser();
    later(1);
    const pushed = await push(koreader, {
      document: md5("love-among-the-chickens.epub"),
      progress: "/body/DocFragment[3]/body",
      percentage: 0.1,
      device: "Kobo",
    });
    expect(pushed.statusCode).toBe(200);
    const progressUrl = API_PATHS["progress.get"].replace(":id", bookId);
    const web = (await t.app.inject({ method: "GET", url: progressUrl, headers })).json().progress;
    expect(Math.abs(web.progress - 10)).toBeLessThanOrEqual(1);
  });

  it("knows a community book by the partial MD5 of the EPUB it downloaded from OPDS", async () => {
    const { koreader, headers } = await koreaderUser();
    const community = await createBook(testDb.db, { chapters: 4 });
    const download = await t.app.inject({ method: "GET", url: `/opds/books/${community.id}/download.epub` });
    expect(download.statusCode, download.body).toBe(200);
    const document = partialMd5(new Uint8Array(download.rawPayload));
    later(1);
    const pushed = await push(koreader, {
      document,
      progress: "/body/DocFragment[3]/body",
      percentage: 0.5,
      device: "Kobo",
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const progressUrl = API_PATHS["progress.get"].replace(":id", community.id);
    const web = (await t.app.inject({ method: "GET", url: progressUrl, headers })).json().progress;
    expect(Math.abs(web.progress - 50)).toBeLessThanOrEqual(1);
  });

  it("keeps an unknown document as sent, for the same reader only", async () => {
    const reader = await koreaderUser();
    const other = await koreaderUser();
    later(1);
    const body = { document: "0123456789abcdef", progress: "17", percentage: 0.32, device: "my kpw", device_id: "K1" };
    expect((await push(reader.koreader, body)).statusCode).toBe(200);
    expect((await pull(reader.koreader, body.document)).json()).toEqual({
      ...body,
      timestamp: Math.floor(now.getTime() / 1000),
    });
    const foreign = await pull(other.koreader, body.document);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({});
  });

  it("answers incomplete writes as the reference server does", async () => {
    const { koreader } = await koreaderUser();
    const missing = await push(koreader, { progress: "1", percentage: 0.1, device: "Kobo" });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ code: 2004, message: "Field 'document' not provided." });
    const invalid = await push(koreader, { document: "abc", progress: "1", device: "Kobo" });
    expect(invalid.statusCode).toBe(403);
    expect(invalid.json()).toEqual({ code: 2003, message: "Invalid request" });
    const unsigned = await push({ "content-type": "application/json" }, { document: "abc" });
    expect(unsigned.statusCode).toBe(401);
  });

  it("stops answering a username after 20 wrong keys, in KOReader's body shape", async () => {
    const { koreader } = await koreaderUser();
    const wrong = { ...koreader, "x-auth-key": md5("guess") };
    for (let n = 0; n < 20; n += 1) {
      expect((await t.app.inject({ method: "GET", url: "/kosync/users/auth", headers: wrong })).statusCode).toBe(401);
    }
    const limited = await t.app.inject({ method: "GET", url: "/kosync/users/auth", headers: wrong });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: "Too many requests. Please try again later." });
  });
});
