import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// A test acting as the native app (a stubbed `Capacitor` global) must not load the real plugin: importing
// @capacitor/core would replace that stub with a browser's answers. Its API calls read the token from here.
vi.mock("@capacitor/preferences", async () => ({
  Preferences: (await import("../lib/native/fake-preferences")).fakePreferences(),
}));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
