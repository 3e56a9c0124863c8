import { afterEach, describe, expect, it, vi } from "vitest";
import { fileUrl } from "./config";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("fileUrl", () => {
  it("leaves an uploaded file's URL as it is in a browser", () => {
    vi.stubEnv("VITE_QUIRE_ORIGIN", "https://quire.example");
    expect(fileUrl("/files/covers/b1.webp")).toBe("/files/covers/b1.webp");
  });

  it("loads it from the public origin in the app, and leaves absolute URLs alone", () => {
    vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "android" });
    vi.stubEnv("VITE_QUIRE_ORIGIN", "https://quire.example/");
    expect(fileUrl("/files/covers/b1.webp")).toBe("https://quire.example/files/covers/b1.webp");
    expect(fileUrl("https://cdn.example/c.webp")).toBe("https://cdn.example/c.webp");
    expect(fileUrl("//cdn.example/c.webp")).toBe("//cdn.example/c.webp");
    expect(fileUrl("data:image/png;base64,AA")).toBe("data:image/png;base64,AA");
  });
});
