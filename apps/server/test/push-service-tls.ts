import { type KeyObject, verify } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "selfsigned";

export interface TestTls {
  key: string;
  cert: string;
  /** The certificate in a file, for QUIRE_PUSH_CA_FILE. */
  caFile: string;
  remove(): Promise<void>;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made per test service (or shared, as the FCM and
 * APNs fakes do, so an app trusting one CA through QUIRE_PUSH_CA_FILE reaches both). Test-only, in tmp.
 */
export async function testTls(): Promise<TestTls> {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "keyUsage", digitalSignature: true, keyCertSign: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 7, ip: "127.0.0.1" },
          { type: 2, value: "localhost" },
        ],
      },
    ],
  });
  const dir = await mkdtemp(join(tmpdir(), "quire-push-tls-"));
  const caFile = join(dir, "ca.pem");
  await writeFile(caFile, pems.cert);
  return { key: pems.private, cert: pems.cert, caFile, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Verifies a compact JWS (RS256 or ES256 with a raw r‖s signature) and returns its header and claims. */
export function readVerifiedJwt(
  token: string,
  algorithm: "RS256" | "ES256",
  publicKey: KeyObject,
): { header: Record<string, unknown>; claims: Record<string, unknown> } | undefined {
  const [header, claims, signature] = token.split(".");
  if (!header || !claims || !signature) return undefined;
  const key = algorithm === "ES256" ? { key: publicKey, dsaEncoding: "ieee-p1363" as const } : publicKey;
  if (!verify("sha256", Buffer.from(`${header}.${claims}`), key, Buffer.from(signature, "base64url"))) return undefined;
  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
  const decoded = { header: decode(header), claims: decode(claims) };
  return decoded.header.alg === algorithm ? decoded : undefined;
}
