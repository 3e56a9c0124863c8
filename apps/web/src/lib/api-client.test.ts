import { AppError } from "@quire/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiGet, withQuery } from "./api-client";
import { errorMessage, hasErrorCode, isAppError } from "./errors";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("paths", () => {
  it("drops empty query values", () => {
    expect(withQuery("/api/v1/books", { sort: "newest", genre: undefined, cursor: "", pageSize: 20 })).toBe(
      "/api/v1/books?sort=newest&pageSize=20",
    );
  });
});

describe("apiGet", () => {
  it("returns the JSON body of a success", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ items: [] })),
    );
    await expect(apiGet("/api/v1/genres")).resolves.toEqual({ items: [] });
  });

  it("turns an error body into the AppError it describes", async () => {
    const body = { error: { code: "not-found", message: "Book not found" } };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(body, { status: 404 })),
    );
    const error = await apiGet("/api/v1/books/nope").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(isAppError(error)).toBe(true);
    expect(hasErrorCode(error, "not-found")).toBe(true);
    expect(errorMessage(error)).toBe("Book not found");
  });

  it("reports a network failure as Connection failed.", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await apiGet("/api/v1/books").catch((caught: unknown) => caught);
    expect(hasErrorCode(error, "unavailable")).toBe(true);
    expect(errorMessage(error)).toBe("Connection failed.");
  });

  it("shows the generic message for anything that is not an AppError", () => {
    expect(errorMessage(new Error("boom"))).toBe("Something went wrong. Please try again.");
  });
});
