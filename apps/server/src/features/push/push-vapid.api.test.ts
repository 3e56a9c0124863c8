import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import { createSignedInUser } from "../../../test/factories";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { TestPushService } from "../../../test/test-push-service";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { createContext } from "../../context";
import { createRootLogger } from "../../logger";
import { VAPID_KEY_FILE } from "./vapid-keys";

describe.each(dialectsUnderTest())("VAPID keys on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let service: TestPushService;
  const dirs: string[] = [];
  beforeAll(async () => {
    service = await TestPushService.start();
  });
  afterAll(async () => {
    await service.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  const dataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), "quire-vapid-"));
    dirs.push(dir);
    return dir;
  };
  /** The app as `quire start` builds it, on the test database, with these settings. */
  const withApp = async <T>(env: Record<string, string>, use: (app: FastifyInstance) => Promise<T>): Promise<T> => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...service.env(), ...env });
    const app = await buildApp(createContext(config, { database: testDb.handle, logger: createRootLogger("silent") }));
    try {
      return await use(app);
    } finally {
      await app.close();
    }
  };
  const servedKey = async (app: FastifyInstance) =>
    (await app.inject({ method: "GET", url: "/api/v1/push/vapid-public-key" })).json().publicKey as string;

  it("generates a key pair on first start and keeps it, owner-readable only, for every later start", async () => {
    const dir = await dataDir();
    const first = await withApp({ QUIRE_DATA_DIR: dir }, servedKey);
    expect((await stat(join(dir, VAPID_KEY_FILE))).mode & 0o777).toBe(0o600);
    const restarted = await withApp({ QUIRE_DATA_DIR: dir }, servedKey);
    expect(restarted).toBe(first);
    expect(await withApp({ QUIRE_DATA_DIR: await dataDir() }, servedKey)).not.toBe(first);
  });

  it("uses the configured key pair, signs pushes with it, and writes no key file", async () => {
    const dir = await dataDir();
    const keys = webPush.generateVAPIDKeys();
    const env = {
      QUIRE_DATA_DIR: dir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "mailto:push@quire.example",
    };
    await withApp(env, async (app) => {
      expect(await servedKey(app)).toBe(keys.publicKey);
      const reader = await createSignedInUser(testDb.db);
      const fan = await createSignedInUser(testDb.db);
      const subscription = service.subscribe(keys.publicKey);
      const headers = reader.headers;
      expect(
        (await app.inject({ method: "POST", url: "/api/v1/push/registrations", headers, payload: { subscription } }))
          .statusCode,
      ).toBe(201);
      await app.inject({ method: "PUT", url: `/api/v1/users/${reader.user.id}/follow`, headers: fan.headers });
      await app.eventWorker.runOnce();
      await app.pushSender.runOnce();
      // The test push service accepts only a JWT signed by the key the subscription was made with.
      expect(service.answers(subscription.endpoint)).toEqual([201]);
    });
    expect(await readdir(dir)).not.toContain("push");
  });

  it("refuses to start with half a key pair, a mismatched pair or an unusable subject, naming the value", async () => {
    const keys = webPush.generateVAPIDKeys();
    const other = webPush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      "Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together; VAPID_PRIVATE_KEY is missing",
    );
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY is missing/);
    expect(() => loadConfig({ VAPID_SUBJECT: "push@quire.example" })).toThrow(
      /VAPID_SUBJECT: must be a mailto: address or an https: URL/,
    );
    const dir = await dataDir();
    await expect(
      withApp(
        { QUIRE_DATA_DIR: dir, VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: keys.privateKey },
        servedKey,
      ),
    ).rejects.toThrow("Invalid configuration: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY");
    await expect(
      withApp({ QUIRE_DATA_DIR: dir, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: "c2hvcnQ" }, servedKey),
    ).rejects.toThrow(/VAPID_PRIVATE_KEY is not a P-256 private key/);
    await expect(
      withApp({ QUIRE_DATA_DIR: dir, QUIRE_PUSH_CA_FILE: join(dir, "missing.pem") }, servedKey),
    ).rejects.toThrow(/QUIRE_PUSH_CA_FILE .*missing\.pem cannot be read/);
  });

  it("defaults the contact to the https public site, else to the mail sender's address", () => {
    expect(loadConfig({ QUIRE_PUBLIC_URL: "https://quire.example/" }).push.subject).toBe("https://quire.example");
    expect(loadConfig({ QUIRE_PUBLIC_URL: "http://localhost:3000" }).push.subject).toBe("mailto:no-reply@quire.local");
    expect(loadConfig({ MAIL_FROM: "books@quire.example" }).push.subject).toBe("mailto:books@quire.example");
  });
});
