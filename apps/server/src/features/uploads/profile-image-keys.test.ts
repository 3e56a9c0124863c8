import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertSafeKey } from "../../infra/storage";
import { sniffImageFormat } from "./image-format";
import { isOwnProfileImageKey, profileImageKey, safeFileBaseName, thumbnailKey } from "./profile-image-keys";

describe("safeFileBaseName", () => {
  it("keeps letters, digits, dots, dashes and underscores, and drops folders and the extension", () => {
    expect(safeFileBaseName("My Holiday (2).JPG")).toBe("My-Holiday-2");
    expect(safeFileBaseName("C:\\Users\\me\\café au lait.png")).toBe("cafe-au-lait");
    expect(safeFileBaseName("../../etc/passwd")).toBe("passwd");
    expect(safeFileBaseName("sherlock.cover.jpg")).toBe("sherlock.cover");
    expect(safeFileBaseName(".hidden")).toBe("hidden");
    expect(safeFileBaseName("")).toBe("image");
    expect(safeFileBaseName("日本語.webp")).toBe("image");
  });

  it("always makes a safe storage key, whatever the client sent", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const key = profileImageKey("avatar", "user-1", new Date(1_700_000_000_000), name, "png");
        expect(assertSafeKey(key)).toBe(key);
        expect(key).toMatch(/^users-avatars\/user-1\/1700000000000-[A-Za-z0-9._-]{1,80}\.png$/);
        expect(() => thumbnailKey(key, "small")).not.toThrow();
      }),
    );
  });
});

describe("profile image keys", () => {
  it("puts thumbnails in a thumbs folder beside the original", () => {
    const key = profileImageKey("cover", "u1", new Date(5), "wide.webp", "webp");
    expect(key).toBe("users-covers/u1/5-wide.webp");
    expect(thumbnailKey(key, "small")).toBe("users-covers/u1/thumbs/5-wide_268x268.jpeg");
    expect(thumbnailKey(key, "medium")).toBe("users-covers/u1/thumbs/5-wide_556x556.jpeg");
  });

  it("recognises only the user's own originals of that kind", () => {
    expect(isOwnProfileImageKey("users-avatars/u1/5-me.png", "avatar", "u1")).toBe(true);
    expect(isOwnProfileImageKey("users-avatars/u10/5-me.png", "avatar", "u1")).toBe(false);
    expect(isOwnProfileImageKey("users-covers/u1/5-me.png", "avatar", "u1")).toBe(false);
    expect(isOwnProfileImageKey("users-avatars/u1/thumbs/5-me_268x268.jpeg", "avatar", "u1")).toBe(false);
  });
});

describe("sniffImageFormat", () => {
  it("tells JPEG, PNG and WebP by their first bytes and nothing else", () => {
    expect(sniffImageFormat(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageFormat(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(sniffImageFormat(new TextEncoder().encode("RIFF\x10\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffImageFormat(new TextEncoder().encode("RIFF\x10\0\0\0WAVEfmt "))).toBeUndefined();
    expect(sniffImageFormat(new TextEncoder().encode("GIF89a"))).toBeUndefined();
    expect(sniffImageFormat(new TextEncoder().encode("<svg xmlns="))).toBeUndefined();
    expect(sniffImageFormat(new Uint8Array())).toBeUndefined();
  });
});
