import { describe, expect, it } from "vitest";
import { createGenre, createSignedInUser, createUser, uniqueId } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

describe.each(dialectsUnderTest())("profile editing and onboarding on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  const send = (method: "PATCH" | "POST", url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method, url, headers, payload });
  const me = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: "GET", url: "/api/v1/me", headers })).json().user;
  const newcomer = () =>
    createSignedInUser(testDb.db, { firstName: "", onboardedAt: null, acceptedTracking: 0, favouriteGenres: "[]" });

  it("edits the own profile and shows it publicly", async () => {
    const { user, headers } = await createSignedInUser(testDb.db);
    const username = uniqueId("ada").replace("-", "_");
    const response = await send("PATCH", "/api/v1/me", headers, {
      firstName: " Ada ",
      lastName: "Byron",
      username: username.toUpperCase(),
      description: "Reads everything twice.",
      location: "London",
      social: { instagram: "@ada.reads", x: "ada_b" },
      acceptedTracking: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: user.id,
      firstName: "Ada",
      lastName: "Byron",
      username,
      description: "Reads everything twice.",
      location: "London",
      social: { instagram: "ada.reads", x: "ada_b" },
      acceptedTracking: true,
    });
    const page = await t.app.inject({ method: "GET", url: `/api/v1/users/by-username/${username}` });
    expect(page.json().user).toMatchObject({ id: user.id, description: "Reads everything twice.", location: "London" });
  });

  it("has no location until the user gives one, and clears it when they empty the field", async () => {
    const { user, headers } = await createSignedInUser(testDb.db);
    const profile = async () =>
      (await t.app.inject({ method: "GET", url: `/api/v1/users/by-username/${user.username}`, headers })).json().user;
    expect((await me(headers)).location).toBeNull();
    expect((await profile()).location).toBeNull();
    expect((await send("PATCH", "/api/v1/me", headers, { location: " Porto " })).json().user.location).toBe("Porto");
    expect((await profile()).location).toBe("Porto");
    expect((await send("PATCH", "/api/v1/me", headers, { location: "  " })).json().user.location).toBeNull();
    expect((await profile()).location).toBeNull();
  });

  it("refuses a username someone else holds, and malformed ones, changing nothing", async () => {
    const other = await createUser(testDb.db, { username: uniqueId("taken").replace("-", "_") });
    const { user, headers } = await createSignedInUser(testDb.db);
    const taken = await send("PATCH", "/api/v1/me", headers, { username: other.username, firstName: "Changed" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: "already-exists",
      message: "That username is taken. Try another one.",
    });
    expect((await me(headers)).firstName).toBe(user.firstName);
    for (const username of ["a", "../admin", "has space", "_lead", "x".repeat(41)]) {
      const response = await send("PATCH", "/api/v1/me", headers, { username });
      expect(response.statusCode, username).toBe(400);
    }
    const unknownField = await send("PATCH", "/api/v1/me", headers, { email: "mine@example.com" });
    expect(unknownField.statusCode).toBe(400);
  });

  it("needs a session", async () => {
    const response = await send("PATCH", "/api/v1/me", {}, { firstName: "Nobody" });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe("No user logged in.");
    const step = await send("POST", "/api/v1/me/onboarding/username", {}, { username: "nobody" });
    expect(step.statusCode).toBe(401);
  });

  it("walks the onboarding steps in order and finishes for good", async () => {
    const genre = await createGenre(testDb.db);
    const author = await createUser(testDb.db, { interactionScore: 10_000 });
    const { headers } = await newcomer();
    expect((await me(headers)).onboarding).toEqual({ completedSteps: [], finished: false });

    const missingName = await send("POST", "/api/v1/me/onboarding/first-name", headers, { firstName: " " });
    expect(missingName.statusCode).toBe(400);
    let user = (await send("POST", "/api/v1/me/onboarding/first-name", headers, { firstName: "Grace" })).json().user;
    expect(user).toMatchObject({ firstName: "Grace", lastName: "", onboarding: { completedSteps: ["first-name"] } });

    const username = uniqueId("grace").replace("-", "_");
    user = (await send("POST", "/api/v1/me/onboarding/username", headers, { username })).json().user;
    expect(user.username).toBe(username);

    const refused = await send("POST", "/api/v1/me/onboarding/terms", headers, {
      acceptedTerms: false,
      acceptedTracking: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain("acceptedTerms must be true");
    user = (
      await send("POST", "/api/v1/me/onboarding/terms", headers, { acceptedTerms: true, acceptedTracking: true })
    ).json().user;
    expect(user.acceptedTracking).toBe(true);

    const unknownGenre = await send("POST", "/api/v1/me/onboarding/genres", headers, { genreIds: ["no-such-genre"] });
    expect(unknownGenre.statusCode).toBe(400);
    expect(unknownGenre.json().error.message).toBe("Pick genres from the list.");
    user = (await send("POST", "/api/v1/me/onboarding/genres", headers, { genreIds: [genre.id, genre.id] })).json()
      .user;
    expect(user.favouriteGenres).toEqual([genre.id]);
    expect(user.onboarding.finished).toBe(false);

    const suggested = await t.app.inject({ method: "GET", url: "/api/v1/users/suggested", headers });
    const suggestedIds = suggested.json().items.map((u: { id: string }) => u.id);
    expect(suggestedIds).toHaveLength(4);
    expect(suggestedIds).toContain(author.id);
    expect(suggestedIds).not.toContain(user.id);

    user = (await send("POST", "/api/v1/me/onboarding/follow", headers, { userIds: [author.id, user.id] })).json().user;
    expect(user).toMatchObject({
      nFollowing: 1,
      onboarding: { completedSteps: ["first-name", "username", "terms", "genres", "follow"], finished: true },
    });
    const followed = await testDb.db
      .selectFrom("users")
      .select("nFollowers")
      .where("id", "=", author.id)
      .executeTakeFirst();
    expect(followed?.nFollowers).toBe(1);
    const after = await t.app.inject({ method: "GET", url: "/api/v1/users/suggested", headers });
    expect(after.json().items.map((u: { id: string }) => u.id)).not.toContain(author.id);

    // Answering a step again (following the same person) changes no counter and keeps onboarding finished.
    user = (await send("POST", "/api/v1/me/onboarding/follow", headers, { userIds: [author.id] })).json().user;
    expect(user).toMatchObject({ nFollowing: 1, onboarding: { finished: true } });
    // Following in onboarding notifies the followee once, as the profile button does.
    const events = await testDb.db.selectFrom("userEvents").selectAll().where("targetUserId", "=", author.id).execute();
    expect(events).toMatchObject([{ eventType: "new follower", triggeredByUserId: user.id }]);
  });

  it("finishes on the web without the first-name step when the name is known", async () => {
    const { headers } = await createSignedInUser(testDb.db, { firstName: "Linus", onboardedAt: null });
    await send("POST", "/api/v1/me/onboarding/username", headers, { username: uniqueId("linus").replace("-", "_") });
    await send("POST", "/api/v1/me/onboarding/terms", headers, { acceptedTerms: true, acceptedTracking: false });
    await send("POST", "/api/v1/me/onboarding/genres", headers, { genreIds: [] });
    const user = (await send("POST", "/api/v1/me/onboarding/follow", headers, { userIds: [] })).json().user;
    expect(user.onboarding).toEqual({ completedSteps: ["username", "terms", "genres", "follow"], finished: true });
  });

  it("refuses following unknown people without following anyone", async () => {
    const author = await createUser(testDb.db);
    const { headers } = await newcomer();
    const response = await send("POST", "/api/v1/me/onboarding/follow", headers, { userIds: [author.id, "ghost"] });
    expect(response.statusCode).toBe(404);
    expect((await me(headers)).nFollowing).toBe(0);
  });

  it("finds users by email on the server only", async () => {
    const { UsersRepository } = await import("./users.repository");
    const user = await createUser(testDb.db);
    const repository = new UsersRepository(testDb.db);
    expect((await repository.findByEmail(` ${user.email.toUpperCase()} `))?.id).toBe(user.id);
    expect(await repository.findByEmail("nobody@example.invalid")).toBeUndefined();
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/by-email/);
  });
});
