import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

/** Reading, list, annotation and reader-settings writes: a visitor's malformed request still hears "Please login!". */
const VISITOR_WRITES: { method: "PUT" | "POST" | "PATCH" | "DELETE" | "GET"; url: string }[] = [
  { method: "PUT", url: "/api/v1/books/not%20an%20id!/progress" },
  { method: "PUT", url: "/api/v1/books/x/chapters/y/progress" },
  { method: "POST", url: "/api/v1/books/x/progress/finish" },
  { method: "POST", url: "/api/v1/books/x/progress/start-over" },
  { method: "GET", url: "/api/v1/me/progress?cursor=%00" },
  { method: "PUT", url: "/api/v1/books/x/star" },
  { method: "PUT", url: "/api/v1/me/lists/no-such-list/x" },
  { method: "PUT", url: "/api/v1/books/x/launch-subscription" },
  { method: "POST", url: "/api/v1/books/x/annotations" },
  { method: "PATCH", url: "/api/v1/annotations/x" },
  { method: "PUT", url: "/api/v1/me/reader-settings" },
];

describe.each(dialectsUnderTest())("visitors on session routes on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  it("get the login message before any validation of what they sent", async () => {
    for (const { method, url } of VISITOR_WRITES) {
      const response = await t.app.inject({
        method,
        url,
        headers: { "content-type": "application/json" },
        payload: method === "GET" ? undefined : JSON.stringify({ percent: "lots", kind: 7, fontSize: -1 }),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(401);
      expect(response.json().error, `${method} ${url}`).toMatchObject({
        code: "unauthenticated",
        message: "Please login!",
      });
    }
  });

  it("still let visitors see a book's viewer state", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/books/no-such-book/viewer-state" });
    expect(response.statusCode).not.toBe(401);
  });
});
