import type { ReaderSettings } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { AccountDeletionRepository } from "../account-deletion/account-deletion.repository";

const URL = "/api/v1/me/reader-settings";
const SETTINGS: ReaderSettings = {
  layout: "scrolled",
  theme: "sepia",
  font: "serif",
  fontSize: 24,
  lineHeight: 1.9,
  margins: "wide",
};

describe.each(dialectsUnderTest())("reader settings API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  const get = (headers?: Record<string, string>) => t.app.inject({ method: "GET", url: URL, headers });
  const put = (payload: unknown, headers?: Record<string, string>) =>
    t.app.inject({ method: "PUT", url: URL, headers, payload: payload as object });

  it("asks visitors to log in, reading or writing", async () => {
    for (const response of [await get(), await put(SETTINGS)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: "unauthenticated", message: "Please login!", reason: "not_logged_in" },
      });
    }
  });

  it("answers null until the reader saves settings, then the saved ones, never from a cache", async () => {
    const reader = await createSignedInUser(testDb.db);
    const before = await get(reader.headers);
    expect(before.statusCode).toBe(200);
    expect(before.headers["cache-control"]).toContain("no-store");
    expect(before.json()).toEqual({ settings: null });

    const saved = await put(SETTINGS, reader.headers);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers["cache-control"]).toContain("no-store");
    expect(saved.json()).toEqual({ settings: SETTINGS });
    expect((await get(reader.headers)).json()).toEqual({ settings: SETTINGS });

    const changed = { ...SETTINGS, fontSize: 14, theme: "dark" };
    expect((await put(changed, reader.headers)).statusCode).toBe(200);
    expect((await get(reader.headers)).json()).toEqual({ settings: changed });
    const rows = await testDb.db
      .selectFrom("readerSettings")
      .select("userId")
      .where("userId", "=", reader.user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("keeps each reader's settings their own: another user neither reads nor overwrites them", async () => {
    const reader = await createSignedInUser(testDb.db);
    const other = await createSignedInUser(testDb.db);
    await put(SETTINGS, reader.headers);
    expect((await get(other.headers)).json()).toEqual({ settings: null });
    await put({ ...SETTINGS, layout: "paginated", fontSize: 16 }, other.headers);
    expect((await get(reader.headers)).json()).toEqual({ settings: SETTINGS });
    expect((await get(other.headers)).json().settings).toMatchObject({ layout: "paginated", fontSize: 16 });
  });

  it("refuses settings outside the reader's choices with a message naming the field", async () => {
    const reader = await createSignedInUser(testDb.db);
    const cases: [unknown, string][] = [
      [{ ...SETTINGS, fontSize: 15 }, "fontSize must be one of 14, 16, 18, 20, 22, 24, 27, 30, 34."],
      [{ ...SETTINGS, fontSize: 400 }, "fontSize must be one of"],
      [{ ...SETTINGS, lineHeight: 9 }, "lineHeight must be one of 1.3, 1.5, 1.7, 1.9, 2.1."],
      [{ ...SETTINGS, theme: "neon" }, "theme"],
      [{ ...SETTINGS, layout: undefined }, "layout"],
      [{ ...SETTINGS, extra: true }, "extra"],
    ];
    for (const [payload, message] of cases) {
      const response = await put(payload, reader.headers);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatchObject({ code: "invalid-argument" });
      expect(response.json().error.message).toContain(message);
    }
    expect((await get(reader.headers)).json()).toEqual({ settings: null });
  });

  it("answers null for a stored row today's limits no longer allow, rather than failing", async () => {
    const reader = await createSignedInUser(testDb.db);
    await testDb.db
      .insertInto("readerSettings")
      .values({ userId: reader.user.id, settings: '{"fontSize":"huge"}', updatedAt: new Date().toISOString() })
      .execute();
    expect((await get(reader.headers)).json()).toEqual({ settings: null });
  });

  it("goes with the account when it is deleted", async () => {
    const leaving = await createSignedInUser(testDb.db);
    const staying = await createSignedInUser(testDb.db);
    await put(SETTINGS, leaving.headers);
    await put(SETTINGS, staying.headers);
    await testDb.db
      .transaction()
      .execute((trx) => new AccountDeletionRepository(testDb.db).deleteUser(leaving.user.id, trx));
    const rows = await testDb.db
      .selectFrom("readerSettings")
      .select("userId")
      .where("userId", "in", [leaving.user.id, staying.user.id])
      .execute();
    expect(rows).toEqual([{ userId: staying.user.id }]);
  });
});
