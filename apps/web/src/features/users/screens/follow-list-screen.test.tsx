import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { type ApiMocks, apiError, mockApi } from "../../../test/api-mock";
import { makeMe, makeProfile, makePublicUser } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { FollowersScreen, FollowingScreen } from "./follow-list-screen";

const wren = makeProfile({ nFollowers: 3 });

function renderList(at = "/u/wren/followers", mocks: ApiMocks = {}) {
  const calls = mockApi({ "users.byUsername": () => ({ user: wren }), ...mocks });
  renderRouter(
    createMemoryRouter(
      [
        { path: "/u/:username/followers", element: <FollowersScreen /> },
        { path: "/u/:username/following", element: <FollowingScreen /> },
        { path: "/u/:username", element: <p>Profile page</p> },
      ],
      { initialEntries: [at] },
    ),
  );
  return calls;
}

const names = () =>
  screen.getAllByTestId("follow-list-person").map((row) => within(row).getAllByRole("link")[0]?.textContent);

describe("the followers and following screens", () => {
  it("lists followers newest first with a way back to the profile, and loads more pages", async () => {
    const calls = renderList("/u/wren/followers", {
      "users.followers": ({ params }) => {
        expect(params.id).toBe("user-wren");
        return { items: [makePublicUser("u-ada", "Ada"), makePublicUser("u-bo", "Bo")], nextCursor: "page-2" };
      },
    });
    expect(await screen.findByRole("heading", { name: "Followers" })).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(["Ada Reed", "Bo Reed"]));
    expect(screen.getByRole("link", { name: "Wren Reed" }).getAttribute("href")).toBe("/u/wren");
    expect(within(screen.getAllByTestId("follow-list-person")[0] as HTMLElement).getByText("@ada")).toBeTruthy();
    // A visitor sees people, not Follow buttons.
    expect(screen.queryByTestId("follow-button")).toBeNull();

    mockApi({
      "users.byUsername": () => ({ user: wren }),
      "users.followers": () => ({ items: [makePublicUser("u-cy", "Cy")], nextCursor: null }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(names()).toEqual(["Ada Reed", "Bo Reed", "Cy Reed"]));
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain("GET /api/v1/users/user-wren/followers");
  });

  it("says so when nobody follows yet, in the user's name", async () => {
    renderList("/u/wren/followers", { "users.followers": () => ({ items: [], nextCursor: null }) });
    expect(await screen.findByText("No followers yet")).toBeTruthy();
    expect(screen.getByText("When people follow Wren Reed, they show up here.")).toBeTruthy();
  });

  it("shows whom a user follows, with Follow buttons for a signed-in reader but none on themselves", async () => {
    const me = makeMe();
    renderList("/u/wren/following", {
      "auth.session": () => ({ user: me }),
      "users.following": () => ({
        items: [makePublicUser("u-ada", "Ada"), makePublicUser(me.id, me.firstName, { lastName: me.lastName })],
        nextCursor: null,
      }),
      "users.followState": () => ({ following: false, nFollowers: 0 }),
    });
    expect(await screen.findByRole("heading", { name: "Following" })).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(["Ada Reed", "Ada Lovelace"]));
    const [ada, myself] = screen.getAllByTestId("follow-list-person") as [HTMLElement, HTMLElement];
    expect(await within(ada).findByTestId("follow-button")).toBeTruthy();
    expect(within(myself).queryByTestId("follow-button")).toBeNull();
  });

  it("says when no one by that name exists", async () => {
    renderList("/u/nobody/followers", {
      "users.byUsername": () => apiError(404, "not-found", "User not found"),
    });
    expect(await screen.findByRole("heading", { name: "Reader not found" })).toBeTruthy();
    expect(screen.getByText("User not found. There is no one called @nobody on Quire.")).toBeTruthy();
  });

  it("offers a retry when the list fails, and shows it once the retry answers", async () => {
    let fail = true;
    const busy = "Too many requests. Try again in a minute.";
    renderList("/u/wren/followers", {
      "users.followers": () =>
        fail
          ? apiError(429, "resource-exhausted", busy)
          : { items: [makePublicUser("u-ada", "Ada")], nextCursor: null },
    });
    expect((await screen.findByTestId("error-message")).textContent).toBe(busy);
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(names()).toEqual(["Ada Reed"]));
  });
});
