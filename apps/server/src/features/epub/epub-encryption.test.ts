import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EpubArchive } from "./epub-archive";
import { deobfuscateFont, readObfuscatedFonts } from "./epub-encryption";
import { refusalOf, testEpub } from "./test-epubs";

const REPO_ROOT = join(import.meta.dirname, "../../../../..");
const CORPUS = join(REPO_ROOT, "../shared/corpus");

const encryption = (algorithm: string, uri = "OEBPS/text/chapter-1.xhtml") => `<?xml version="1.0"?>
<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <EncryptedData xmlns="http://www.w3.org/2001/04/xmlenc#">
    <EncryptionMethod Algorithm="${algorithm}"/>
    <CipherData><CipherReference URI="${uri}"/></CipherData>
  </EncryptedData>
</encryption>`;

describe("readObfuscatedFonts", () => {
  it("lists obfuscated fonts and refuses real encryption (DRM)", async () => {
    const obfuscated = EpubArchive.open(
      testEpub({ files: { "META-INF/encryption.xml": encryption("http://www.idpf.org/2008/embedding") } }),
    );
    expect(readObfuscatedFonts(obfuscated)).toEqual(new Map([["OEBPS/text/chapter-1.xhtml", "idpf"]]));

    const drm = EpubArchive.open(
      testEpub({ files: { "META-INF/encryption.xml": encryption("http://www.w3.org/2001/04/xmlenc#aes128-cbc") } }),
    );
    const error = await refusalOf(() => readObfuscatedFonts(drm));
    expect(error.message).toBe("This EPUB is encrypted (DRM) and cannot be imported.");
    expect(error.code).toBe("failed-precondition");
  });

  it("restores the Readium test book's IDPF-obfuscated fonts to real font files", () => {
    const archive = EpubArchive.open(readFileSync(join(CORPUS, "readium/epub30-test-0103.epub")));
    const fonts = readObfuscatedFonts(archive);
    expect([...fonts.keys()].sort()).toEqual([
      "EPUB/fonts/OldStandard-Regular.obf.otf",
      "EPUB/fonts/OldStandard-Regular.obf.ttf",
      "EPUB/fonts/OldStandard-Regular.obf.woff",
    ]);
    const identifier = "com.github.epub-testsuite.epub30-test-0103";
    for (const [path, plain] of [
      ["EPUB/fonts/OldStandard-Regular.obf.otf", "EPUB/fonts/OldStandard-Regular.otf"],
      ["EPUB/fonts/OldStandard-Regular.obf.woff", "EPUB/fonts/OldStandard-Regular.woff"],
    ] as const) {
      const restored = deobfuscateFont(archive.read(path), "idpf", identifier);
      expect(Buffer.from(restored).equals(Buffer.from(archive.read(plain)))).toBe(true);
    }
  });

  it("undoes Adobe obfuscation with the UUID key, and leaves fonts alone without one", () => {
    const font = new Uint8Array(2000).map((_, index) => index % 251);
    const uuid = "urn:uuid:0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0";
    const scrambled = deobfuscateFont(font, "adobe", uuid);
    expect(scrambled.subarray(0, 1024)).not.toEqual(font.subarray(0, 1024));
    expect(scrambled.subarray(1024)).toEqual(font.subarray(1024));
    expect(deobfuscateFont(scrambled, "adobe", uuid)).toEqual(font);
    expect(deobfuscateFont(font, "adobe", "not-a-uuid")).toBe(font);
  });
});
