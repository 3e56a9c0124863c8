import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/**
 * Tables of migration 2026-11-26-06-koreader-sync (db/schema.ts does not list them yet). Type aliases, not
 * interfaces: Kysely's `withTables` wants an index signature.
 */
export type DevicePasswordsTable = {
  id: string;
  userId: string;
  name: string;
  /** The first 16 hex digits of sha256(md5 key): finds the row without trying every argon2 hash. */
  keyLookup: string;
  keyHash: string;
  createdAt: string;
  lastUsedAt: string | null;
};

export type KoreaderDocumentsTable = {
  document: string;
  bookId: string;
  method: "binary" | "filename";
  /** The storage key the partial MD5 was read from, or the file name hashed. */
  source: string;
  createdAt: string;
};

export type KoreaderProgressTable = {
  userId: string;
  document: string;
  bookId: string | null;
  percentage: number;
  progress: string;
  device: string;
  deviceId: string | null;
  updatedAt: string;
};

export type KoreaderSyncTables = {
  devicePasswords: DevicePasswordsTable;
  koreaderDocuments: KoreaderDocumentsTable;
  koreaderProgress: KoreaderProgressTable;
};

export type SyncDb = Kysely<Database & KoreaderSyncTables>;

export const withSyncTables = (db: Kysely<Database>): SyncDb => db.withTables<KoreaderSyncTables>();
