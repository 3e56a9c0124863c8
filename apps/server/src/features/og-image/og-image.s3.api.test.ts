import { AwsClient } from "aws4fetch";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createBook, uniqueId } from "../../../test/factories";
import { S3RVER_CREDENTIALS, TEST_BUCKET, useTestS3Server } from "../../../test/s3-server";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { S3FileStorage } from "../../infra/s3-storage";
import { corpusFile, MEDIUM_CORPUS_COVER } from "../uploads/test-images";

describe.each(dialectsUnderTest())("book link-preview cards stored in S3 on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const s3 = useTestS3Server();
  const t = useTestApp(testDb, { env: () => s3.env() });

  /** Looks in the bucket directly, so the test does not take the app's word for where the card went. */
  const inBucket = (card: string) =>
    new AwsClient({ ...S3RVER_CREDENTIALS, region: "us-east-1", service: "s3" }).fetch(
      `${s3.endpoint}/${TEST_BUCKET}/${card.replace(/^\/og\/books\/([^/]+)\//, "books/$1/og/")}`,
    );
  const cardUrl = async (bookId: string) =>
    /<meta property="og:image" content="http:\/\/[^/"]+(\/og\/[^"]+)">/.exec(
      (await t.app.inject({ method: "GET", url: `/books/${bookId}` })).body,
    )?.[1] ?? "";

  it("keeps the card in the bucket as a PNG and removes it when the cover changes", async () => {
    expect(t.ctx.storage).toBeInstanceOf(S3FileStorage);
    const id = uniqueId("og-s3");
    const cover = (name: string, path: string) =>
      t.ctx.storage.put(`books/${id}/${name}`, corpusFile(path), "image/jpeg");
    await createBook(testDb.db, { book: { id, imageUrl: await cover("cover-1.jpg", MEDIUM_CORPUS_COVER) } });
    const first = await cardUrl(id);
    const served = await t.app.inject({ method: "GET", url: first });
    expect(served.statusCode, served.body).toBe(200);
    const stored = await inBucket(first);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await stored.arrayBuffer()).equals(served.rawPayload)).toBe(true);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });

    const imageUrl = await cover("cover-2.jpg", MEDIUM_CORPUS_COVER);
    await testDb.db.updateTable("books").set({ imageUrl }).where("id", "=", id).execute();
    const second = await cardUrl(id);
    expect((await t.app.inject({ method: "GET", url: second })).statusCode).toBe(200);
    expect((await inBucket(second)).status).toBe(200);
    expect((await inBucket(first)).status).toBe(404);
  });
});
