import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { loadApnsKey } from "./apns-transport";
import { loadServiceAccount } from "./fcm-transport";

describe("native push configuration", () => {
  it("is off when unset, and APNs needs its four values together, naming the missing ones", () => {
    expect(loadConfig({}).push).toMatchObject({ fcm: undefined, apns: undefined });
    expect(() => loadConfig({ QUIRE_APNS_KEY: "/keys/AuthKey.p8", QUIRE_APNS_TOPIC: "app.quire" })).toThrow(
      "Invalid configuration: APNs needs QUIRE_APNS_KEY, _KEY_ID, _TEAM_ID and _TOPIC; missing QUIRE_APNS_KEY_ID, QUIRE_APNS_TEAM_ID",
    );
    const apns = {
      QUIRE_APNS_KEY: "k",
      QUIRE_APNS_KEY_ID: "K",
      QUIRE_APNS_TEAM_ID: "T",
      QUIRE_APNS_TOPIC: "app.quire",
    };
    expect(loadConfig(apns).push.apns?.host).toBe("api.push.apple.com");
    expect(loadConfig({ ...apns, QUIRE_APNS_SANDBOX: "true" }).push.apns?.host).toBe("api.sandbox.push.apple.com");
    expect(loadConfig({ QUIRE_FCM_SERVICE_ACCOUNT: "/keys/sa.json" }).push.fcm).toEqual({
      serviceAccount: "/keys/sa.json",
      baseUrl: "https://fcm.googleapis.com",
    });
    expect(() => loadConfig({ QUIRE_FCM_SERVICE_ACCOUNT: "x", QUIRE_FCM_BASE_URL: "http://fcm.local" })).toThrow(
      /QUIRE_FCM_BASE_URL/,
    );
  });

  it("reads the service account and the .p8 key inline or from a file, and says which is unusable", async () => {
    const dir = await mkdtemp(join(tmpdir(), "quire-native-config-"));
    try {
      const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
      const account = {
        project_id: "p",
        client_email: "c@p.iam.gserviceaccount.com",
        private_key: rsa.export({ type: "pkcs8", format: "pem" }).toString(),
        token_uri: "https://oauth2.googleapis.com/token",
      };
      await writeFile(join(dir, "sa.json"), JSON.stringify(account));
      expect(await loadServiceAccount(JSON.stringify(account))).toMatchObject({ project_id: "p" });
      expect(await loadServiceAccount(join(dir, "sa.json"))).toMatchObject({ client_email: account.client_email });
      await expect(loadServiceAccount(JSON.stringify({ ...account, token_uri: undefined }))).rejects.toThrow(
        /QUIRE_FCM_SERVICE_ACCOUNT is not a service account/,
      );
      await expect(loadServiceAccount(join(dir, "missing.json"))).rejects.toThrow(
        /QUIRE_FCM_SERVICE_ACCOUNT is neither inline nor a readable file/,
      );

      const pem = generateKeyPairSync("ec", { namedCurve: "P-256" })
        .privateKey.export({ type: "pkcs8", format: "pem" })
        .toString();
      await writeFile(join(dir, "AuthKey.p8"), pem);
      expect((await loadApnsKey(pem)).asymmetricKeyType).toBe("ec");
      expect((await loadApnsKey(join(dir, "AuthKey.p8"))).asymmetricKeyType).toBe("ec");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
