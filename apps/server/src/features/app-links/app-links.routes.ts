import { AppError } from "@quire/core";
import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../../config";
import { APP_LINK_PATHS } from "./app-link-paths";

// Google and Apple fetch these when the app is installed and now and then after; an hour's caching is plenty.
const CACHE_CONTROL = "public, max-age=3600";

type AppLinks = Config["appLinks"];

/** Digital Asset Links: the Android app signed with these certificates may open this site's links. */
export function assetLinks(android: NonNullable<AppLinks["android"]>) {
  return [
    {
      relation: ["delegate_permission/common.handle_all_urls"],
      target: {
        namespace: "android_app",
        package_name: android.packageName,
        sha256_cert_fingerprints: android.certFingerprints,
      },
    },
  ];
}

/** Universal Links (iOS 13 and later): which paths the iOS app (TEAMID.bundle) opens. */
export function appleAppSiteAssociation(iosAppId: string) {
  return {
    applinks: {
      details: [{ appIDs: [iosAppId], components: APP_LINK_PATHS.map((prefix) => ({ "/": `${prefix}*` })) }],
    },
  };
}

/**
 * The two /.well-known documents, from configuration. Unset, they are a JSON 404 answered here: the page
 * fallback would otherwise answer the extension-less Apple address with the app's HTML.
 */
export const appLinksRoutes: FastifyPluginAsync<{ links: AppLinks }> = async (app, { links }) => {
  const serve = (path: string, document: object | undefined) => {
    const body = document && JSON.stringify(document);
    app.get(path, { schema: { hide: true } }, async (_request, reply) => {
      if (!body) throw AppError.of("routeNotFound");
      return reply.header("cache-control", CACHE_CONTROL).type("application/json").send(body);
    });
  };
  serve("/.well-known/assetlinks.json", links.android && assetLinks(links.android));
  serve(
    "/.well-known/apple-app-site-association",
    links.iosAppId ? appleAppSiteAssociation(links.iosAppId) : undefined,
  );
};
