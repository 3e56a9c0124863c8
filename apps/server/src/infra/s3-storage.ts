import { createHash } from "node:crypto";
import { isWithinRetryWindow, STORAGE_OPERATION_RETRY_MS, uploadRetryDelayMs } from "@quire/core";
import { AwsClient } from "aws4fetch";
import { assertSafeKey, bookIdOfFile, FILES_URL_PREFIX, type FileStorage } from "./storage";

export interface S3StorageOptions {
  /** The server's origin, e.g. `https://s3.eu-west-1.amazonaws.com` or a MinIO URL; buckets are addressed by path. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A CDN or public-bucket origin that serves keys directly; without it Quire serves `/files/*` from the bucket. */
  publicUrl: string | undefined;
  /** Keys asked for per ListObjectsV2 page (S3's own maximum is 1000); tests lower it to cross pages. */
  listPageSize?: number;
  /** Time as the retries see it; tests pass a clock whose sleep only moves it forward. */
  retryClock?: RetryClock;
}

export interface RetryClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const REAL_TIME: RetryClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** An object opened for streaming to a client, with the type it was stored with. */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  contentLength: string | undefined;
}

/** Files in an S3-compatible bucket, spoken to with signed `fetch` calls (no SDK: four verbs and a list are enough). */
export class S3FileStorage implements FileStorage {
  private readonly client: AwsClient;
  private readonly bucketUrl: string;
  private readonly publicPrefix: string | undefined;
  private readonly listPageSize: number;
  private readonly retryClock: RetryClock;

