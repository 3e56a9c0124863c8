import pino from "pino";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prepareCover, splitFullBleedSvg } from "./epub-cover";

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
    if (!cover) throw new Error("the SVG cover was not rendered");
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
    if (!cover) throw new Error("the PNG cover was not kept");
    expect(cover.imageKey).toBe(`${PREFIX}/cover.png`);
    expect(Buffer.from(cover.files[0]?.bytes ?? []).equals(original)).toBe(true);
    const thumb = await sharp(cover.files[1]?.bytes).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(["jpeg", 100, 150]);
  });

  it("logs a cover it will not decode (too many pixels, or not an image) and leaves the book without one", async () => {
    const overLimitSvg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"></svg>');
    for (const [bytes, type] of [
      [await png(300, 300), "image/png"],
      [overLimitSvg, "image/svg+xml"],
      [Buffer.from("not an image"), "image/jpeg"],
    ] as const) {
      const { logger, lines } = capturingLogger();
      expect(await prepareCover(bytes, type, PREFIX, 50_000, logger)).toBeUndefined();
      expect(lines.map((line) => [line.level, line.msg])).toEqual([
        [40, "cover could not be decoded; the book gets the cloth cover"],
      ]);
    }
  });
});

/** A Standard Ebooks-shaped cover: a full-bleed embedded PNG under a dark box and white lettering. */
async function fullBleedSvg(before = "", imageAttributes = 'x="0" y="0" width="300" height="450"') {
  const photo = await sharp({ create: { width: 300, height: 450, channels: 3, background: { r: 40, g: 160, b: 90 } } })
    .composite([{ input: await png(100, 100), left: 100, top: 100 }])
    .png()
    .toBuffer();
  return `<?xml version="1.0" encoding="utf-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" viewBox="0 0 300 450">
  <title>A cover</title>
  <style type="text/css">path { fill: #fff; } .box { fill: #000; fill-opacity: .75; }</style>${before}
  <image ${imageAttributes} xlink:href="data:image/png;base64,${photo.toString("base64")}"/>
  <rect class="box" x="20" y="320" width="260" height="100"/>
  <path d="M40,340 h80 v60 h-80 z"/>
</svg>`;
}

describe("splitFullBleedSvg", () => {
  it("paints a Standard Ebooks-shaped cover exactly as rendering the SVG whole does", async () => {
    const svg = await fullBleedSvg();
    expect(splitFullBleedSvg(svg)).toMatchObject({ width: 300, height: 450 });
    const cover = await prepareCover(Buffer.from(svg), "image/svg+xml", PREFIX, 50_000_000, capturingLogger().logger);
    const composed = await sharp(cover?.files[0]?.bytes).raw().toBuffer({ resolveWithObject: true });
    const whole = await sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).raw().toBuffer();
    expect([composed.info.width, composed.info.height]).toEqual([300, 450]);
    const difference = composed.data.reduce((sum, value, index) => sum + Math.abs(value - (whole[index] as number)), 0);
    expect(difference / composed.data.length).toBeLessThan(3); // JPEG noise only
  });

  it("leaves any other SVG to be rendered whole", async () => {
    const photo = 'x="0" y="0" width="300" height="450"';
    for (const svg of [
      await fullBleedSvg('<rect width="10" height="10"/>'),
      (await fullBleedSvg()).replace("path { fill: #fff; }", "image { opacity: .5 }"),
      await fullBleedSvg("", 'x="10" y="0" width="300" height="450"'),
      await fullBleedSvg("", `${photo} transform="rotate(3)"`),
      (await fullBleedSvg()).replace('viewBox="0 0 300 450"', 'viewBox="0 0 300 450" width="600"'),
      (await fullBleedSvg()).replace(/data:image\/png;base64,[^"]+/, "images/photo.png"),
    ]) {
      expect(splitFullBleedSvg(svg)).toBeUndefined();
    }
  });
});
