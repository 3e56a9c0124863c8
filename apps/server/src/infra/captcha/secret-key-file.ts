import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

const KEY_PATTERN = /^[0-9a-f]{64}$/;

/**
 * A random 256-bit key (hex) kept in a file readable by its owner only, made on first use. Restarts and
 * every process sharing the data directory read the same key; when two start at once, the first file
 * linked into place wins and the other process reads it (a link never exposes a half-written file).
 */
export async function loadOrCreateSecretKey(path: string): Promise<string> {
  const existing = await readKey(path);
  if (existing !== undefined) return existing;
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  const key = await readKey(path);
  if (key === undefined) throw new Error(`${path} vanished while it was being created`);
  return key;
}

async function readKey(path: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const key = text.trim();
  if (!KEY_PATTERN.test(key)) {
    throw new Error(`${path} does not hold a 64-digit hex key; delete it and a new one is generated`);
  }
  return key;
}
