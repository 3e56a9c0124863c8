import { AwsClient } from "aws4fetch";
import { describe, expect, it } from "vitest";
import { S3RVER_CREDENTIALS, TEST_BUCKET, useTestS3Server } from "../../test/s3-server";
import { loadConfig } from "../config";
import { S3FileStorage } from "./s3-storage";

describe("S3FileStorage against a real S3-compatible server", () => {
  const s3 = useTestS3Server();
  const storage = (overrides: { publicUrl?: string; listPageSize?: number; bucket?: string } = {}) =>
    new S3FileStorage({
      endpoint: s3.endpoint,
      bucket: TEST_BUCKET,
      region: "us-east-1",
      ...S3RVER_CREDENTIALS,
      publicUrl: undefined,
      ...overrides,
    });
  /** Reads the bucket without going through S3FileStorage, so a test sees where objects really are. */
  const rawGet = (key: string) =>
    new AwsClient({ ...S3RVER_CREDENTIALS, region: "us-east-1", service: "s3" }).fetch(
      `${s3.endpoint}/${TEST_BUCKET}/${key}`,
    );

  it("stores bytes at {endpoint}/{bucket}/{key} and reads every byte value back", async () => {
    const bytes = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
    const url = await storage().put("covers/book-1/cover.bin", bytes, "application/octet-stream");
    expect(url).toBe("/files/covers/book-1/cover.bin");
    expect(await storage().read("covers/book-1/cover.bin")).toEqual(bytes);
    const raw = await rawGet("covers/book-1/cover.bin");
    expect(raw.status).toBe(200);
    expect(new Uint8Array(await raw.arrayBuffer())).toEqual(bytes);
  });

  it("keeps the content type it was given", async () => {
    await storage().put("covers/book-2/cover.svg", new TextEncoder().encode("<svg/>"), "image/svg+xml");
    const opened = await storage().open("covers/book-2/cover.svg");
    expect(opened?.contentType).toBe("image/svg+xml");
    expect(opened?.contentLength).toBe("6");
    expect(await new Response(opened?.body).text()).toBe("<svg/>");
  });

  it("answers missing keys with undefined and false instead of throwing", async () => {
    expect(await storage().read("nowhere/missing.jpg")).toBeUndefined();
    expect(await storage().open("nowhere/missing.jpg")).toBeUndefined();
    expect(await storage().exists("nowhere/missing.jpg")).toBe(false);
    await expect(storage().remove("nowhere/missing.jpg")).resolves.toBeUndefined();
    await expect(storage().removeAll("nowhere")).resolves.toBeUndefined();
  });

  it("tells whether a key exists and removes one file", async () => {
    const files = storage();
    await files.put("users-avatars/u1/a.jpg", new Uint8Array([1]), "image/jpeg");
    await files.put("users-avatars/u1/b.jpg", new Uint8Array([2]), "image/jpeg");
    expect(await files.exists("users-avatars/u1/a.jpg")).toBe(true);
    await files.remove("users-avatars/u1/a.jpg");
    expect(await files.exists("users-avatars/u1/a.jpg")).toBe(false);
    expect((await rawGet("users-avatars/u1/a.jpg")).status).toBe(404);
    expect(await files.exists("users-avatars/u1/b.jpg")).toBe(true);
  });

  it("removes everything under a folder across several list pages, and nothing beside it", async () => {
    const files = storage({ listPageSize: 2 });
    const inside = ["x.jpg", "y.jpg", "thumbs/x_268x268.jpeg", "thumbs/x_556x556.jpeg", "thumbs/deep/z.png"].map(
      (name) => `users-covers/ab/${name}`,
    );
    const beside = ["users-covers/abc/keep.jpg", "users-covers/keep.jpg"];
    for (const key of [...inside, ...beside]) await files.put(key, new Uint8Array([7]), "image/jpeg");

    await files.removeAll("users-covers/ab");

    for (const key of inside) expect(await files.exists(key), key).toBe(false);
    for (const key of beside) expect(await files.exists(key), key).toBe(true);
  });

  it("refuses keys that could leave the bucket's folders", async () => {
    await expect(storage().put("../escape.jpg", new Uint8Array([1]), "image/jpeg")).rejects.toThrow(/Unsafe/);
    await expect(storage().read("covers/../../b.jpg")).rejects.toThrow(/Unsafe/);
    await expect(storage().removeAll("/")).rejects.toThrow(/Unsafe/);
  });

  it("fails loudly when the server refuses a request", async () => {
    const wrong = storage({ bucket: "no-such-bucket" });
    await expect(wrong.put("covers/x/cover.jpg", new Uint8Array([1]), "image/jpeg")).rejects.toThrow(
      /S3 PUT covers\/x\/cover.jpg failed with 404: [\s\S]*NoSuchBucket/,
    );
    await expect(wrong.removeAll("covers")).rejects.toThrow(/S3 list covers\/ failed with 404/);
  });

  it("hands out /files URLs, or public-bucket URLs for files of no book when S3_PUBLIC_URL is set, and maps both back to keys", async () => {
    const local = storage();
    expect(local.urlFor("covers/b/cover.svg")).toBe("/files/covers/b/cover.svg");
    expect(local.keyForUrl("/files/covers/b/cover.svg")).toBe("covers/b/cover.svg");
    expect(local.keyForUrl("https://elsewhere.example/covers/b/cover.svg")).toBeUndefined();

    const cdn = storage({ publicUrl: "https://cdn.example.com/quire/" });
    const url = await cdn.put("covers/b/cover.svg", new Uint8Array([1]), "image/svg+xml");
    expect(url).toBe("https://cdn.example.com/quire/covers/b/cover.svg");
    expect(cdn.keyForUrl(url)).toBe("covers/b/cover.svg");
    // Files stored before the CDN was configured keep working.
    expect(cdn.keyForUrl("/files/covers/b/cover.svg")).toBe("covers/b/cover.svg");
    // A book's files stay behind /files/, where a hidden book's are refused (BookFileGate).
    for (const bookFile of ["books/b1/cover-1.jpg", "books/b1/v1/a1/original.epub", "covers/b1.svg"]) {
      expect(await cdn.put(bookFile, new Uint8Array([1]), "application/octet-stream")).toBe(`/files/${bookFile}`);
      expect(cdn.keyForUrl(`/files/${bookFile}`)).toBe(bookFile);
    }
    expect(cdn.urlFor("users-avatars/u1/1-me.png")).toBe("https://cdn.example.com/quire/users-avatars/u1/1-me.png");
    expect(cdn.keyForUrl("https://cdn.example.com/quire/../secret")).toBeUndefined();
    expect(cdn.keyForUrl("https://cdn.example.com/other/covers/b/cover.svg")).toBeUndefined();
  });
});

