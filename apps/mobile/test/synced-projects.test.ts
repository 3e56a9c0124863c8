// What `npm run mobile:sync` leaves in android/ and ios/: the current web build, every plugin registered, the
// app's configuration, and the link settings (custom scheme, App Links, Universal Links). npm test runs it after.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { APP_LINK_PATHS } from "../../server/src/features/app-links/app-link-paths";
import config from "../capacitor.config";
import packageJson from "../package.json";
import { linkSettings, MOBILE_DIR } from "../scripts/sync.mjs";

const WEB_DIST = join(MOBILE_DIR, config.webDir ?? "");
const ANDROID_MAIN = join(MOBILE_DIR, "android/app/src/main");
const IOS_APP = join(MOBILE_DIR, "ios/App/App");
const read = (path: string) => readFileSync(path, "utf8");
const readJson = (path: string) => JSON.parse(read(path));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => statSync(join(dir, path)).isFile())
    .map((path) => relative(dir, join(dir, path)))
    .sort();

// Every dependency but Capacitor's runtime and platforms is a plugin the web bridge calls.
const PLUGINS = Object.keys(packageJson.dependencies)
  .filter((name) => !["@capacitor/core", "@capacitor/android", "@capacitor/ios"].includes(name))
  .sort();

const settings = linkSettings(process.env);

interface IntentFilter {
  "@_android:autoVerify"?: string;
  action: { "@_android:name": string }[];
  category?: { "@_android:name": string }[];
  data?: Record<string, string>[];
}

function activityIntentFilters(): IntentFilter[] {
  const parser = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ["activity", "intent-filter", "action", "category", "data"].includes(name),
  });
  const manifest = parser.parse(read(join(ANDROID_MAIN, "AndroidManifest.xml")));
  const [activity] = manifest.manifest.application.activity;
  return activity["intent-filter"];
}

const names = (entries: { "@_android:name": string }[] = []) => entries.map((entry) => entry["@_android:name"]);
const dataValues = (filter: IntentFilter, attribute: string) =>
  (filter.data ?? []).flatMap((data) => (data[`@_android:${attribute}`] ? [data[`@_android:${attribute}`]] : []));
const opensLinks = (filter: IntentFilter) =>
  names(filter.action).includes("android.intent.action.VIEW") &&
  ["android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"].every((category) =>
    names(filter.category).includes(category),
  );

describe("the native projects after mobile:sync", () => {
  it.each([
    ["Android", join(ANDROID_MAIN, "assets/public")],
    ["iOS", join(IOS_APP, "public")],
  ])("%s holds the current web build", (_platform, copy) => {
    const stale = "a copy of an older web build: run npm run mobile:sync";
    expect(filesUnder(copy), stale).toEqual(expect.arrayContaining(filesUnder(WEB_DIST)));
    expect(read(join(copy, "index.html")), stale).toBe(read(join(WEB_DIST, "index.html")));
  });

  it("registers every plugin with Android", () => {
    const registered = readJson(join(ANDROID_MAIN, "assets/capacitor.plugins.json")) as { pkg: string }[];
    expect(registered.map((plugin) => plugin.pkg).sort()).toEqual(PLUGINS);
    const gradle = read(join(MOBILE_DIR, "android/capacitor.settings.gradle"));
    for (const plugin of PLUGINS) expect(gradle).toContain(`node_modules/${plugin}/android`);
  });

  it("registers every plugin with iOS (Swift packages, and the classes Capacitor loads)", () => {
    const packageSwift = read(join(MOBILE_DIR, "ios/App/CapApp-SPM/Package.swift"));
    const packages = [...packageSwift.matchAll(/path: "[./]*node_modules\/(@capacitor\/[a-z-]+)"/g)].map(([, p]) => p);
    expect(packages.sort()).toEqual(PLUGINS);
    expect(readJson(join(IOS_APP, "capacitor.config.json")).packageClassList).toHaveLength(PLUGINS.length);
  });

  it.each([
    ["Android", join(ANDROID_MAIN, "assets/capacitor.config.json")],
    ["iOS", join(IOS_APP, "capacitor.config.json")],
  ])("gives %s the app's configuration", (_platform, path) => {
    expect(readJson(path)).toMatchObject({ appId: config.appId, appName: "Quire", plugins: config.plugins });
  });
});

describe("links into the app", () => {
  it("Android opens the custom scheme's links", () => {
    const schemeFilters = activityIntentFilters().filter(
      (filter) => opensLinks(filter) && dataValues(filter, "scheme").includes("@string/custom_url_scheme"),
    );
    expect(schemeFilters).toHaveLength(1);
    const strings = read(join(ANDROID_MAIN, "res/values/strings.xml"));
    expect(strings).toContain(`<string name="custom_url_scheme">${settings.scheme}</string>`);
  });

  it("Android verifies App Links for the public origin's shared pages", () => {
    const verified = activityIntentFilters().filter((filter) => filter["@_android:autoVerify"] === "true");
    expect(verified).toHaveLength(1);
    const [filter] = verified as [IntentFilter];
    expect(opensLinks(filter)).toBe(true);
    expect(dataValues(filter, "scheme")).toEqual(["https"]);
    expect(dataValues(filter, "host")).toEqual([settings.host]);
    expect(dataValues(filter, "pathPrefix")).toEqual([...APP_LINK_PATHS]);
  });

  it("iOS opens the custom scheme's links", () => {
    const plist = read(join(IOS_APP, "Info.plist"));
    expect(plist).toMatch(
      new RegExp(`<key>CFBundleURLSchemes</key>\\s*<array>\\s*<string>${settings.scheme}</string>\\s*</array>`),
    );
  });

  it("iOS claims the public origin's Universal Links, with the entitlements signed into both builds", () => {
    const entitlements = read(join(IOS_APP, "App.entitlements"));
    expect(entitlements).toMatch(
      new RegExp(
        `<key>com.apple.developer.associated-domains</key>\\s*<array>\\s*<string>applinks:${settings.host}</string>`,
      ),
    );
    const project = read(join(MOBILE_DIR, "ios/App/App.xcodeproj/project.pbxproj"));
    expect(project.match(/CODE_SIGN_ENTITLEMENTS = App\/App\.entitlements;/g)).toHaveLength(2);
  });
});
