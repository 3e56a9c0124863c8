import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_APP_LINK_HOST, linkSettings, MOBILE_DIR, writeLinkSettings } from "../scripts/sync.mjs";

const FILES = [
  "android/app/src/main/AndroidManifest.xml",
  "android/app/src/main/res/values/strings.xml",
  "ios/App/App/Info.plist",
  "ios/App/App/App.entitlements",
];

describe("link settings", () => {
  it("reads the server's variables, with its defaults", () => {
    expect(linkSettings({})).toEqual({ scheme: "quire", host: DEFAULT_APP_LINK_HOST, origin: null });
    expect(linkSettings({ QUIRE_PUBLIC_URL: "https://read.example.org:8443/", QUIRE_APP_SCHEME: "quirebeta" })).toEqual(
      { scheme: "quirebeta", host: "read.example.org", origin: "https://read.example.org:8443" },
    );
  });

  it("refuses an origin the verifiers would never fetch, and a scheme that is not one", () => {
    expect(() => linkSettings({ QUIRE_PUBLIC_URL: "http://localhost:3000" })).toThrow(
      "App Links and Universal Links need an https origin; QUIRE_PUBLIC_URL is http://localhost:3000",
    );
    expect(() => linkSettings({ QUIRE_APP_SCHEME: "Quire app" })).toThrow(/not a URL scheme/);
  });

  describe("written into a copy of the native files", () => {
    let root = "";
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it("sets the host and scheme everywhere they appear, and writing the old ones back restores the files", () => {
      root = mkdtempSync(join(tmpdir(), "quire-link-settings-"));
      for (const file of FILES) cpSync(join(MOBILE_DIR, file), join(root, file));
      const readCopy = (file: string) => readFileSync(join(root, file), "utf8");
      const original = FILES.map(readCopy);

      writeLinkSettings({ scheme: "quirebeta", host: "read.example.org" }, root);
      const [manifest = "", strings = "", plist = "", entitlements = ""] = FILES.map(readCopy);
      expect(manifest).toContain('android:host="read.example.org"');
      expect(manifest).not.toMatch(/android:host="(?!read\.example\.org")/);
      expect(strings).toContain('<string name="custom_url_scheme">quirebeta</string>');
      expect(plist).toMatch(/<key>CFBundleURLSchemes<\/key>\s*<array>\s*<string>quirebeta<\/string>/);
      expect(entitlements).toContain("<string>applinks:read.example.org</string>");

      writeLinkSettings(linkSettings(process.env), root);
      expect(FILES.map(readCopy)).toEqual(original);
    });
  });
});
