import { describe, expect, it, vi } from "vitest";
import { createUser } from "../../../test/factories";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { parseJson } from "../../db/json";
import { grantAdmin, runAdminCommand } from "./admin-grant";

describe.each(dialectsUnderTest())("quire admin grant on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const now = new Date("2031-05-05T05:05:05.000Z");
  const rolesOf = async (id: string) =>
    parseJson<string[]>(
      (await testDb.db.selectFrom("users").select("roles").where("id", "=", id).executeTakeFirstOrThrow()).roles,
      [],
    );

  it("adds the admin role to the account with that email, once", async () => {
    const user = await createUser(testDb.db, { roles: JSON.stringify(["reader", "author"]) });
    expect(await grantAdmin(testDb.db, ` ${user.email.toUpperCase()} `, now)).toEqual({
      userId: user.id,
      roles: ["reader", "author", "admin"],
      changed: true,
    });
    expect(await rolesOf(user.id)).toEqual(["reader", "author", "admin"]);
    const updated = await testDb.db
      .selectFrom("users")
      .select("updatedAt")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(updated.updatedAt).toBe(now.toISOString());
    expect((await grantAdmin(testDb.db, user.email, now)).changed).toBe(false);
    expect(await rolesOf(user.id)).toEqual(["reader", "author", "admin"]);
  });

  it("answers the command's exit code and says what happened", async () => {
    const user = await createUser(testDb.db);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await runAdminCommand(testDb.db, ["grant", user.email], now)).toBe(0);
      expect(log).toHaveBeenCalledWith(`${user.email} is now an administrator.`);
      expect(await runAdminCommand(testDb.db, ["grant", "nobody@example.test"], now)).toBe(1);
      expect(error).toHaveBeenCalledWith("No user found with that email");
      expect(await runAdminCommand(testDb.db, ["revoke", user.email], now)).toBe(1);
      expect(await runAdminCommand(testDb.db, ["grant"], now)).toBe(1);
      expect(error).toHaveBeenCalledWith("Usage: quire admin grant <email>");
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
    expect(await rolesOf(user.id)).toEqual(["reader", "admin"]);
  });
});
