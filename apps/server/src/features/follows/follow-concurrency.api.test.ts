import { USER_SCORE_FOLLOWED } from "@quire/core";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { seededRandom } from "../../../test/reading-fixtures";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

const USERS = 100;
const OPERATIONS = 2000;
/** Requests in flight together; each wave is awaited before the next starts. */
const WAVE = 250;

describe.each(dialectsUnderTest())("concurrent follows on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  // Far more changes per user than a person makes: this test is about races, not limits.
  const t = useTestApp(testDb, { env: () => ({ QUIRE_FOLLOWS_PER_MINUTE: "100000" }) });

  it(`${OPERATIONS} follows and unfollows among ${USERS} users leave every counter equal to a recount`, async () => {
    const users: Awaited<ReturnType<typeof createSignedInUser>>[] = [];
    for (let index = 0; index < USERS; index += 1) users.push(await createSignedInUser(testDb.db));
    const random = seededRandom(dialect === "sqlite" ? 5 : 13);
    const among = (group: typeof users) => group[Math.floor(random() * group.length)] as (typeof users)[number];
    // Half the requests stay inside a circle of ten, so the same edges race each other; a request is often
    // sent next to its mirror (B → A beside A → B, which locks the same two rows the other way round) or
    // its twin (a double click).
    const circle = users.slice(0, 10);
    type Operation = { from: (typeof users)[number]; to: (typeof users)[number]; method: "PUT" | "DELETE" };
    const operations: Operation[] = [];
    while (operations.length < OPERATIONS) {
      const roll = random();
      const from = among(roll < 0.5 ? circle : users);
      const to = roll < 0.03 ? from : among(roll < 0.5 ? circle : users);
      const operation: Operation = { from, to, method: random() < 0.6 ? "PUT" : "DELETE" };
      operations.push(operation);
      const next = random();
      if (next < 0.4) operations.push({ ...operation, from: to, to: from });
      else if (next < 0.6) operations.push(operation);
    }

    for (let start = 0; start < OPERATIONS; start += WAVE) {
      const wave = operations.slice(start, start + WAVE);
      const responses = await Promise.all(
        wave.map(({ from, to, method }) =>
          t.app.inject({ method, url: `/api/v1/users/${to.user.id}/follow`, headers: from.headers }),
        ),
      );
      responses.forEach((response, index) => {
        const { from, to } = wave[index] as (typeof wave)[number];
        if (from === to) {
          expect(response.statusCode).toBe(400);
          expect(response.json().error.message).toBe("You can't follow yourself.");
        } else {
          // Not `following` itself: the answer is read after commit, and the same pair may have moved again since.
          expect(response.statusCode, response.body).toBe(200);
        }
      });
    }

    const ids = users.map((user) => user.user.id);
    const edges = await testDb.db
      .selectFrom("follows")
      .select(["followerId", "followeeId"])
      .where("followerId", "in", ids)
      .execute();
    expect(edges.length).toBeGreaterThan(100);
    expect(edges.some((edge) => edge.followerId === edge.followeeId)).toBe(false);
    expect(new Set(edges.map((edge) => `${edge.followerId} ${edge.followeeId}`)).size).toBe(edges.length);
    const counters = await testDb.db
      .selectFrom("users")
      .select(["id", "nFollowing", "nFollowers", "interactionScore"])
      .where("id", "in", ids)
      .execute();
    const recount = (id: string) => {
      const nFollowers = edges.filter((edge) => edge.followeeId === id).length;
      // Each user started at 0 and did nothing but follow: their score is their followers' worth.
      return {
        id,
        nFollowing: edges.filter((edge) => edge.followerId === id).length,
        nFollowers,
        interactionScore: nFollowers * USER_SCORE_FOLLOWED,
      };
    };
    expect(counters.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      ids.map(recount).sort((a, b) => a.id.localeCompare(b.id)),
    );
    // Every edge still standing was announced to its followee when it was made.
    const events = await testDb.db
      .selectFrom("userEvents")
      .select("id")
      .where("eventType", "=", "new follower")
      .where("targetUserId", "in", ids)
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(edges.length);
    // 13–28 s here alone; a machine busy with other suites can take past the default 30 s.
  }, 90_000);
});
