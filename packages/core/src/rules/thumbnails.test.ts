import { describe, expect, it } from "vitest";
import { coverImageUrl, thumbnailUrl } from "./thumbnails";

describe("thumbnailUrl", () => {
  it("puts the file in a thumbs folder with the size and a jpeg extension", () => {
    expect(thumbnailUrl("/files/users-avatars/u1/1700000000-me.png", "small")).toBe(
      "/files/users-avatars/u1/thumbs/1700000000-me_268x268.jpeg",
    );
    expect(thumbnailUrl("/files/covers/book.jpg", "medium")).toBe("/files/covers/thumbs/book_556x556.jpeg");
  });

  it("keeps query strings and works on absolute URLs and bare names", () => {
    expect(thumbnailUrl("https://cdn.example/a/b/cover.webp?v=2", "small")).toBe(
      "https://cdn.example/a/b/thumbs/cover_268x268.jpeg?v=2",
    );
    expect(thumbnailUrl("cover", "small")).toBe("thumbs/cover_268x268.jpeg");
    expect(thumbnailUrl("archive.tar.gz", "medium")).toBe("thumbs/archive.tar_556x556.jpeg");
  });

  it("leaves a URL without a file name unchanged", () => {
    expect(thumbnailUrl("/files/covers/", "small")).toBe("/files/covers/");
  });
});

describe("coverImageUrl", () => {
  it("shows a raster cover's thumbnail and an SVG cover as it is", () => {
    expect(coverImageUrl("/files/books/b1/v1/x/cover.jpg", "medium")).toBe(
      "/files/books/b1/v1/x/thumbs/cover_556x556.jpeg",
    );
    expect(coverImageUrl("https://cdn.example/c/cover.png?v=1", "small")).toBe(
      "https://cdn.example/c/thumbs/cover_268x268.jpeg?v=1",
    );
    expect(coverImageUrl("/files/covers/lantern.svg", "small")).toBe("/files/covers/lantern.svg");
    expect(coverImageUrl("/files/covers/lantern.SVG?v=2", "medium")).toBe("/files/covers/lantern.SVG?v=2");
  });
});
