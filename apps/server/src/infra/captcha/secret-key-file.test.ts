import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadOrCreateSecretKey } from "./secret-key-file";

describe("loadOrCreateSecretKey", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "quire-key-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("creates a random 256-bit key readable by its owner only, and reads the same key afterwards", async () => {
    const path = join(dir, "nested", "altcha.key");
    const key = await loadOrCreateSecretKey(path);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readFile(path, "utf8")).toBe(key);
    expect(await loadOrCreateSecretKey(path)).toBe(key);
    expect(await loadOrCreateSecretKey(join(dir, "other.key"))).not.toBe(key);
  });

  it("gives every caller racing to create it the same key", async () => {
    const path = join(dir, "altcha.key");
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateSecretKey(path)));
    expect(new Set(keys).size).toBe(1);
  });

  it("refuses a file that does not hold a key, rather than signing with it", async () => {
    const path = join(dir, "altcha.key");
    await writeFile(path, "short");
    await expect(loadOrCreateSecretKey(path)).rejects.toThrow(/does not hold a 64-digit hex key/);
  });
});
