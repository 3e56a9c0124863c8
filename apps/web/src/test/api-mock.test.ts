import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../lib/api-client";
import { apiError, mockApi } from "./api-mock";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("mockApi", () => {
  it("answers an operation for any params, giving the handler their values", async () => {
    mockApi({ "users.get": ({ params }) => ({ user: { id: params.id } as never }) });
    await expect(api("users.get", { params: { id: "a b" } })).resolves.toEqual({ user: { id: "a b" } });
  });

  it("prefers an exact path, then the operation with fewer open segments", async () => {
    mockApi({
      "users.get": () => apiError(404, "not-found", "User not found"),
      "users.recent": () => ({ items: [] }),
      "GET /api/v1/users/u2": () => Response.json({ user: { id: "u2" } }),
    });
    await expect(api("users.recent")).resolves.toEqual({ items: [] });
    await expect(api("users.get", { params: { id: "u2" } })).resolves.toEqual({ user: { id: "u2" } });
    await expect(api("users.get", { params: { id: "u3" } })).rejects.toMatchObject({ message: "User not found" });
  });

  it("answers undefined with 204, leaves unlisted calls 404, and records all but the background reads", async () => {
    const calls = mockApi({ "auth.signOut": () => undefined });
    await expect(api("auth.signOut")).resolves.toBeUndefined();
    await expect(api("auth.session")).resolves.toEqual({ user: null });
    await expect(api("genres.list")).rejects.toMatchObject({ code: "not-found" });
    expect(calls).toEqual([
      { method: "POST", path: "/api/auth/sign-out", body: undefined },
      { method: "GET", path: "/api/v1/genres", body: undefined },
    ]);
  });

  it("checks keys and answers against the contracts", () => {
    // Compile-time checks: tsc fails on any line below whose @ts-expect-error finds no error.
    const typed = () => {
      // @ts-expect-error no such operation
      mockApi({ "books.gett": () => ({}) });
      // @ts-expect-error no such path
      mockApi({ "GET /api/v1/bookz": () => Response.json({}) });
      // @ts-expect-error genres.list answers { items }
      mockApi({ "genres.list": () => ({ genres: [] }) });
    };
    expect(typed).toBeTypeOf("function");
  });
});
