import { describe, expect, it } from "vitest";
import { routePattern } from "./route-pattern";

describe("routePattern", () => {
  it("puts param names in place of their values", () => {
    expect(routePattern("/books/b-123", { id: "b-123" })).toBe("/books/:id");
    expect(routePattern("/read/b1/ch%203", { bookId: "b1", anchorId: "ch 3" })).toBe("/read/:bookId/:anchorId");
    expect(routePattern("/u/ada/followers", { username: "ada" })).toBe("/u/:username/followers");
  });

  it("keeps plain paths, and turns a catch-all's rest into *", () => {
    expect(routePattern("/", {})).toBe("/");
    expect(routePattern("/browse", {})).toBe("/browse");
    expect(routePattern("/no/such/secret-token", { "*": "no/such/secret-token" })).toBe("/*");
  });
});
