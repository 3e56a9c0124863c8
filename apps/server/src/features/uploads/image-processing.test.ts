import { describe, expect, it } from "vitest";
import { imageWork, prepareProfileImage, renderThumbnail } from "./image-processing";
import { png } from "./test-images";

describe("image work", () => {
  it("runs at most two image jobs at once; the others wait their turn and still finish", async () => {
    const image = await png(2400, 1600);
    const jobs = [
      ...Array.from({ length: 4 }, () => prepareProfileImage(image, 50_000_000)),
      ...Array.from({ length: 2 }, () => renderThumbnail(image, "medium", 50_000_000)),
    ];
    // Every call took its place synchronously: two run, four queue.
    expect([imageWork.running, imageWork.waiting]).toEqual([2, 4]);
    const results = await Promise.all(jobs);
    expect(results).toHaveLength(6);
    expect(imageWork.peak).toBe(2);
    expect([imageWork.running, imageWork.waiting]).toEqual([0, 0]);
  });

  it("frees its place when an image is refused", async () => {
    await expect(prepareProfileImage(Buffer.from("not an image"), 50_000_000)).rejects.toThrow(
      "Only JPG, JPEG, PNG, and WebP formats are allowed.",
    );
    expect(imageWork.running).toBe(0);
  });
});
