import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../test/test-db";

const SESSION_URL = "/api/auth/get-session";

describe.each(dialectsUnderTest())("CORS for the native app on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  const preflight = (origin: string, method = "POST") =>
    t.app.inject({
      method: "OPTIONS",
      url: "/api/v1/push/registrations",
      headers: {
        origin,
        "access-control-request-method": method,
        "access-control-request-headers": "authorization,content-type",
      },
    });

  it.each(["capacitor://localhost", "https://localhost"])(
    "answers a preflight from %s with Authorization allowed",
    async (origin) => {
      const response = await preflight(origin, "PATCH");
      expect(response.statusCode, response.body).toBe(204);
      expect(response.headers["access-control-allow-origin"]).toBe(origin);
      expect(response.headers["access-control-allow-methods"]).toContain("PATCH");
      expect(String(response.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
      expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
    },
  );

  it("lets the app read an answer to its bearer token", async () => {
    const reader = await createSignedInUser(testDb.db);
    const response = await t.app.inject({
      method: "GET",
      url: SESSION_URL,
      headers: { ...reader.headers, origin: "capacitor://localhost" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe("capacitor://localhost");
    expect(response.json().user.id).toBe(reader.user.id);
  });

  it("allows no other site", async () => {
    const response = await preflight("https://evil.example");
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    expect(response.statusCode).not.toBe(204);
    const read = await t.app.inject({ method: "GET", url: SESSION_URL, headers: { origin: "https://evil.example" } });
    expect(read.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