  constructor(options: S3StorageOptions) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      // Given explicitly: aws4fetch guesses the service from AWS host names only, not from MinIO or localhost.
      service: "s3",
      // Retries are ours (send), on SPEC §9's storage window rather than aws4fetch's count.
      retries: 0,
    });
    this.retryClock = options.retryClock ?? REAL_TIME;
    this.bucketUrl = `${options.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(options.bucket)}`;
    this.publicPrefix = options.publicUrl ? `${options.publicUrl.replace(/\/+$/, "")}/` : undefined;
    this.listPageSize = options.listPageSize ?? 1000;
  }

  urlFor(key: string): string {
    const safeKey = assertSafeKey(key);
    // A book's files are linked at /files/ even with a CDN: that route hides a hidden book's files from all but
    // its authors (BookFileGate); a public bucket would serve them to anyone holding an old link.
    const prefix =
      this.publicPrefix !== undefined && bookIdOfFile(safeKey) === undefined ? this.publicPrefix : undefined;
    return (prefix ?? FILES_URL_PREFIX) + safeKey;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<string> {
    const response = await this.send(this.objectUrl(key), {
      method: "PUT",
      body: bytes,
      headers: { "Content-Type": contentType, "Content-Length": String(bytes.byteLength) },
    });
    await expectOk(response, `PUT ${key}`);
    return this.urlFor(key);
  }

  async exists(key: string): Promise<boolean> {
    const response = await this.send(this.objectUrl(key), { method: "HEAD" });
    if (response.status === 404) return false;
    await expectOk(response, `HEAD ${key}`);
    return true;
  }

  async read(key: string): Promise<Uint8Array | undefined> {
    const response = await this.send(this.objectUrl(key));
    if (response.status === 404) return undefined;
    await expectOk(response, `GET ${key}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  /** Like read, but for passing the object on to a client without holding it in memory. */
  async open(key: string): Promise<StoredObject | undefined> {
    const response = await this.send(this.objectUrl(key));
    if (response.status === 404) return undefined;
    await expectOk(response, `GET ${key}`);
    if (!response.body) return undefined;
    return {
      body: response.body,
      contentType: response.headers.get("content-type") ?? "application/octet-stream",
      contentLength: response.headers.get("content-length") ?? undefined,
    };
  }

  async remove(key: string): Promise<void> {
    // S3 answers 204 for a missing key too, which is what "a missing one is fine" needs.
    const response = await this.send(this.objectUrl(key), { method: "DELETE" });
    if (response.status === 404) return;
    await expectOk(response, `DELETE ${key}`);
  }

  async removeAll(prefix: string): Promise<void> {
    // The trailing slash keeps `users-avatars/ab` from also emptying `users-avatars/abc`, as a folder would.
    const folder = `${assertSafeKey(prefix)}/`;
    let continuationToken: string | undefined;
    do {
      const page = await this.listPage(folder, continuationToken);
      if (page.keys.length > 0) await this.deleteKeys(page.keys);
      continuationToken = page.nextToken;
    } while (continuationToken);
  }

  keyForUrl(url: string): string | undefined {
    const prefix = [this.publicPrefix, FILES_URL_PREFIX].find((p) => p !== undefined && url.startsWith(p));
    if (prefix === undefined) return undefined;
    try {
      return assertSafeKey(url.slice(prefix.length));
    } catch {
      return undefined;
    }
  }

  /**
   * SPEC §9: a storage operation that fails for a passing reason (no connection, 5xx, 429) is tried again
   * with the storage backoff until 2 minutes after its first failure; then the last answer stands.
   */
  private async send(url: string, init?: RequestInit): Promise<Response> {
    let firstFailureAt: number | undefined;
    for (let attempt = 0; ; attempt++) {
      let failure: Response | { error: unknown };
      try {
        const response = await this.client.fetch(url, init);
        if (response.status < 500 && response.status !== 429) return response;
        failure = response;
      } catch (error) {
        failure = { error };
      }
      const now = this.retryClock.now();
      firstFailureAt ??= now;
      const delay = uploadRetryDelayMs(attempt, Math.random());
      if (!isWithinRetryWindow(STORAGE_OPERATION_RETRY_MS, firstFailureAt, now, delay)) {
        if (failure instanceof Response) return failure;
        throw failure.error;
      }
      if (failure instanceof Response) await failure.body?.cancel();
      await this.retryClock.sleep(delay);
    }
  }

  private objectUrl(key: string): string {
    return `${this.bucketUrl}/${assertSafeKey(key)}`;
  }

  private async listPage(prefix: string, continuationToken: string | undefined) {
    const query = new URLSearchParams({ "list-type": "2", prefix, "max-keys": String(this.listPageSize) });
    if (continuationToken) query.set("continuation-token", continuationToken);
    const response = await this.send(`${this.bucketUrl}?${query}`);
    await expectOk(response, `list ${prefix}`);
    const xml = await response.text();
    const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => decodeXml(match[1] ?? ""));
    const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
    const token = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
    return { keys, nextToken: truncated && token ? decodeXml(token) : undefined };
  }

  /** One multi-object delete per listed page (at most 1000 keys, S3's limit for it). */
  private async deleteKeys(keys: string[]): Promise<void> {
    const objects = keys.map((key) => `<Object><Key>${encodeXml(key)}</Key></Object>`).join("");
    const body = `<?xml version="1.0" encoding="UTF-8"?><Delete><Quiet>true</Quiet>${objects}</Delete>`;
    const response = await this.send(`${this.bucketUrl}?delete`, {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/xml",
        // S3 refuses a multi-object delete without a checksum of its body.
        "Content-MD5": createHash("md5").update(body).digest("base64"),
      },
    });
    await expectOk(response, `delete ${keys.length} keys`);
    // Quiet mode lists only the keys that failed, and still answers 200.
    const failed = /<Error>[\s\S]*?<Key>([^<]*)<\/Key>/.exec(await response.text());
    if (failed) throw new Error(`S3 could not delete ${decodeXml(failed[1] ?? "")}`);
  }
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (response.ok) return;
  const detail = (await response.text().catch(() => "")).slice(0, 300);
  throw new Error(`S3 ${what} failed with ${response.status}: ${detail}`);
}

const XML_ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };

function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity] ?? entity);
}

function encodeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
