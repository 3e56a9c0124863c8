import { describe, expect, it } from "vitest";
import { API_PATHS, apiPath } from "./api-paths";
import { authContract } from "./contracts/auth.contract";
import { catalogContract } from "./contracts/catalog.contract";

describe("API paths", () => {
  it("fills and encodes path parameters", () => {
    expect(apiPath("books.chapters", { id: "a b/c" })).toBe("/api/v1/books/a%20b%2Fc/chapters");
    expect(apiPath("books.list")).toBe("/api/v1/books");
    expect(() => apiPath("books.get")).toThrow("Missing path parameter id");
  });

  it("names every contract operation", () => {
    for (const [name, route] of Object.entries({ ...catalogContract, ...authContract })) {
      expect(API_PATHS[name as keyof typeof API_PATHS]).toBe(route.path);
    }
  });
});
