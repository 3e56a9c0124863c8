import { describe, expect, it } from "vitest";
import {
  defaultReaderSettings,
  FONT_SIZES,
  READER_SETTINGS_KEY,
  readReaderSettings,
  stepThrough,
  writeReaderSettings,
} from "./reader-settings";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe("reader settings", () => {
  it("start from the app's own light or dark look", () => {
    expect(readReaderSettings(memoryStorage(), "dark")).toEqual(defaultReaderSettings("dark"));
    expect(readReaderSettings(memoryStorage(), "light").theme).toBe("light");
    expect(readReaderSettings(null, "dark").theme).toBe("dark");
  });

  it("are remembered and read back exactly", () => {
    const storage = memoryStorage();
    const chosen = {
      layout: "scrolled",
      theme: "sepia",
      font: "dyslexic",
      fontSize: 24,
      lineHeight: 1.9,
      margins: "wide",
    } as const;
    writeReaderSettings(storage, chosen);
    expect(JSON.parse(storage.data.get(READER_SETTINGS_KEY) ?? "")).toEqual(chosen);
    expect(readReaderSettings(storage, "light")).toEqual(chosen);
  });

  it("drop only the fields that are not valid any more", () => {
    const storage = memoryStorage({
      [READER_SETTINGS_KEY]: JSON.stringify({ theme: "neon", fontSize: 19, layout: "scrolled", margins: 3 }),
    });
    expect(readReaderSettings(storage, "light")).toEqual({ ...defaultReaderSettings("light"), layout: "scrolled" });
  });

  it("survive unreadable JSON and storage that throws", () => {
    expect(readReaderSettings(memoryStorage({ [READER_SETTINGS_KEY]: "{not json" }), "light")).toEqual(
      defaultReaderSettings("light"),
    );
    expect(readReaderSettings(memoryStorage({ [READER_SETTINGS_KEY]: "[1,2]" }), "dark")).toEqual(
      defaultReaderSettings("dark"),
    );
    const throwing = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("full");
      },
    };
    expect(readReaderSettings(throwing, "light")).toEqual(defaultReaderSettings("light"));
    expect(() => writeReaderSettings(throwing, defaultReaderSettings("light"))).not.toThrow();
  });

  it("step through a scale and stop at its ends", () => {
    expect(stepThrough(FONT_SIZES, 18, 1)).toBe(20);
    expect(stepThrough(FONT_SIZES, 18, -1)).toBe(16);
    expect(stepThrough(FONT_SIZES, 14, -1)).toBe(14);
    expect(stepThrough(FONT_SIZES, 34, 1)).toBe(34);
  });
});
