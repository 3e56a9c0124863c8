import { describe, expect, it } from "vitest";
import { API_OPERATIONS } from "./api-operations";
import { apiContract } from "./contracts/api-contract";
import * as core from "./index";

describe("API operations", () => {
  it("gives every contract operation its contract's method and path, and nothing else", () => {
    const fromContracts = Object.fromEntries(
      Object.entries(apiContract).map(([name, entry]) => [name, [entry.method, entry.path]]),
    );
    expect(API_OPERATIONS).toEqual(fromContracts);
  });

  it("merges contracts without one operation name shadowing another", () => {
    const contracts = Object.entries(core).filter(
      ([name, value]) => name.endsWith("Contract") && name !== "apiContract" && typeof value === "object",
    );
    const total = contracts.reduce((sum, [, contract]) => sum + Object.keys(contract as object).length, 0);
    expect(contracts.length).toBeGreaterThan(10);
    expect(Object.keys(apiContract)).toHaveLength(total);
  });
});
