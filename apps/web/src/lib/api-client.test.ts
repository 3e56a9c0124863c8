import { AppError } from "@quire/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, withQuery } from "./api-client";
import { errorMessage, hasErrorCode, isAppError } from "./errors";

const SIGN_UP = { email: "a@b.co", password: "secret-password", acceptedTerms: true };
const SIGN_IN = { email: "a@b.co", password: "x" };

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("paths", () => {
  it("drops empty query values", () => {
    expect(withQuery("/api/v1/books", { sort: "newest", genre: undefined, cursor: "", pageSize: 20 })).toBe(
      "/api/v1/books?sort=newest&pageSize=20",
    );
  });

  it("sends an operation's method to its path, params encoded and the query appended", async () => {
    const fetchMock = stubFetch(() => Response.json({ list: "reading", member: true }));
    await api("me.listPut", { params: { list: "reading", bookId: "a b/c" } });
    await api("books.list", { query: { sort: "newest", cursor: "", genre: undefined } });
    await api("books.unstar", { params: { id: "b1" } });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      "PUT /api/v1/me/lists/reading/a%20b%2Fc",
      "GET /api/v1/books?sort=newest",
      "DELETE /api/v1/books/b1/star",
    ]);
  });

  it("types each call by its contract", () => {
    // Compile-time checks: tsc fails on any line below whose @ts-expect-error finds no error.
    const typed = async () => {
      const detail = await api("books.get", { params: { id: "b1" } });
      detail.book.title satisfies string;
      // @ts-expect-error books.get needs its id
      await api("books.get");
      // @ts-expect-error list is one of the reading lists
      await api("me.listPut", { params: { list: "someday", bookId: "b1" } });
      // @ts-expect-error not an operation
      await api("books.gett");
      (await api("auth.signOut")) satisfies undefined;
    };
    expect(typed).toBeTypeOf("function");
  });
});

describe("api: reads", () => {
  it("returns the JSON body of a success", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ items: [] })),
    );
    await expect(api("genres.list")).resolves.toEqual({ items: [] });
  });

  it("turns an error body into the AppError it describes", async () => {
    const body = { error: { code: "not-found", message: "Book not found" } };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(body, { status: 404 })),
    );
    const error = await api("books.get", { params: { id: "nope" } }).catch((caught: unknown) => caught);
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
    const error = await api("books.list").catch((caught: unknown) => caught);
    expect(hasErrorCode(error, "unavailable")).toBe(true);
    expect(errorMessage(error)).toBe("Connection failed.");
  });

  it("shows the generic message for anything that is not an AppError", () => {
    expect(errorMessage(new Error("boom"))).toBe("Something went wrong. Please try again.");
  });
});

describe("api: writes", () => {
  it("sends the body as same-origin JSON and returns the JSON answer", async () => {
    const fetchMock = stubFetch(() => Response.json({ status: "verification-sent", email: "a@b.co" }, { status: 201 }));
    await expect(api("auth.signUp", { body: SIGN_UP })).resolves.toEqual({
      status: "verification-sent",
      email: "a@b.co",
    });
    const [url, init = {}] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/sign-up/email");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("same-origin");
    expect(init.body).toBe(JSON.stringify(SIGN_UP));
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("sends no body and no Content-Type when there is nothing to send", async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await expect(api("auth.signOut")).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });

  it("resolves with undefined for 202 and 201 answers without a body", async () => {
    stubFetch(() => new Response(null, { status: 202 }));
    await expect(api("auth.requestPasswordReset", { body: { email: "a@b.co" } })).resolves.toBeUndefined();
    stubFetch(() => new Response("", { status: 201 }));
    await expect(api("auth.resendVerification", { body: { email: "a@b.co" } })).resolves.toBeUndefined();
  });

  it("turns an error body into its AppError, keeping code and reason", async () => {
    const body = {
      error: {
        code: "failed-precondition",
        message: "Your email is not verified. Please check your email for the verification link!",
        reason: "auth/user-verification-pending",
      },
    };
    stubFetch(() => Response.json(body, { status: 412 }));
    const error = await api("auth.signIn", { body: SIGN_IN }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(hasErrorCode(error, "failed-precondition")).toBe(true);
    expect((error as AppError).reason).toBe("auth/user-verification-pending");
    expect(errorMessage(error)).toBe(body.error.message);
  });

  it("parses unauthenticated and rate-limit answers", async () => {
    stubFetch(() =>
      Response.json({ error: { code: "unauthenticated", message: "Wrong email or password." } }, { status: 401 }),
    );
    const unauthenticated = await api("auth.signIn", { body: SIGN_IN }).catch((caught: unknown) => caught);
    expect(hasErrorCode(unauthenticated, "unauthenticated")).toBe(true);
    stubFetch(() =>
      Response.json(
        { error: { code: "resource-exhausted", message: "Too many requests. Please try again later." } },
        { status: 429 },
      ),
    );
    const limited = await api("auth.signIn", { body: SIGN_IN }).catch((caught: unknown) => caught);
    expect(hasErrorCode(limited, "resource-exhausted")).toBe(true);
    expect(errorMessage(limited)).toBe("Too many requests. Please try again later.");
  });

  it("reports a failure without a JSON body with the catalogue's own text", async () => {
    stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await api("auth.signIn", { body: SIGN_IN }).catch((caught: unknown) => caught);
    expect(isAppError(error)).toBe(true);
    expect(errorMessage(error)).toBe("Response is not valid JSON object.");
    stubFetch(() => new Response(null, { status: 500 }));
    const empty = await api("auth.signOut").catch((caught: unknown) => caught);
    expect(isAppError(empty)).toBe(true);
  });

  it("reports a network failure as Connection failed.", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await api("auth.signOut").catch((caught: unknown) => caught);
    expect(errorMessage(error)).toBe("Connection failed.");
  });
});

describe("call timeout (SPEC §9)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A server that never answers: the request only ends when its signal aborts. */
  const hangingFetch = () =>
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );

  it("ends a request that gets no answer in 70 s with 'Request time out'", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", hangingFetch());
    const pending = api("notifications.read", { body: { all: true } }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(69_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(isAppError(error) && error.code).toBe("deadline-exceeded");
    expect(errorMessage(error)).toBe("Request time out");
  });

  it("keeps the caller's own abort an AbortError, not a timeout", async () => {
    vi.stubGlobal("fetch", hangingFetch());
    const controller = new AbortController();
    const pending = api("books.list", { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
