import { type KeyObject, sign } from "node:crypto";
import { readFile } from "node:fs/promises";

/**
 * A compact JWS for a push provider's credentials: RS256 (Google's service-account assertion) or ES256
 * (APNs provider token, whose signature is the raw r‖s pair JOSE wants, not DER).
 */
export function signProviderJwt(
  algorithm: "RS256" | "ES256",
  header: Record<string, string>,
  claims: Record<string, string | number>,
  key: KeyObject,
): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
  const signingInput = `${encode({ alg: algorithm, typ: "JWT", ...header })}.${encode(claims)}`;
  const signature = sign(
    "sha256",
    Buffer.from(signingInput),
    algorithm === "ES256" ? { key, dsaEncoding: "ieee-p1363" } : key,
  );
  return `${signingInput}.${signature.toString("base64url")}`;
}

/** A credential given inline (JSON, PEM) or as the path of the file holding it. */
export async function inlineOrFile(
  name: string,
  value: string,
  looksInline: (text: string) => boolean,
): Promise<string> {
  const text = value.trim();
  if (looksInline(text)) return text;
  try {
    return await readFile(text, "utf8");
  } catch (error) {
    throw new Error(
      `Invalid configuration: ${name} is neither inline nor a readable file (${(error as Error).message})`,
    );
  }
}
