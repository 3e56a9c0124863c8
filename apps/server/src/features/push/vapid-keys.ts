import { createECDH } from "node:crypto";
import { join } from "node:path";
import type { Config } from "../../config";
import { loadOrCreateSecretKey } from "../../infra/captcha/secret-key-file";

/** The application server's key pair (RFC 8292) as web-push and browsers take it: base64url, no padding. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Where a generated private key is kept; the public key is derived from it. */
export const VAPID_KEY_FILE = join("push", "vapid-private.key");

/**
 * The configured pair (checked to belong together: a wrong public key would make every browser's
 * subscription fail silently), or one generated on first start and kept in the data directory, readable
 * by its owner only. Browsers subscribe with the public key, so it must never change under them: with
 * several processes, give the keys by configuration (or share the data directory).
 */
export async function loadVapidKeys(config: Pick<Config, "dataDir" | "push">): Promise<VapidKeys> {
  const configured = config.push.vapid;
  if (configured) {
    const derived = publicKeyOf(
      Buffer.from(configured.privateKey, "base64url"),
      "Invalid configuration: VAPID_PRIVATE_KEY is not a P-256 private key (32 bytes, base64url)",
    );
    if (derived !== configured.publicKey.replace(/=+$/, "")) {
      throw new Error("Invalid configuration: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY");
    }
    return { publicKey: derived, privateKey: configured.privateKey.replace(/=+$/, "") };
  }
  const path = join(config.dataDir, VAPID_KEY_FILE);
  // A random 256-bit number is a valid P-256 private key unless it is ≥ the group order (odds ~2⁻³²).
  const privateKey = Buffer.from(await loadOrCreateSecretKey(path), "hex");
  const unusable = `${path} does not hold a usable P-256 private key; delete it and a new pair is generated (browsers then subscribe again)`;
  return { publicKey: publicKeyOf(privateKey, unusable), privateKey: privateKey.toString("base64url") };
}

function publicKeyOf(privateKey: Buffer, unusable: string): string {
  const ecdh = createECDH("prime256v1");
  try {
    if (privateKey.length !== 32) throw new Error("not 32 bytes");
    ecdh.setPrivateKey(privateKey);
  } catch {
    throw new Error(unusable);
  }
  return ecdh.getPublicKey().toString("base64url");
}
