import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clobberingBook, fortyMegabyteBook } from "../../apps/server/src/features/epub/hostile-epubs";
import { bentBook } from "../../apps/server/src/features/epub/test-epubs";
import { signedInReader } from "../support/accounts";
import { importBook } from "../support/corpus-books";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { expect, test } from "../support/test";

/** Security issue 17: books built to break the reader or the server, met in the browser. */

const files = mkdtempSync(join(tmpdir(), "quire-hostile-epubs-"));

function writeEpub(name: string, bytes: Uint8Array): string {
  const path = join(files, name);
  writeFileSync(path, bytes);
  return path;
}

/** The `quire` command on the e2e server's data, as an operator runs it. */
function quire(...args: string[]): string {
  return execFileSync("node", ["--import", "tsx", "../apps/server/src/cli.ts", ...args], {
    cwd: join(import.meta.dirname, ".."),
    env: { ...process.env, QUIRE_DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
}

// Playwright's trace recorder tries to run its snapshot script in every frame; the sandbox refuses it.
const ownErrors = (errors: string[]) =>
  errors.filter((error) => !/Blocked script execution in 'about:srcdoc'/.test(error));

test.describe("hostile EPUBs", () => {
  test("a book whose names and ids clobber document properties reads to its end with Next chapter", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const bookId = importBook(writeEpub("clobbering.epub", clobberingBook()));
    const errors = collectPageErrors(page);
    await page.goto(`/read/${bookId}`);
    const view = page.getByTestId("chapter-view");
    const active = page.locator('[data-testid=chapter-frame][data-active="true"]');
    await expect(view).toHaveAttribute("data-ready-anchor", "chapter-1");

    const seen: string[] = [];
    for (;;) {
      const anchor = (await view.getAttribute("data-ready-anchor")) as string;
      seen.push(anchor);
      const frame = await active.evaluate((element: HTMLIFrameElement) => {
        const doc = element.contentDocument as Document;
        return {
          heading: Document.prototype.querySelector.call(doc, ".quire-book h2")?.textContent ?? null,
          named: Document.prototype.querySelectorAll.call(doc, "[name]").length,
          // What the page's own code calls on the frame's document is still the document's.
          methods: ["querySelector", "getElementById", "createElement", "addEventListener"].map(
            (name) => typeof (doc as unknown as Record<string, unknown>)[name],
          ),
        };
      });
      expect(frame, anchor).toEqual({
        heading: `Clobber ${seen.length}`,
        named: 0,
        methods: ["function", "function", "function", "function"],
      });
      const next = page.getByTestId("next-chapter");
      if (await next.isDisabled()) break;
      await next.click();
      await expect(view).not.toHaveAttribute("data-ready-anchor", anchor);
    }
    expect(seen).toEqual(["chapter-1", "chapter-2", "chapter-3"]);
    expect(ownErrors(errors)).toEqual([]);
  });

  test("the administrator's import screen says why a hostile book is refused", async ({ page }) => {
    test.setTimeout(60_000);
    const admin = await signedInReader(page.request, "Ida");
    quire("admin", "grant", admin.email);
    await page.goto("/admin/import");
    await page.getByLabel("EPUB file").setInputFiles(writeEpub("forty-megabytes.epub", fortyMegabyteBook()));
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "This EPUB is too large when unpacked, or compressed suspiciously well (a possible zip bomb).",
    );

    // A missing picture and a link out of the book are left out, not a reason to refuse it: the screen lists them.
    await page.getByLabel("EPUB file").setInputFiles(writeEpub("bent.epub", bentBook()));
    await page.getByRole("button", { name: "Import" }).click();
    const warnings = page.getByTestId("import-warnings");
    await expect(warnings).toContainText("Imported with 2 warnings: these references were left out.");
    await expect(warnings.getByRole("listitem")).toHaveText([
      /refers to OEBPS\/images\/map\.png, which the EPUB does not contain/,
      /refers to \.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd, a path outside the book/,
    ]);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Open the book" }).click();
    await page.getByRole("link", { name: "Start reading" }).click();
    await expect(page).toHaveURL(/\/read\/[^/]+\/one$/);
  });
});
