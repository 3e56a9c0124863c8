import { API_PATHS, DATA_EXPORTS_PER_HOUR } from "@quire/core";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { studioClient } from "../studio/studio-test-client";

const EXPORT_URL = API_PATHS["me.export"];
// 2026-03-04T10:00:00Z: the file name carries the clock's day.
const NOW = new Date("2026-03-04T10:00:00.000Z");

describe.each(dialectsUnderTest())("data export on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { clock: () => NOW });
  const studio = studioClient(t, testDb);
  const { call } = studio;

  type Headers = Record<string, string>;
  const expectOk = async (promise: ReturnType<typeof call>, status = 200) => {
    const response = await promise;
    expect(response.statusCode, response.body).toBe(status);
  };
  const download = (headers: Headers = {}) => t.app.inject({ method: "GET", url: EXPORT_URL, headers });
  const unzip = (body: Buffer) => unzipSync(new Uint8Array(body));
  const jsonOf = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name] as Uint8Array));

  /** A list entry, chapter progress, a star and a highlight with a note, each on its own book. */
  async function readSomething(headers: Headers, note: string) {
    const [listed, read, starred] = await Promise.all([
      createBook(testDb.db),
      createBook(testDb.db),
      createBook(testDb.db),
    ]);
    await expectOk(call("PUT", `/api/v1/me/lists/want-to-read/${listed.id}`, headers));
    await expectOk(call("PUT", `/api/v1/books/${read.id}/chapters/chapter-1/progress`, headers, { progress: 55 }));
    await expectOk(call("PUT", `/api/v1/books/${starred.id}/star`, headers));
    const highlight = { kind: "note", anchorId: "chapter-1", start: 8, end: 13, quote: "Words", note };
    await expectOk(call("POST", `/api/v1/books/${read.id}/annotations`, headers, highlight), 201);
    return { listed, read, starred };
  }

  it("zips the reader's profile, lists, progress, stars, follows, annotations and own books, and no one else's", async () => {
    const reader = await studio.author({ firstName: "Mira", lastName: "Stone" });
    const friend = await createSignedInUser(testDb.db);
    const stranger = await createSignedInUser(testDb.db);
    await studio.bookWithChapters(reader.headers, { Dawn: "The sun came up." }, "Morning Tide");
    const mine = await readSomething(reader.headers, "Mine to keep.");
    const theirs = await readSomething(stranger.headers, "Stranger's secret note.");
    await expectOk(call("PUT", `/api/v1/users/${friend.user.id}/follow`, reader.headers));
    await expectOk(call("PUT", `/api/v1/users/${reader.user.id}/follow`, friend.headers));
    await expectOk(call("PUT", `/api/v1/users/${friend.user.id}/follow`, stranger.headers));

    const response = await download(reader.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="quire-export-${reader.user.username}-2026-03-04.zip"`,
    );
    expect(response.headers["cache-control"]).toBe("private, no-store");

    const files = unzip(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual([
      "README.txt",
      "annotations.json",
      "books/morning-tide.epub",
      "follows.json",
      "lists.json",
      "profile.json",
      "progress.json",
      "stars.json",
    ]);
    expect(strFromU8(files["README.txt"] as Uint8Array)).toContain("annotations.json  your highlights and notes");

    expect(jsonOf(files, "profile.json")).toMatchObject({
      id: reader.user.id,
      username: reader.user.username,
      email: reader.user.email,
      firstName: "Mira",
    });
    const lists = jsonOf(files, "lists.json");
    expect(lists["want-to-read"].map((entry: { book: { id: string } }) => entry.book.id)).toEqual([mine.listed.id]);
    expect(lists.reading.map((entry: { book: { id: string } }) => entry.book.id)).toEqual([mine.read.id]);
    expect(jsonOf(files, "progress.json")).toEqual([
      expect.objectContaining({
        bookId: mine.read.id,
        progress: expect.objectContaining({ currentChapter: "chapter-1" }),
        chapters: expect.arrayContaining([expect.objectContaining({ anchorId: "chapter-1", progress: 55 })]),
      }),
    ]);
    expect(jsonOf(files, "stars.json")).toEqual([{ bookId: mine.starred.id, title: mine.starred.title }]);
    const follows = jsonOf(files, "follows.json");
    expect(follows.following.map((user: { id: string }) => user.id)).toEqual([friend.user.id]);
    expect(follows.followers.map((user: { id: string }) => user.id)).toEqual([friend.user.id]);
    const annotations = jsonOf(files, "annotations.json");
    expect(annotations.books).toEqual([
      expect.objectContaining({
        bookId: mine.read.id,
        annotations: [expect.objectContaining({ quote: "Words", note: "Mine to keep." })],
      }),
    ]);

    const epub = unzipSync(files["books/morning-tide.epub"] as Uint8Array);
    expect(Object.keys(epub)[0]).toBe("mimetype");
    expect(strFromU8(epub.mimetype as Uint8Array)).toBe("application/epub+zip");
    const chapters = Object.entries(epub).filter(([name]) => name.endsWith(".xhtml") && !name.endsWith("nav.xhtml"));
    expect(chapters.map(([, bytes]) => strFromU8(bytes)).join("")).toContain("The sun came up.");

    const everything = Object.entries(files)
      .filter(([name]) => name.endsWith(".json"))
      .map(([, bytes]) => strFromU8(bytes))
      .join("\n");
    for (const foreign of [
      stranger.user.id,
      stranger.user.email,
      theirs.listed.id,
      theirs.read.id,
      theirs.starred.id,
    ]) {
      expect(everything).not.toContain(foreign);
    }
    expect(everything).not.toContain("Stranger's secret note.");
  });

  it("gives a reader who wrote nothing and did nothing empty files and no books folder", async () => {
    const reader = await createSignedInUser(testDb.db);
    const files = unzip((await download(reader.headers)).rawPayload);
    expect(Object.keys(files).some((name) => name.startsWith("books/"))).toBe(false);
    expect(jsonOf(files, "stars.json")).toEqual([]);
    expect(jsonOf(files, "progress.json")).toEqual([]);
    expect(jsonOf(files, "follows.json")).toEqual({ following: [], followers: [] });
    expect(jsonOf(files, "annotations.json").books).toEqual([]);
  });

  it("asks visitors to log in", async () => {
    const response = await download();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe("Please login!");
  });

  it(`answers 429 with a plain message after ${DATA_EXPORTS_PER_HOUR} exports in an hour, per reader`, async () => {
    const reader = await createSignedInUser(testDb.db);
    for (let n = 0; n < DATA_EXPORTS_PER_HOUR; n += 1) expect((await download(reader.headers)).statusCode).toBe(200);
    const refused = await download(reader.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: "resource-exhausted",
      message: `You can download your data ${DATA_EXPORTS_PER_HOUR} times an hour. Please try again in 60 minutes.`,
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    const other = await createSignedInUser(testDb.db);
    expect((await download(other.headers)).statusCode).toBe(200);
  });
});
