import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { API_PATHS, AppError, type ProfileImageKind, ProfileImageKindSchema } from "@quire/core";
import { FileStore } from "@tus/file-store";
import { Metadata, Server, type Upload } from "@tus/server";
import type { Logger } from "pino";

/** Unfinished uploads are dropped this long after they began (SPEC §9 retries last 10 minutes; this is generous). */
const UPLOAD_EXPIRY_MS = 24 * 60 * 60_000;
const CLEAN_UP_EVERY_MS = 60 * 60_000;
/** An unfinished upload that got no bytes for this long gives its place up to its owner's next one. */
export const UPLOAD_IDLE_MS = 60 * 60_000;

export interface UploadIntent {
  kind: ProfileImageKind;
  fileName: string;
}

/** `Upload-Metadata` of a creation request: a kind we store and some file name, or undefined. */
export function parseUploadIntent(header: string | undefined): UploadIntent | undefined {
  let metadata: Record<string, string | null>;
  try {
    metadata = Metadata.parse(header);
  } catch {
    return undefined;
  }
  const kind = ProfileImageKindSchema.safeParse(metadata.kind);
  if (!kind.success || !metadata.filename) return undefined;
  return { kind: kind.data, fileName: metadata.filename };
}

/**
 * The tus 1.0 server (@tus/server with a file store in the data directory) behind
 * `/api/v1/uploads`. Who may touch an upload is decided before a request gets here; what it
 * keeps is the owner's id in the upload's metadata, written by the server and never by the client.
 */
export class ResumableUploads {
  private readonly store: FileStore;
  private readonly server: Server;
  /** The signed-in user of each creation request on its way through tus, keyed by the raw request. */
  private readonly creators = new WeakMap<IncomingMessage, string>();
  private readonly cleanUpTimer: NodeJS.Timeout;
  /** Each user's creation in progress, so the next one waits for it (see `create`). */
  private readonly creating = new Map<string, Promise<unknown>>();
  /**
   * Upload ids by owner, so counting a user's uploads reads theirs only (reading every upload's file
   * took about 0.6 ms each: 600 ms per creation with 1,000 on disk). Read from disk at start and after
   * each hourly clean-up (which is also when ids of expired uploads leave it), kept up to date by
   * `onUploadCreate` in between; ids met finished or gone are dropped on the way.
   */
  #uploadsByOwner: Promise<Map<string, Set<string>>>;

