import { once } from "node:events";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { dialectsUnderTest } from "../../../test/test-db";
import { useEpubImport } from "./epub-import-harness";
import {
  type RawZipEntry,
  refusalOf,
  storedEntry,
  type TestEpubOptions,
  testEpub,
  testEpubFiles,
  writeZip,
  zipFiles,
} from "./test-epubs";

async function zipBombEntry(name: string, size: number): Promise<RawZipEntry> {
  const chunk = new Uint8Array(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  let crc = 0;
  for (let written = 0; written < size; written += chunk.byteLength) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  return { name, data: Buffer.concat(parts), method: 8, size, crc };
}

function epubWithEntries(options: TestEpubOptions, extra: RawZipEntry[], replace: string[] = []): Uint8Array {
  const files = testEpubFiles(options);
  const entries = Object.entries(files)
    .filter(([path]) => !replace.includes(path))
    .map(([path, bytes]) => storedEntry(path, bytes));
  return writeZip([...entries, ...extra]);
}

describe.each(dialectsUnderTest())("EPUB import refusals on %s", (dialect) => {
  const h = useEpubImport(dialect);
  const { service, counts } = h;

  describe("refusals change nothing", () => {
    const bad: [string, () => Promise<Uint8Array> | Uint8Array, string][] = [
      [
        "not a zip",
        () => Buffer.from("%PDF-1.7\n% a PDF, not a book"),
        "This file is not an EPUB (not a zip archive).",
      ],
      [
        "no container",
        () => zipFiles(testEpubFiles({ files: { "META-INF/container.xml": null } })),
        "This EPUB has no META-INF/container.xml, so its contents cannot be found.",
      ],
      [
        "no package document",
        () => zipFiles(testEpubFiles({ files: { "OEBPS/content.opf": null } })),
        "This EPUB has no package document (OPF), so its contents cannot be found.",
      ],
      [
        "a spine whose every file is missing",
        () =>
          zipFiles(
            testEpubFiles({ files: { "OEBPS/text/chapter-1.xhtml": null, "OEBPS/text/chapter-2.xhtml": null } }),
          ),
        "This EPUB has no chapters to read.",
      ],
      [
        "a 400 MB zip bomb",
        async () => epubWithEntries({}, [await zipBombEntry("OEBPS/text/bomb.xhtml", 400 * 1024 * 1024)]),
        "This EPUB is too large when unpacked, or compressed suspiciously well (a possible zip bomb).",
      ],
      [
        "a chapter that inflates past the size it declares",
        () => {
          const chapter = new Uint8Array(8 * 1024 * 1024).fill(0x20);
          const liar = {
            name: "OEBPS/text/chapter-2.xhtml",
            data: deflateRawSync(chapter),
            method: 8 as const,
            size: 2048,
            crc: crc32(chapter),
          };
          return epubWithEntries({}, [liar], ["OEBPS/text/chapter-2.xhtml"]);
        },
        "This EPUB is too large when unpacked, or compressed suspiciously well (a possible zip bomb).",
      ],
      [
        "a ../ path",
        () => zipFiles({ ...testEpubFiles(), "../../outside.xhtml": Buffer.from("<html/>") }),
        "This EPUB contains a file path that points outside the book.",
      ],
      [
        "billion laughs in the package document",
        () =>
          zipFiles(
            testEpubFiles({
              files: {
                "OEBPS/content.opf": `<?xml version="1.0"?><!DOCTYPE package [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata><title>&lol3;</title></metadata><manifest/><spine/></package>`,
              },
            }),
          ),
        "This EPUB declares its own XML entities, which Quire refuses for safety.",
      ],
      [
        "DRM",
        () =>
          zipFiles(
            testEpubFiles({
              files: {
                "META-INF/encryption.xml": `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><EncryptedData xmlns="http://www.w3.org/2001/04/xmlenc#"><EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><CipherData><CipherReference URI="OEBPS/text/chapter-1.xhtml"/></CipherData></EncryptedData></encryption>`,
              },
            }),
          ),
        "This EPUB is encrypted (DRM) and cannot be imported.",
      ],
    ];

    it.each(bad)(
      "refuses %s",
      async (_, make, message) => {
        const bytes = await make();
        const before = await counts();
        const error = await refusalOf(() => service().import(bytes));
        expect(error.message).toBe(message);
        expect(["invalid-argument", "failed-precondition"]).toContain(error.code);
        expect(await counts()).toEqual(before);
      },
      60_000,
    );

    it("refuses unknown categories before writing anything", async () => {
      const before = await counts();
      const error = await refusalOf(() =>
        service().import(testEpub({ identifier: "urn:quire-test:categories" }), { categories: ["no-such-category"] }),
      );
      expect(error.message).toBe("Pick categories from the list.");
      expect(error.details).toEqual({ categories: ["no-such-category"] });
      expect(await counts()).toEqual(before);
    });
  });
});
