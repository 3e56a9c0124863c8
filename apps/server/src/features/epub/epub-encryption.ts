import { createHash } from "node:crypto";
import { AppError } from "@quire/core/errors";
import type { EpubArchive } from "./epub-archive";
import { resolveHref } from "./epub-paths";
import { attribute, decodeText, descendants, firstChild, parseXml } from "./epub-xml";

export const ENCRYPTION_PATH = "META-INF/encryption.xml";

/**
 * Font obfuscation is not DRM: publishers scramble the first bytes of embedded fonts with a key
 * derived from the book's identifier, so a font cannot simply be copied out. Readers undo it.
 */
export type FontObfuscation = "idpf" | "adobe";

const ALGORITHMS: Record<string, FontObfuscation> = {
  "http://www.idpf.org/2008/embedding": "idpf",
  "http://ns.adobe.com/pdf/enc#RC": "adobe",
};

/**
 * Which files are obfuscated fonts, from META-INF/encryption.xml. Any other encryption is DRM,
 * which Quire cannot read: the whole book is refused.
 */
export function readObfuscatedFonts(archive: EpubArchive): Map<string, FontObfuscation> {
  const fonts = new Map<string, FontObfuscation>();
  if (!archive.has(ENCRYPTION_PATH)) return fonts;
  const root = parseXml(decodeText(archive.read(ENCRYPTION_PATH)), ENCRYPTION_PATH);
  for (const data of descendants(root, "EncryptedData")) {
    const method = firstChild(data, "EncryptionMethod");
    const algorithm = method ? attribute(method, "Algorithm") : undefined;
    const reference = descendants(data, "CipherReference")[0];
    const uri = reference ? attribute(reference, "URI") : undefined;
    // URIs in encryption.xml are relative to the root of the container.
    const resolved = uri ? resolveHref("", uri) : undefined;
    if (resolved?.kind !== "internal" || !archive.has(resolved.path)) continue;
    const obfuscation = algorithm ? ALGORITHMS[algorithm] : undefined;
    if (!obfuscation) throw AppError.of("epubEncrypted", { details: { path: resolved.path } });
    fonts.set(resolved.path, obfuscation);
  }
  return fonts;
}

/** Undoes font obfuscation (IDPF: SHA-1 key over 1040 bytes; Adobe: UUID key over 1024 bytes). */
export function deobfuscateFont(bytes: Uint8Array, obfuscation: FontObfuscation, identifier: string): Uint8Array {
  const key = obfuscation === "idpf" ? idpfKey(identifier) : adobeKey(identifier);
  if (!key) return bytes;
  const length = obfuscation === "idpf" ? 1040 : 1024;
  const out = Uint8Array.from(bytes);
  for (let index = 0; index < Math.min(length, out.length); index++) {
    out[index] = (out[index] as number) ^ (key[index % key.length] as number);
  }
  return out;
}

/** The IDPF key is the SHA-1 of the unique identifier without its spaces, tabs, CRs and LFs. */
function idpfKey(identifier: string): Uint8Array {
  return createHash("sha1")
    .update(identifier.replace(/[ \t\r\n]/g, ""), "utf8")
    .digest();
}

function adobeKey(identifier: string): Uint8Array | undefined {
  const hex = identifier
    .replace(/^urn:uuid:/i, "")
    .replace(/-/g, "")
    .toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) ? Buffer.from(hex, "hex") : undefined;
}