  constructor(
    private readonly options: { directory: string; maxBytes: number; maxUnfinishedPerUser: number; logger: Logger },
  ) {
    this.store = new FileStore({ directory: options.directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
    this.server = new Server({
      path: API_PATHS["uploads.tus"],
      datastore: this.store,
      maxSize: options.maxBytes,
      relativeLocation: true,
      // Same origin only: no Access-Control-Allow-Origin header at all.
      allowedOrigins: () => false,
      onUploadCreate: async (request, upload) => {
        const owner = request.runtime?.node
          ? this.creators.get(request.runtime.node.req as IncomingMessage)
          : undefined;
        if (!owner) throw { status_code: 401, body: `${AppError.of("noSession").message}\n` };
        remember(await this.#uploadsByOwner, owner, upload.id);
        return { metadata: { ...upload.metadata, owner } };
      },
    });
    this.#uploadsByOwner = this.readOwners();
    this.cleanUpTimer = setInterval(() => {
      this.server
        .cleanUpExpiredUploads()
        .catch((err) => options.logger.warn({ err }, "expired uploads not removed"))
        .finally(() => {
          this.#uploadsByOwner = this.readOwners();
        });
    }, CLEAN_UP_EVERY_MS).unref();
  }

  /** Hands a request to tus; `creator` is the signed-in user when it creates an upload. */
  async handle(request: IncomingMessage, response: ServerResponse, creator?: string): Promise<void> {
    if (creator) this.creators.set(request, creator);
    await this.server.handle(request, response);
  }

  /**
   * Runs `start` (a creation handed to tus) if the user has a place for another unfinished upload,
   * giving up their uploads idle for UPLOAD_IDLE_MS to make one; else refuses with 429. One user's
   * creations run one after another, so two at once cannot both take the last place.
   */
  create(userId: string, start: () => Promise<void>): Promise<void> {
    const turn = (this.creating.get(userId) ?? Promise.resolve()).then(async () => {
      await this.makeRoomFor(userId);
      await start();
    });
    const done = turn.catch(() => undefined);
    this.creating.set(userId, done);
    void done.then(() => {
      if (this.creating.get(userId) === done) this.creating.delete(userId);
    });
    return turn;
  }

  private async makeRoomFor(userId: string): Promise<void> {
    const max = this.options.maxUnfinishedPerUser;
    const unfinished = await this.unfinishedOf(userId);
    if (unfinished.length < max) return;
    const idleSince = Date.now() - UPLOAD_IDLE_MS;
    const idle = unfinished.filter((upload) => upload.lastWrittenMs <= idleSince);
    if (unfinished.length - idle.length >= max) {
      throw new AppError(
        "resource-exhausted",
        `You have ${max} unfinished uploads. Finish or cancel one before starting another.`,
        { details: { maxUnfinishedUploads: max } },
      );
    }
    const oldestFirst = idle.sort((a, b) => a.lastWrittenMs - b.lastWrittenMs);
    for (const upload of oldestFirst.slice(0, unfinished.length - max + 1)) await this.remove(upload.id);
  }

  /** This user's uploads that still wait for bytes, with when their file was last written (its mtime). */
  private async unfinishedOf(userId: string): Promise<{ id: string; lastWrittenMs: number }[]> {
    const ids = (await this.#uploadsByOwner).get(userId) ?? new Set<string>();
    const found: { id: string; lastWrittenMs: number }[] = [];
    for (const id of ids) {
      const upload = await this.findOwn(id, userId);
      const lastWrittenMs = upload && upload.offset !== upload.size ? await this.lastWrittenMs(id) : undefined;
      // Finished, removed or expired: it holds no place, now or later.
      if (lastWrittenMs === undefined) ids.delete(id);
      else found.push({ id, lastWrittenMs });
    }
    return found;
  }

  private async lastWrittenMs(id: string): Promise<number | undefined> {
    try {
      return (await stat(join(this.options.directory, id))).mtimeMs;
    } catch {
      return undefined;
    }
  }

  /** Every upload's owner, from the store's files; an unreadable store counts as empty (and is logged). */
  private async readOwners(): Promise<Map<string, Set<string>>> {
    const byOwner = new Map<string, Set<string>>();
    try {
      for (const id of (await this.store.configstore.list?.()) ?? []) {
        const owner = (await this.store.configstore.get(id))?.metadata?.owner;
        if (owner) remember(byOwner, owner, id);
      }
    } catch (err) {
      // The folder is made by the store as it starts; before that there is nothing to count.
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") this.options.logger.warn({ err }, "uploads not indexed");
    }
    return byOwner;
  }

  /** The upload if this user created it (another user's is as good as missing: not found either way). */
  async findOwn(id: string, userId: string): Promise<Upload | undefined> {
    try {
      const upload = await this.store.getUpload(id);
      return upload.metadata?.owner === userId ? upload : undefined;
    } catch {
      return undefined;
    }
  }

  /** The bytes of this user's finished upload of this kind. */
  async readFinished(id: string, userId: string, kind: ProfileImageKind): Promise<{ bytes: Buffer; fileName: string }> {
    const upload = await this.findOwn(id, userId);
    if (!upload || upload.metadata?.kind !== kind) throw AppError.of("uploadNotFound");
    if (upload.size === undefined || upload.offset !== upload.size) throw AppError.of("uploadIncomplete");
    return { bytes: await buffer(this.store.read(id)), fileName: upload.metadata.filename ?? "" };
  }

  async remove(id: string): Promise<void> {
    await this.store.remove(id);
  }

  close(): void {
    clearInterval(this.cleanUpTimer);
  }
}

function remember(uploadsByOwner: Map<string, Set<string>>, owner: string, id: string): void {
  uploadsByOwner.set(owner, (uploadsByOwner.get(owner) ?? new Set<string>()).add(id));
}
