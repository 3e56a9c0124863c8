import { API_PATHS, MAX_DEVICE_PASSWORDS } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

const URL = API_PATHS["me.devicePasswords"];
const itemUrl = (id: string) => API_PATHS["me.deleteDevicePassword"].replace(":id", id);

describe.each(dialectsUnderTest())("device passwords API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  const create = (headers: Record<string, string>, name: unknown) =>
    t.app.inject({ method: "POST", url: URL, headers, payload: { name } });

  it("shows a new password once, then lists it by name without it", async () => {
    const reader = await createSignedInUser(testDb.db);
    const created = await create(reader.headers, "  Kobo Libra  ");
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name: "Kobo Libra", lastUsedAt: null });
    expect(body.password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect(created.headers["cache-control"]).toBe("no-store");

    const list = await t.app.inject({ method: "GET", url: URL, headers: reader.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      items: [{ id: body.id, name: "Kobo Libra", createdAt: body.createdAt, lastUsedAt: null }],
    });
    expect(list.body).not.toContain(body.password);
  });

  it("keeps each reader's passwords their own: another's id is not found and stays", async () => {
    const owner = await createSignedInUser(testDb.db);
    const other = await createSignedInUser(testDb.db);
    const { id } = (await create(owner.headers, "Phone")).json();

    expect((await t.app.inject({ method: "GET", url: URL, headers: other.headers })).json()).toEqual({ items: [] });
    const foreign = await t.app.inject({ method: "DELETE", url: itemUrl(id), headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toMatchObject({ code: "not-found", message: "Device password not found." });
    expect((await t.app.inject({ method: "GET", url: URL, headers: owner.headers })).json().items).toHaveLength(1);

    const revoked = await t.app.inject({ method: "DELETE", url: itemUrl(id), headers: owner.headers });
    expect(revoked.statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: URL, headers: owner.headers })).json()).toEqual({ items: [] });
    expect((await t.app.inject({ method: "DELETE", url: itemUrl(id), headers: owner.headers })).statusCode).toBe(404);
  });

  it("refuses a missing or long name, and more than the maximum", async () => {
    const reader = await createSignedInUser(testDb.db);
    const blank = await create(reader.headers, "   ");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain("Give the device a name.");
    const long = await create(reader.headers, "x".repeat(61));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain("A device name can hold up to 60 characters.");

    for (let n = 0; n < MAX_DEVICE_PASSWORDS; n += 1) {
      expect((await create(reader.headers, `Device ${n}`)).statusCode).toBe(201);
    }
    const over = await create(reader.headers, "One more");
    expect(over.statusCode).toBe(412);
    expect(over.json().error.message).toBe(
      "You can have up to 10 device passwords. Revoke one you no longer use first.",
    );
  });

  it("asks visitors to log in", async () => {
    for (const request of [
      { method: "GET" as const, url: URL },
      { method: "POST" as const, url: URL, payload: { name: "Kobo" } },
      { method: "DELETE" as const, url: itemUrl("any") },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe("Please login!");
    }
  });
});
