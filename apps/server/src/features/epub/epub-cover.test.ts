import pino from "pino";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prepareCover } from "./epub-cover";

const PREFIX = "books/b1/v1/abcd";

function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  return { lines, logger: pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) }) };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();

describe("prepareCover", () => {
  it("renders an SVG cover to a JPEG and makes both thumbnails", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="2100"><rect width="1400" height="2100" fill="#234"/></svg>',
    );
    const { logger, lines } = capturingLogger();
    const cover = await prepareCover(svg, "image/svg+xml", PREFIX, 50_000_000, logger);
    expect(cover.imageKey).toBe(`${PREFIX}/cover.jpg`);
    expect(cover.files.map((file) => file.key)).toEqual([
      `${PREFIX}/cover.jpg`,
      `${PREFIX}/thumbs/cover_268x268.jpeg`,
      `${PREFIX}/thumbs/cover_556x556.jpeg`,
    ]);
    const sizes = await Promise.all(cover.files.map((file) => sharp(file.bytes).metadata()));
    expect(sizes.map((meta) => [meta.format, meta.width, meta.height])).toEqual([
      ["jpeg", 800, 1200],
      ["jpeg", 179, 268],
      ["jpeg", 371, 556],
    ]);
    expect(lines).toEqual([]);
  });

  it("keeps a raster cover as it is and never enlarges a small one", async () => {
    const original = await png(100, 150);
    const cover = await prepareCover(original, "image/png", PREFIX, 50_000_000, capturingLogger().logger);
    expect(cover.imageKey).toBe(`${PREFIX}/cover.png`);
    expect(Buffer.from(cover.files[0]?.bytes ?? []).equals(original)).toBe(true);
    const thumb = await sharp(cover.files[1]?.bytes).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(["jpeg", 100, 150]);
  });

  it("logs a cover it will not decode (too many pixels, or not an image) and keeps the original", async () => {
    for (const [bytes, type] of [
      [await png(300, 300), "image/png"],
      [Buffer.from("not an image"), "image/jpeg"],
    ] as const) {
      const { logger, lines } = capturingLogger();
      const cover = await prepareCover(bytes, type, PREFIX, 50_000, logger);
      expect(cover.files).toHaveLength(1);
      expect(cover.files[0]?.bytes).toBe(bytes);
      expect(lines.map((line) => [line.level, line.msg])).toEqual([
        [50, "cover could not be processed; the original file is used instead"],
      ]);
    }
  });
});
