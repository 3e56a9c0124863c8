import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Me } from "@quire/core";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../test/factories";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { LocalFileStorage } from "../../infra/storage";
import { ProfileImagesRepository } from "./profile-images.repository";
import { ProfileImagesService } from "./profile-images.service";
import { png } from "./test-images";

const NOW = new Date("2027-05-01T10:00:00.000Z");

describe.each(dialectsUnderTest())("profile images service on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let filesDir = "";
  let storage: LocalFileStorage;
  const logLines: { level: number; msg: string; key?: string; size?: string; err?: { message: string } }[] = [];
  let profileChanges = 0;
  const service = () =>
    new ProfileImagesService({
      repository: new ProfileImagesRepository(testDb.db),
      storage,
      logger: pino({ level: "info" }, { write: (line: string) => logLines.push(JSON.parse(line)) }),
      clock: () => NOW,
      maxPixels: 50_000_000,
      getMe: async (userId) => ({ id: userId }) as Me,
      onProfileChanged: () => profileChanges++,
    });

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), "quire-images-"));
    storage = new LocalFileStorage(filesDir);
  });
  afterAll(async () => {
    await rm(filesDir, { recursive: true, force: true });
  });

  it("logs a failed thumbnail and returns the original's URL in its place", async () => {
    const user = await createUser(testDb.db);
    await storage.put(`users-avatars/${user.id}/thumbs`, Buffer.from("a file where the folder goes"));
    const result = await service().save(user.id, "avatar", await png(), "portrait.png");
    const url = `/files/users-avatars/${user.id}/${NOW.getTime()}-portrait.png`;
    expect(result.url).toBe(url);
    expect(result.thumbnails).toEqual({ small: url, medium: url });
    const errors = logLines.filter((line) => line.level === 50);
    expect(errors.map((line) => line.size).sort()).toEqual(["medium", "small"]);
    expect(errors[0]?.msg).toBe("thumbnail failed; the original image is used instead");
    expect(errors[0]?.key).toBe(`users-avatars/${user.id}/${NOW.getTime()}-portrait.png`);
    expect(errors[0]?.err?.message).toBeTruthy();
    expect(profileChanges).toBe(1);
  });

  it("replaces a user's image, removing the old one and its thumbnails but nobody else's files", async () => {
    const user = await createUser(testDb.db);
    const other = await createUser(testDb.db);
    const othersKey = `users-covers/${other.id}/1-theirs.png`;
    await storage.put(othersKey, await png(20, 20));
    // A profile pointing at someone else's file (never made by Quire, but a row could say so) loses no file.
    await testDb.db
      .updateTable("users")
      .set({ coverUrl: `/files/${othersKey}` })
      .where("id", "=", user.id)
      .execute();
    const first = await service().save(user.id, "cover", await png(), "first.png");
    expect(await storage.exists(othersKey)).toBe(true);

    const later = new ProfileImagesService({
      repository: new ProfileImagesRepository(testDb.db),
      storage,
      logger: pino({ level: "silent" }),
      clock: () => new Date(NOW.getTime() + 1000),
      maxPixels: 50_000_000,
      getMe: async (userId) => ({ id: userId }) as Me,
      onProfileChanged: () => {},
    });
    const second = await later.save(user.id, "cover", await png(), "second.png");
    for (const url of [first.url, first.thumbnails.small, first.thumbnails.medium]) {
      expect(await storage.exists(storage.keyForUrl(url) as string), url).toBe(false);
    }
    for (const url of [second.url, second.thumbnails.small, second.thumbnails.medium]) {
      expect(await storage.exists(storage.keyForUrl(url) as string), url).toBe(true);
    }
  });

  it("refuses a user that does not exist and keeps no file for them", async () => {
    await expect(service().save("user-missing", "avatar", await png(), "x.png")).rejects.toMatchObject({
      code: "not-found",
      message: "User document not found.",
    });
    expect(await storage.exists(`users-avatars/user-missing/${NOW.getTime()}-x.png`)).toBe(false);
  });
});
