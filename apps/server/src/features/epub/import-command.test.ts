import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEpubSource, parseImportArguments } from "./import-command";
import { refusalOf, testEpub } from "./test-epubs";

describe("parseImportArguments", () => {
  it("reads the source, --featured and repeated --category", () => {
    expect(parseImportArguments(["book.epub", "--featured", "--category", "classics", "--category=summer"])).toEqual({
      source: "book.epub",
      featured: true,
      categories: ["classics", "summer"],
    });
  });

  it("explains mistakes", () => {
    expect(() => parseImportArguments([])).toThrow(/^Name the EPUB to import\./);
    expect(() => parseImportArguments(["a.epub", "b.epub"])).toThrow(/^Import one EPUB at a time\./);
    expect(() => parseImportArguments(["a.epub", "--category"])).toThrow(/^--category needs a category id\./);
    expect(() => parseImportArguments(["a.epub", "--feature"])).toThrow(/^Unknown option: --feature/);
  });
});

describe("loadEpubSource", () => {
  const epub = testEpub();
  let server: Server;
  let origin = "";
  let dir = "";

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "quire-epub-source-"));
    server = createServer((request, response) => {
      if (request.url === "/book.epub") return response.end(epub);
      if (request.url === "/big-declared.epub") {
        response.writeHead(200, { "content-length": String(10_000_000) });
        return response.end();
      }
      if (request.url === "/big-streamed.epub") {
        // No length announced: the limit has to be enforced while the body arrives.
        response.writeHead(200, { "transfer-encoding": "chunked" });
        const timer = setInterval(() => response.write(Buffer.alloc(16 * 1024)), 5);
        response.on("close", () => clearInterval(timer));
        return;
      }
      if (request.url === "/slow.epub") return; // never answers
      response.writeHead(404).end();
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const limits = { maxBytes: 100_000, timeoutMs: 1_000 };

  it("reads a file, refusing one over the limit", async () => {
    const path = join(dir, "book.epub");
    await writeFile(path, epub);
    expect(Buffer.from(await loadEpubSource(path, limits)).equals(Buffer.from(epub))).toBe(true);
    expect((await refusalOf(() => loadEpubSource(path, { ...limits, maxBytes: 100 }))).message).toBe(
      "This EPUB file is too large to import.",
    );
  });

  it("downloads over HTTP", async () => {
    expect(Buffer.from(await loadEpubSource(`${origin}/book.epub`, limits)).equals(Buffer.from(epub))).toBe(true);
  });

  it("refuses downloads that are too large, whether announced or not", async () => {
    for (const path of ["/big-declared.epub", "/big-streamed.epub"]) {
      const error = await refusalOf(() => loadEpubSource(`${origin}${path}`, limits));
      expect(error.message).toBe("This EPUB file is too large to import.");
    }
  });

  it("gives up on slow servers and reports failed downloads", async () => {
    const slow = await refusalOf(() => loadEpubSource(`${origin}/slow.epub`, { ...limits, timeoutMs: 200 }));
    expect([slow.code, slow.message]).toEqual(["deadline-exceeded", "Request time out"]);
    const missing = await refusalOf(() => loadEpubSource(`${origin}/missing.epub`, limits));
    expect([missing.message, missing.details]).toEqual(["The EPUB could not be downloaded.", { status: 404 }]);
    const ftp = await refusalOf(() => loadEpubSource("ftp://example.org/book.epub", limits));
    expect(ftp.reason).toBe("epub/download-failed");
  });
});
