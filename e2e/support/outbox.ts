import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/**
 * Without SMTP the server writes each email as a JSON file into its data directory's outbox (the
 * production-mode server under test has no /dev/mail page); the specs read it the way a person
 * would read their inbox.
 */
export async function waitForMail(to: string, matching: RegExp, timeoutMs = 10_000): Promise<OutboxMail> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs through playwright.config.ts");
  const outbox = join(dataDir, "outbox");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((f) => f.endsWith(".json"))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(join(outbox, file), "utf8")) as OutboxMail;
      if (mail.to.toLowerCase() === to.toLowerCase() && matching.test(mail.text)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} matching ${matching} within ${timeoutMs} ms`);
}

export function linkIn(mail: OutboxMail, containing: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(containing));
  if (!link) throw new Error(`No link with ${containing} in: ${mail.text}`);
  return link;
}
