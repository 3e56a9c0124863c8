import { AppError } from "@quire/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiPost, withQuery } from "./api-client";
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

describe("apiPost", () => {
  function stubFetch(response: () => Response) {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response());
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }

  it("sends the body as same-origin JSON and returns the JSON answer", async () => {
    const fetchMock = stubFetch(() => Response.json({ status: "verification-sent", email: "a@b.co" }, { status: 201 }));
    await expect(apiPost("/api/auth/sign-up/email", { email: "a@b.co" })).resolves.toEqual({
      status: "verification-sent",
      email: "a@b.co",
    });
    const [url, init = {}] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/sign-up/email");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("same-origin");
    expect(init.body).toBe(JSON.stringify({ email: "a@b.co" }));
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("sends no body and no Content-Type when there is nothing to send", async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiPost("/api/auth/sign-out")).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });

  it("resolves with undefined for 202 and 201 answers without a body", async () => {
    stubFetch(() => new Response(null, { status: 202 }));
    await expect(apiPost("/api/auth/request-password-reset", { email: "a@b.co" })).resolves.toBeUndefined();
    stubFetch(() => new Response("", { status: 201 }));
    await expect(apiPost("/api/auth/send-verification-email", { email: "a@b.co" })).resolves.toBeUndefined();
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
    const error = await apiPost("/api/auth/sign-in/email", { email: "a@b.co", password: "x" }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(hasErrorCode(error, "failed-precondition")).toBe(true);
    expect((error as AppError).reason).toBe("auth/user-verification-pending");
    expect(errorMessage(error)).toBe(body.error.message);
  });

  it("parses unauthenticated and rate-limit answers", async () => {
    stubFetch(() =>
      Response.json({ error: { code: "unauthenticated", message: "Wrong email or password." } }, { status: 401 }),
    );
    const unauthenticated = await apiPost("/api/auth/sign-in/email", {}).catch((caught: unknown) => caught);
    expect(hasErrorCode(unauthenticated, "unauthenticated")).toBe(true);
    stubFetch(() =>
      Response.json(
        { error: { code: "resource-exhausted", message: "Too many requests. Please try again later." } },
        { status: 429 },
      ),
    );
    const limited = await apiPost("/api/auth/sign-in/email", {}).catch((caught: unknown) => caught);
    expect(hasErrorCode(limited, "resource-exhausted")).toBe(true);
    expect(errorMessage(limited)).toBe("Too many requests. Please try again later.");
  });

  it("reports a failure without a JSON body with the catalogue's own text", async () => {
    stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await apiPost("/api/auth/sign-in/email", {}).catch((caught: unknown) => caught);
    expect(isAppError(error)).toBe(true);
    expect(errorMessage(error)).toBe("Response is not valid JSON object.");
    stubFetch(() => new Response(null, { status: 500 }));
    const empty = await apiPost("/api/auth/sign-out").catch((caught: unknown) => caught);
    expect(isAppError(empty)).toBe(true);
  });

  it("reports a network failure as Connection failed.", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await apiPost("/api/auth/sign-out").catch((caught: unknown) => caught);
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
    const pending = apiPost("/api/v1/progress", { percent: 10 }).catch((error: unknown) => error);
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
    const pending = apiGet("/api/v1/books", { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
