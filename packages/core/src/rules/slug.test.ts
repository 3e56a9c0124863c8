import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("lowercases, turns whitespace into hyphens and strips other symbols", () => {
    expect(slugify("The Salt Lantern")).toBe("the-salt-lantern");
    expect(slugify("  Hello,   World!  ")).toBe("hello-world");
    expect(slugify("Tabs\tand\nnewlines")).toBe("tabs-and-newlines");
    expect(slugify("C'est déjà l'été")).toBe("cest-deja-lete");
    expect(slugify("100% Pure & Simple?")).toBe("100-pure-simple");
    expect(slugify("!!!")).toBe("");
  });

  it("only ever yields lowercase letters, digits and single inner hyphens", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (text) => slugify(slugify(text)) === slugify(text)));
  });
});
