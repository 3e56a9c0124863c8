/** The part of http_ece 1.x (which ships no types) that the test push service uses: RFC 8188 decryption. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  interface DecryptParams {
    version?: "aes128gcm" | "aesgcm";
    privateKey?: ECDH;
    authSecret?: string;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
