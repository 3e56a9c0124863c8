import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  browserOptsOut,
  CONSENT_STORAGE_KEY,
  permissionFor,
  storeChoice,
  storedChoice,
  VISITOR_ID_STORAGE_KEY,
} from "./consent";

const nav = (values: { doNotTrack?: string | null; globalPrivacyControl?: boolean }) => values as unknown as Navigator;
const visitor = { status: "signed-out" as const, user: null };

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe("consent", () => {
  it("reads Do-Not-Track and Global Privacy Control as opting out", () => {
    expect(browserOptsOut(nav({ doNotTrack: "1" }))).toBe(true);
    expect(browserOptsOut(nav({ globalPrivacyControl: true }))).toBe(true);
    expect(browserOptsOut(nav({ doNotTrack: "0", globalPrivacyControl: false }))).toBe(false);
    expect(browserOptsOut(nav({ doNotTrack: null }))).toBe(false);
  });

  it("collects nothing under DNT/GPC, whatever the visitor or the account chose", () => {
    expect(permissionFor(visitor, "granted", true)).toEqual({ collect: false });
    expect(permissionFor({ status: "signed-in", user: { acceptedTracking: true } }, null, true)).toEqual({
      collect: false,
    });
  });

  it("follows a signed-in reader's acceptedTracking, without the visitor flag", () => {
    expect(permissionFor({ status: "signed-in", user: { acceptedTracking: false } }, "granted", false)).toEqual({
      collect: false,
    });
    expect(permissionFor({ status: "signed-in", user: { acceptedTracking: true } }, null, false)).toMatchObject({
      collect: true,
      consentFlag: false,
    });
  });

  it("collects from a visitor only after Allow, and is not ready while the session is checked", () => {
    expect(permissionFor({ status: "loading", user: null }, "granted", false)).toBeUndefined();
    expect(permissionFor(visitor, null, false)).toEqual({ collect: false });
    expect(permissionFor(visitor, "denied", false)).toEqual({ collect: false });
    const allowed = permissionFor(visitor, "granted", false);
    expect(allowed).toMatchObject({ collect: true, consentFlag: true });
    expect(allowed?.collect && allowed.visitorId).toBe(localStorage.getItem(VISITOR_ID_STORAGE_KEY));
  });

  it("remembers the choice; declining forgets the visitor id", () => {
    expect(storedChoice()).toBeNull();
    storeChoice("granted");
    permissionFor(visitor, "granted", false);
    expect(localStorage.getItem(VISITOR_ID_STORAGE_KEY)).not.toBeNull();
    storeChoice("denied");
    expect(storedChoice()).toBe("denied");
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe("denied");
    expect(localStorage.getItem(VISITOR_ID_STORAGE_KEY)).toBeNull();
  });
});
