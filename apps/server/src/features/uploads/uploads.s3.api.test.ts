import { AwsClient } from "aws4fetch";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { S3RVER_CREDENTIALS, TEST_BUCKET, useTestS3Server } from "../../../test/s3-server";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { S3FileStorage } from "../../infra/s3-storage";
import { seedDemoContent } from "../../seed/seed";
import { jpegWithExif } from "./test-images";

describe.each(dialectsUnderTest())("profile images stored in S3 on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const s3 = useTestS3Server();
  const t = useTestApp(testDb, { env: () => s3.env() });

  /** Looks in the bucket directly, so the test does not take the app's word for where files went. */
  const inBucket = (url: string) =>
    new AwsClient({ ...S3RVER_CREDENTIALS, region: "us-east-1", service: "s3" }).fetch(
      `${s3.endpoint}/${TEST_BUCKET}/${url.replace(/^\/files\//, "")}`,
    );

  const postAvatar = async (bytes: Uint8Array, headers: Record<string, string>) => {
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "image/jpeg" }), "me.jpg");
    const request = new Request("http://localhost/", { method: "POST", body: form });
    return t.app.inject({
      method: "POST",
      url: "/api/v1/me/avatar",
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { host: "localhost", ...headers, "content-type": request.headers.get("content-type") as string },
    });
  };

  it("uses S3 storage when QUIRE_STORAGE=s3", () => {
    expect(t.ctx.storage).toBeInstanceOf(S3FileStorage);
  });

  it("puts an uploaded avatar and its thumbnails in the bucket and serves them at /files", async () => {
    const { headers } = await createSignedInUser(testDb.db);
    const response = await postAvatar(await jpegWithExif(900, 600), headers);
    expect(response.statusCode, response.body).toBe(200);
    const { url, thumbnails } = response.json();
    expect(url).toMatch(/^\/files\/users-avatars\/.+\.jpg$/);

    const stored = await inBucket(url);
    expect(stored.status).toBe(200);
    const storedBytes = Buffer.from(await stored.arrayBuffer());
    for (const thumbnail of [thumbnails.small, thumbnails.medium]) {
      const object = await inBucket(thumbnail);
      expect(object.status, thumbnail).toBe(200);
      expect(object.headers.get("content-type")).toBe("image/jpeg");
    }

    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    expect(served.rawPayload).toEqual(storedBytes);
    expect((await sharp(served.rawPayload).metadata()).format).toBe("jpeg");

    const small = await t.app.inject({ method: "GET", url: thumbnails.small });
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(268);
  });

  it("answers 404 for files the bucket does not hold, or that no key could name", async () => {
    for (const url of ["/files/users-avatars/nobody/missing.jpg", "/files/users-avatars/a%20b.jpg"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe("not-found");
    }
  });

  it("keeps the demo seed's generated covers in the bucket, served at /files", async () => {
    const result = await seedDemoContent({ db: testDb.db, storage: t.ctx.storage, now: new Date() });
    expect(result.seeded).toBe(true);
    const book = await testDb.db
      .selectFrom("books")
      .select("imageUrl")
      .where("imageUrl", "like", "/files/covers/%")
      .executeTakeFirstOrThrow();
    expect((await inBucket(book.imageUrl as string)).status).toBe(200);
    const served = await t.app.inject({ method: "GET", url: book.imageUrl as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/svg+xml");
    expect(served.body).toContain("<svg");
  });
});
