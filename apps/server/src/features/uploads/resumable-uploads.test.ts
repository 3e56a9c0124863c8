import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileStore } from "@tus/file-store";
import { Upload } from "@tus/server";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { ResumableUploads } from "./resumable-uploads";

describe("ResumableUploads' place count", () => {
  let directory = "";
  afterEach(async () => rm(directory, { recursive: true, force: true }));

  it("counts the unfinished uploads already on disk when it starts, and not the finished ones", async () => {
    directory = await mkdtemp(join(tmpdir(), "quire-uploads-"));
    const store = new FileStore({ directory });
    const stored = (id: string, owner: string, size: number) =>
      store.create(new Upload({ id, size, offset: 0, metadata: { owner, kind: "cover", filename: "c.png" } }));
    await stored("a1", "ann", 10);
    await stored("a2", "ann", 10);
    await stored("b1", "ben", 10);
    await stored("a3", "ann", 0); // zero bytes of zero: finished

    const uploads = new ResumableUploads({
      directory,
      maxBytes: 1000,
      maxUnfinishedPerUser: 2,
      logger: pino({ level: "silent" }),
    });
    let started = 0;
    const start = async () => {
      started += 1;
    };
    await expect(uploads.create("ann", start)).rejects.toThrow(
      "You have 2 unfinished uploads. Finish or cancel one before starting another.",
    );
    await uploads.create("ben", start);
    await uploads.remove("a1");
    await uploads.create("ann", start);
    expect(started).toBe(2);
    uploads.close();
  });
});
