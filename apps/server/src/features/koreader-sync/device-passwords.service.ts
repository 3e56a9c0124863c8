import { createHash, randomInt } from "node:crypto";
import {
  AppError,
  type CreatedDevicePassword,
  type DevicePasswordList,
  MAX_DEVICE_PASSWORDS,
  newId,
} from "@quire/core";
import type { AttemptLimiter } from "../../infra/attempt-limiter";
import { hashPassword, verifyPassword } from "../auth";
import type { DevicePasswordsRepository } from "./device-passwords.repository";
import { md5Hex } from "./koreader-digests";

/** Lower-case letters and digits without 0/o, 1/l/i: typed on an e-reader's keyboard. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const GROUPS = 4;
const GROUP_LENGTH = 5;
/** A verified key is trusted this long before argon2 runs again; revocation still applies at once. */
const VERIFIED_TTL_MS = 10 * 60_000;
const MAX_VERIFIED = 10_000;
/** The last-used time is written at most this often per password, not on every sync. */
const TOUCH_EVERY_MS = 60_000;
const MD5_HEX = /^[0-9a-f]{32}$/;

/** 20 characters from 31: about 99 bits, in groups of five. */
function newDevicePassword(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
  return groups.join("-");
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const lookupOf = (md5Key: string) => sha256(md5Key).slice(0, 16);

/**
 * Passwords for e-readers. KOReader's sync sends md5(password) as `x-auth-key`, so that MD5 hex is what
 * is hashed (argon2id, as account passwords are) and verified; the account password is never used.
 */
export class DevicePasswordsService {
  private readonly verified = new Map<string, number>();

  constructor(
    private readonly deps: {
      repository: DevicePasswordsRepository;
      clock: () => Date;
      /** Failed device sign-ins per username. */
      failuresPerUser: AttemptLimiter;
    },
  ) {}

  async create(userId: string, name: string): Promise<CreatedDevicePassword> {
    const { repository, clock } = this.deps;
    if ((await repository.count(userId)) >= MAX_DEVICE_PASSWORDS) throw AppError.of("devicePasswordLimit");
    const password = newDevicePassword();
    const key = md5Hex(password);
    const row = {
      id: newId(),
      userId,
      name,
      keyLookup: lookupOf(key),
      keyHash: await hashPassword(key),
      createdAt: clock().toISOString(),
      lastUsedAt: null,
    };
    await repository.insert(row);
    return { id: row.id, name, createdAt: row.createdAt, lastUsedAt: null, password };
  }

  async list(userId: string): Promise<DevicePasswordList> {
    return { items: await this.deps.repository.list(userId) };
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repository.delete(userId, id))) throw AppError.of("devicePasswordNotFound");
  }

  /**
   * The user a KOReader username and key belong to, or undefined. Throws `tooManyRequests` after too
   * many failures for one username.
   */
  async authenticate(username: string | undefined, key: string | undefined): Promise<string | undefined> {
    if (!username || !key) return undefined;
    const md5Key = key.toLowerCase();
    const { repository, failuresPerUser } = this.deps;
    const userId = MD5_HEX.test(md5Key) ? await repository.userIdByUsername(username) : undefined;
    const candidates = userId ? await repository.candidates(userId, lookupOf(md5Key)) : [];
    for (const candidate of candidates) {
      if (await this.matches(candidate.id, candidate.keyHash, md5Key)) {
        await this.touch(candidate.id, candidate.lastUsedAt);
        return userId;
      }
    }
    // An unknown user or key costs one hash too, so the answer's time does not tell which was wrong.
    if (candidates.length === 0) await verifyPassword(undefined, md5Key);
    await failuresPerUser.hit(username.toLowerCase());
    return undefined;
  }

  private async matches(id: string, keyHash: string, md5Key: string): Promise<boolean> {
    const cacheKey = `${id}:${sha256(md5Key)}`;
    const now = this.deps.clock().getTime();
    if ((this.verified.get(cacheKey) ?? 0) > now) return true;
    if (!(await verifyPassword(keyHash, md5Key))) return false;
    if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
    this.verified.set(cacheKey, now + VERIFIED_TTL_MS);
    return true;
  }

  private async touch(id: string, lastUsedAt: string | null): Promise<void> {
    const now = this.deps.clock();
    if (lastUsedAt && now.getTime() - Date.parse(lastUsedAt) < TOUCH_EVERY_MS) return;
    await this.deps.repository.touch(id, now.toISOString());
  }
}
