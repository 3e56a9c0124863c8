// `npm run mobile:sync`: builds the web app (for the public origin when QUIRE_PUBLIC_URL is set, else only when
// stale), writes the link settings into the native projects, then `cap sync` copies the build into android/ and
// ios/ and registers the plugins. Needs no Android SDK or Xcode.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { NPM, ROOT, run } from "../../../scripts/lib.mjs";
import { buildWebIfStale } from "../../../scripts/web-build.mjs";

export const MOBILE_DIR = join(ROOT, "apps/mobile");
// The server's QUIRE_APP_SCHEME default, and the example origin its configuration errors name.
const DEFAULT_SCHEME = "quire";
export const DEFAULT_APP_LINK_HOST = "quire.example";

/**
 * The native files holding the link settings, each with where its value sits. App Links and Universal
 * Links name a host only (no scheme or port); the custom scheme is the one the server hands sign-ins back to.
 */
const LINK_SETTINGS = [
  { file: "android/app/src/main/AndroidManifest.xml", key: "host", pattern: /(android:host=")[^"]*(")/g },
  {
    file: "android/app/src/main/res/values/strings.xml",
    key: "scheme",
    pattern: /(<string name="custom_url_scheme">)[^<]*(<\/string>)/g,
  },
  {
    file: "ios/App/App/Info.plist",
    key: "scheme",
    pattern: /(<key>CFBundleURLSchemes<\/key>\s*<array>\s*<string>)[^<]*(<\/string>)/g,
  },
  { file: "ios/App/App/App.entitlements", key: "host", pattern: /(<string>applinks:)[^<]*(<\/string>)/g },
];

/**
 * The same variables, with the same defaults, as the server: QUIRE_PUBLIC_URL and QUIRE_APP_SCHEME. `origin` is
 * the site the app's API calls go to; unset, the app is built for no site (tests, a look at the shell).
 */
export function linkSettings(env = process.env) {
  const scheme = env.QUIRE_APP_SCHEME || DEFAULT_SCHEME;
  if (!/^[a-z][a-z0-9+.-]*$/.test(scheme)) throw new Error(`QUIRE_APP_SCHEME is not a URL scheme: ${scheme}`);
  if (!env.QUIRE_PUBLIC_URL) return { scheme, host: DEFAULT_APP_LINK_HOST, origin: null };
  const url = new URL(env.QUIRE_PUBLIC_URL);
  if (url.protocol !== "https:") {
    throw new Error(`App Links and Universal Links need an https origin; QUIRE_PUBLIC_URL is ${url.origin}`);
  }
  return { scheme, host: url.hostname, origin: url.origin };
}

/** Rewrites each file only when its value changed; a file without its setting is a broken project. */
export function writeLinkSettings(settings, root = MOBILE_DIR) {
  for (const { file, key, pattern } of LINK_SETTINGS) {
    const path = join(root, file);
    const before = readFileSync(path, "utf8");
    if (!before.match(pattern)) throw new Error(`${file} has no ${key} to set (expected ${pattern})`);
    const after = before.replace(pattern, `$1${settings[key]}$2`);
    if (after !== before) writeFileSync(path, after);
  }
}

/**
 * For a site, always a fresh build: one made earlier for the server alone would not know where the API is.
 * The bridge reads both at build time (apps/web/src/lib/native/config.ts).
 */
function buildWeb({ origin, scheme }) {
  if (!origin) return buildWebIfStale();
  console.log(`Building the web app for ${origin}…`);
  const env = { ...process.env, VITE_QUIRE_ORIGIN: origin, VITE_QUIRE_APP_SCHEME: scheme };
  return run(NPM, ["run", "build", "-w", "@quire/web"], { env });
}

async function sync() {
  const settings = linkSettings();
  const built = await buildWeb(settings);
  if (built !== 0) return built;
  writeLinkSettings(settings);
  console.log(`App links for https://${settings.host}, custom scheme ${settings.scheme}://`);
  const cli = join(dirname(createRequire(import.meta.url).resolve("@capacitor/cli/package.json")), "bin/capacitor");
  // In an interactive terminal Capacitor's CLI turns on and sends usage metrics unless told it runs in CI.
  return run(process.execPath, [cli, "sync"], { cwd: MOBILE_DIR, env: { ...process.env, CI: "1" } });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    process.exit(await sync());
  } catch (error) {
    console.error(`mobile:sync failed: ${error.message}`);
    process.exit(1);
  }
}
