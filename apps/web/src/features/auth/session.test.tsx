import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../lib/api-client";
import { createQueryClient } from "../../lib/query-client";
import { SESSION_QUERY_KEY } from "../../lib/session-state";
import { apiError, mockApi, signedIn } from "../../test/api-mock";
import { fetchSession, type Session, useSession } from "./session";

afterEach(() => {
  vi.unstubAllGlobals();
});

function SessionProbe() {
  const session: Session = useSession();
  return (
    <p data-testid="session">
      {session.status}
      {session.user ? `:${session.user.email}` : ""}
    </p>
  );
}

/** A signed-in-only query, such as reading lists. */
function ListsProbe() {
  const lists = useQuery({
    queryKey: ["lists"],
    queryFn: () => api("me.lists"),
    enabled: Boolean(useSession().user),
  });
  return <p data-testid="lists">{lists.status}</p>;
}

function renderWith(client: ReturnType<typeof createQueryClient>, element: ReactNode) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the session", () => {
  it("is null, not an error, for a visitor", async () => {
    mockApi({ "auth.session": () => ({ user: null }) });
    await expect(fetchSession()).resolves.toBeNull();

    const client = createQueryClient();
    renderWith(client, <SessionProbe />);
    await waitFor(() => expect(screen.getByTestId("session").textContent).toBe("signed-out"));
    expect(client.getQueryState(SESSION_QUERY_KEY)?.status).toBe("success");
    expect(client.getQueryData(SESSION_QUERY_KEY)).toBeNull();
  });

  it("is the user when the probe answers one", async () => {
    mockApi(signedIn);
    renderWith(createQueryClient(), <SessionProbe />);
    await waitFor(() => expect(screen.getByTestId("session").textContent).toBe("signed-in:ada@example.com"));
  });

  it("is an error for other failures", async () => {
    mockApi({ "auth.session": () => apiError(403, "permission-denied", "Nope") });
    renderWith(createQueryClient(), <SessionProbe />);
    await waitFor(() => expect(screen.getByTestId("session").textContent).toBe("error"));
  });

  it("is reset to null when any authenticated call answers unauthenticated (SPEC §8)", async () => {
    mockApi({
      ...signedIn,
      "me.lists": () => apiError(401, "unauthenticated", "Please login!", "not_logged_in"),
    });
    const client = createQueryClient();
    renderWith(
      client,
      <>
        <SessionProbe />
        <ListsProbe />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId("lists").textContent).toBe("error"));
    await waitFor(() => expect(screen.getByTestId("session").textContent).toBe("signed-out"));
    expect(client.getQueryData(SESSION_QUERY_KEY)).toBeNull();
  });
});
