import { fireEvent, screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { AdminBetaScreen } from "./admin-beta-screen";

afterEach(() => vi.unstubAllGlobals());

const renderBeta = () =>
  renderRouter(
    createMemoryRouter([{ path: "/admin/beta", element: <AdminBetaScreen /> }], { initialEntries: ["/admin/beta"] }),
  );

const signup = (n: number) => ({
  id: `u${n}`,
  username: `reader${n}`,
  email: `reader${n}@example.test`,
  joinedAt: "2026-11-20T10:00:00.000Z",
});

describe("AdminBetaScreen", () => {
  it("lists the sign-ups page by page for an administrator", async () => {
    let pages = 0;
    mockApi({
      "auth.session": () => ({ user: makeMe({ roles: ["reader", "admin"] }) }),
      "admin.betaSignups": () =>
        pages++ === 0 ? { items: [signup(1)], nextCursor: "next" } : { items: [signup(2)], nextCursor: null },
    });
    renderBeta();
    expect(await screen.findByText("reader1@example.test")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByText("@reader2")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(asked).toContain("/api/v1/admin/beta-signups?cursor=next");
  });

  it("tells a reader who is not an administrator, without asking for the list", async () => {
    const calls = mockApi({ "auth.session": () => ({ user: makeMe() }) });
    renderBeta();
    expect(await screen.findByText("Only administrators can do this.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("says when nobody has signed up", async () => {
    mockApi({
      "auth.session": () => ({ user: makeMe({ roles: ["reader", "admin"] }) }),
      "admin.betaSignups": () => ({ items: [], nextCursor: null }),
    });
    renderBeta();
    expect(await screen.findByText("No beta sign-ups yet")).toBeTruthy();
  });
});
