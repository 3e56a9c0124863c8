import { CHROMIUM_ARGS } from "../playwright.config";
import { controlledByWorker } from "../support/service-worker";
import { chromium, expect, test } from "../support/test";

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  background_color: string;
  theme_color: string;
  icons: ManifestIcon[];
  shortcuts: { name: string; url: string; icons: ManifestIcon[] }[];
}

// The light theme's paper (styles.css --q-paper), as index.html's light theme-color meta.
const LIGHT_PAPER = "#f7f1e6";

test.describe("installable web app", () => {
  test("the page links a manifest whose fields and icons are all there", async ({ page, request }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const response = await request.get(href ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as WebAppManifest;

    expect(manifest).toMatchObject({
      id: "/",
      name: "Quire",
      short_name: "Quire",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: LIGHT_PAPER,
      theme_color: LIGHT_PAPER,
    });
    expect(manifest.description.length).toBeGreaterThan(0);
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    expect(manifest.shortcuts.map(({ name, url }) => `${name} ${url}`)).toEqual(["Library /library", "Search /search"]);
    for (const shortcut of manifest.shortcuts) expect(shortcut.icons.length).toBeGreaterThan(0);

    const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const icons = [
      ...manifest.icons,
      ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons),
      { src: appleTouchIcon ?? "", sizes: "180x180", type: "image/png" },
    ];
    for (const icon of icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()["content-type"], icon.src).toBe(icon.type);
      // A PNG's width and height are the two big-endian words after the IHDR tag.
      const bytes = await image.body();
      expect(bytes.toString("latin1", 12, 16), icon.src).toBe("IHDR");
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  test("Chromium finds nothing that stops it offering to install Quire", async ({ baseURL }, testInfo) => {
    // Playwright's usual contexts are off the record, and Chromium never offers to install from incognito:
    // this check needs a browser profile of its own.
    const context = await chromium.launchPersistentContext(testInfo.outputPath("profile"), {
      executablePath: testInfo.project.use.launchOptions?.executablePath,
      args: CHROMIUM_ARGS,
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/");
      await controlledByWorker(page);
      const devtools = await context.newCDPSession(page);

      const { url, errors: manifestErrors } = await devtools.send("Page.getAppManifest");
      expect(url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifestErrors).toEqual([]);
      const { installabilityErrors } = await devtools.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
