import { crc32, deflateSync } from "node:zlib";
import { zipSync } from "fflate";
import { type TestChapter, testEpub, testEpubFiles } from "./test-epubs";

/** EPUBs built to hurt (security issue 17), for the importer's tests and the browser spec. */

/**
 * The review's EPUB: 40 chapters of 1,000,000 bytes each (just under the per-entry ratio check's
 * 1 MiB), deflated to ~90 KB. Sanitising its 40 MB held the event loop for 30 s.
 */
export function fortyMegabyteBook(): Uint8Array {
  const filler = `<p>${"All work and no play makes Jack a dull boy. ".repeat(23_000).slice(0, 999_600)}</p>`;
  const chapters: TestChapter[] = Array.from({ length: 40 }, (_, index) => ({
    file: `chapter-${index + 1}.xhtml`,
    title: `Chapter ${index + 1}`,
    body: `<h2>Chapter ${index + 1}</h2>${filler}`,
  }));
  return testEpub({ identifier: "urn:quire-test:forty-megabytes", title: "Forty Megabytes", chapters });
}

const WORDS =
  "the a sea ship long night lantern keeper harbour wind grey salt rope bell tide shore rock light storm".split(" ");

/** Prose that deflate cannot squeeze much (the words come from a seeded generator), `bytes` long per chapter. */
function prose(bytes: number, seed: number): string {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state;
  };
  const parts: string[] = [];
  let length = 0;
  while (length < bytes) {
    const sentence = Array.from({ length: 12 }, () => WORDS[next() % WORDS.length]).join(" ");
    const paragraph = `<p>${sentence} ${next().toString(36)}.</p>`;
    parts.push(paragraph);
    length += paragraph.length;
  }
  return parts.join("\n");
}

/** A book within every size limit that still takes a while to sanitise: `chapters` × `bytesEach` of text, stored. */
export function heavyBook(chapters: number, bytesEach: number): Uint8Array {
  const files = testEpubFiles({
    identifier: `urn:quire-test:heavy-${chapters}x${bytesEach}`,
    title: "A Heavy Book",
    chapters: Array.from({ length: chapters }, (_, index) => ({
      file: `chapter-${index + 1}.xhtml`,
      title: `Chapter ${index + 1}`,
      body: `<h2>Chapter ${index + 1}</h2>${prose(bytesEach, index + 1)}`,
    })),
  });
  return zipSync(files, { level: 0 });
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.byteLength, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid black PNG of width × height at one bit per pixel; large, it is a decompression bomb:
 * 20000 × 20000 is 48 KB on disk and 400 million pixels (1.6 GB as RGBA) once a browser decodes it.
 */
export function blackPng(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // each row: filter byte 0, then zero bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", new Uint8Array()),
  ]);
}

/**
 * Three chapters whose markup tries to clobber the reader's document: `name` and `id` values that
 * are document properties (`querySelector`, `getElementById`, `addEventListener`, `body`…).
 */
export function clobberingBook(): Uint8Array {
  const chapter = (n: number, body: string): TestChapter => ({
    file: `chapter-${n}.xhtml`,
    title: `Clobber ${n}`,
    body: `<h2>Clobber ${n}</h2>${body}`,
  });
  return testEpub({
    identifier: "urn:quire-test:clobbering",
    title: "The Clobbering Book",
    chapters: [
      chapter(
        1,
        '<p>A picture named after a method.</p><img name="querySelector" src="../images/dot.png" alt="dot"/><img name="getElementById" id="addEventListener" src="../images/dot.png" alt="dot"/>',
      ),
      chapter(
        2,
        '<p id="querySelector">Ids too.</p><a name="createElement">anchor</a><p id="documentElement">root</p><p id="body">body</p><form name="scrollingElement"><p>in a form</p></form>',
      ),
      chapter(3, '<p>The end, <img name="defaultView" src="../images/dot.png" alt="dot"/> reached safely.</p>'),
    ],
    manifestItems: '<item id="dot" href="images/dot.png" media-type="image/png"/>',
    files: { "OEBPS/images/dot.png": blackPng(8, 8) },
  });
}