describe("S3 storage configuration", () => {
  const s3Env = {
    QUIRE_STORAGE: "s3",
    S3_ENDPOINT: "http://127.0.0.1:9000",
    S3_BUCKET: "quire",
    S3_ACCESS_KEY_ID: "id",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("uses the data directory unless told otherwise", () => {
    expect(loadConfig({}).storage).toEqual({ kind: "local" });
  });

  it("reads the bucket settings, with us-east-1 as the default region", () => {
    expect(loadConfig({ ...s3Env, S3_PUBLIC_URL: "https://cdn.example.com" }).storage).toEqual({
      kind: "s3",
      endpoint: "http://127.0.0.1:9000",
      bucket: "quire",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
      publicUrl: "https://cdn.example.com",
    });
  });

  it("names every missing setting when QUIRE_STORAGE=s3 is incomplete", () => {
    const { S3_BUCKET: _bucket, S3_SECRET_ACCESS_KEY: _secret, ...incomplete } = s3Env;
    expect(() => loadConfig(incomplete)).toThrow(
      "Invalid configuration: QUIRE_STORAGE=s3 needs S3_BUCKET, S3_SECRET_ACCESS_KEY",
    );
  });

  it("refuses an endpoint that is not a URL", () => {
    expect(() => loadConfig({ ...s3Env, S3_ENDPOINT: "minio at port 9000" })).toThrow(/S3_ENDPOINT/);
  });
});
