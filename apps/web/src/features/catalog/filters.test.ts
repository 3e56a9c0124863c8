import { describe, expect, it } from "vitest";
import { countActiveFilters, DEFAULT_BOOK_FILTERS, filtersFromSearchParams, filtersToSearchParams } from "./filters";

describe("browse filters in the URL", () => {
  it("reads valid values and drops what the API would refuse", () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams(
        "source=public-domain&status=bogus&genre=fantasy&sort=title&pageSize=20&completionStatus=wip",
      ),
    );
    expect(filters).toEqual({
      source: "public-domain",
      status: undefined,
      genre: "fantasy",
      category: undefined,
      completionStatus: "wip",
      sort: "title",
      pageSize: 20,
    });
    expect(countActiveFilters(filters)).toBe(3);
    expect(filtersFromSearchParams(new URLSearchParams("pageSize=15&sort=random"))).toMatchObject(DEFAULT_BOOK_FILTERS);
  });

  it("writes only non-defaults, so a round trip is stable", () => {
    expect(filtersToSearchParams(DEFAULT_BOOK_FILTERS).toString()).toBe("");
    const query = "source=own&category=staff-picks&sort=newest&pageSize=20";
    expect(filtersToSearchParams(filtersFromSearchParams(new URLSearchParams(query))).toString()).toBe(query);
  });
});
