import { SESSION_COOKIE_NAME } from "@quire/core";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

const ASSET_LINKS = "/.well-known/assetlinks.json";
const APPLE = "/.well-known/apple-app-site-association";
const RELEASE_CERT = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, "0")).join(":");
const UPLOAD_CERT = Array.from({ length: 32 }, () => "AB").join(":");

describe.each(dialectsUnderTest())("app links on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);

  describe("configured", () => {
    const t = useTestApp(testDb, {
      env: () => ({
        QUIRE_ANDROID_APP_ID: "app.quire.reader",
        QUIRE_ANDROID_CERT_SHA256: `${RELEASE_CERT}, ${UPLOAD_CERT}`,
        QUIRE_IOS_APP_ID: "ABCDE12345.app.quire.reader",
      }),
    });

    it("serves Android's asset links for the app and every certificate, fingerprints upper case", async () => {
      const response = await t.app.inject({ method: "GET", url: ASSET_LINKS });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.headers["cache-control"]).toBe("public, max-age=3600");
      expect(response.json()).toEqual([
        {
          relation: ["delegate_permission/common.handle_all_urls"],
          target: {
            namespace: "android_app",
            package_name: "app.quire.reader",
            sha256_cert_fingerprints: [RELEASE_CERT.toUpperCase(), UPLOAD_CERT],
          },
        },
      ]);
    });

    it("serves Apple's site association at its extension-less address, for the shared pages only", async () => {
      const response = await t.app.inject({ method: "GET", url: APPLE });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.headers["cache-control"]).toBe("public, max-age=3600");
      expect(response.json()).toEqual({
        applinks: {
          details: [
            {
              appIDs: ["ABCDE12345.app.quire.reader"],
              components: [{ "/": "/books/*" }, { "/": "/read/*" }, { "/": "/u/*" }, { "/": "/users/*" }],
            },
          ],
        },
      });
    });

    it("answers HEAD too, and a session cookie does not make the answer private", async () => {
      const head = await t.app.inject({ method: "HEAD", url: APPLE });
      expect(head.statusCode).toBe(200);
      const withCookie = await t.app.inject({
        method: "GET",
        url: ASSET_LINKS,
        cookies: { [SESSION_COOKIE_NAME]: "x" },
      });
      expect(withCookie.headers["cache-control"]).toBe("public, max-age=3600");
    });
  });

  describe("unset", () => {
    const t = useTestApp(testDb);

    it.each([ASSET_LINKS, APPLE])("%s is a JSON 404, not the app's page", async (url) => {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: expect.objectContaining({ code: "not-found" }) });
    });
  });
});
