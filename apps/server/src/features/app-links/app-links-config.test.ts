import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";

const CERT = Array.from({ length: 32 }, () => "0f").join(":");

describe("app links configuration", () => {
  it("is off when unset and reads each platform on its own", () => {
    expect(loadConfig({}).appLinks).toEqual({ android: undefined, iosAppId: undefined });
    expect(loadConfig({ QUIRE_IOS_APP_ID: "ABCDE12345.app.quire.reader" }).appLinks).toEqual({
      android: undefined,
      iosAppId: "ABCDE12345.app.quire.reader",
    });
    expect(
      loadConfig({ QUIRE_ANDROID_APP_ID: "app.quire.reader", QUIRE_ANDROID_CERT_SHA256: CERT }).appLinks.android,
    ).toEqual({ packageName: "app.quire.reader", certFingerprints: [CERT.toUpperCase()] });
  });

  it("wants the Android app id and its certificates together, and says which is missing", () => {
    expect(() => loadConfig({ QUIRE_ANDROID_APP_ID: "app.quire.reader" })).toThrow(
      "Invalid configuration: QUIRE_ANDROID_APP_ID and QUIRE_ANDROID_CERT_SHA256 go together; QUIRE_ANDROID_CERT_SHA256 is missing",
    );
    expect(() => loadConfig({ QUIRE_ANDROID_CERT_SHA256: CERT })).toThrow(/QUIRE_ANDROID_APP_ID is missing/);
  });

  it.each([
    ["QUIRE_ANDROID_CERT_SHA256", CERT.slice(3)],
    ["QUIRE_ANDROID_CERT_SHA256", `${CERT},not-a-fingerprint`],
    ["QUIRE_ANDROID_APP_ID", "quire"],
    ["QUIRE_IOS_APP_ID", "app.quire.reader"],
  ])("refuses a malformed %s (%s)", (name, value) => {
    const android = { QUIRE_ANDROID_APP_ID: "app.quire.reader", QUIRE_ANDROID_CERT_SHA256: CERT };
    expect(() => loadConfig({ ...android, [name]: value })).toThrow(new RegExp(`Invalid configuration: ${name}`));
  });
});
