import { USERNAME_SUFFIX_LENGTH } from "../constants";

const SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const PREFIX_MAX_LENGTH = 30;

/** Random source returning an integer in [0, n); injectable so tests can be deterministic. */
export type RandomInt = (n: number) => number;

export const cryptoRandomInt: RandomInt = (n) => {
  const buffer = new Uint32Array(1);
  // Rejection sampling keeps every suffix character equally likely.
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  do crypto.getRandomValues(buffer);
  while ((buffer[0] as number) >= limit);
  return (buffer[0] as number) % n;
};

/** SPEC §5: the email prefix plus a 5-character suffix, e.g. `ada.lovelace` → `adalovelace_x7k2q`. */
export function generateUsername(email: string, randomInt: RandomInt = cryptoRandomInt): string {
  const local = email.split("@")[0] ?? "";
  const prefix =
    local
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, "")
      .slice(0, PREFIX_MAX_LENGTH) || "reader";
  let suffix = "";
  for (let i = 0; i < USERNAME_SUFFIX_LENGTH; i++) suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return `${prefix}_${suffix}`;
}
