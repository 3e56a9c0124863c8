import type { NotificationPreference, NotificationPreferences } from "@quire/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { apiError, mockApi, signedIn } from "../../../test/api-mock";
import { makeBookSummary, makeMe, makeViewerState } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { SettingsScreen } from "../../account/screens/settings-screen";
import { BookActions } from "../../library/components/book-actions";
import { PUSH_ERROR_MESSAGES } from "../push-errors";
import { usePushStatus } from "../queries";
import { readRegistration } from "../registration-store";
import { installFakeBrowser, uninstallFakeBrowser, VAPID_PUBLIC_KEY } from "../test-push-browser";

afterEach(() => {
  uninstallFakeBrowser();
});

function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  const router = createMemoryRouter([...routes, { path: "*", element: <p data-testid="elsewhere" /> }], {
    initialEntries: [path],
  });
  renderRouter(router);
}

const renderSettings = () => renderAt("/settings", [{ path: "/settings", element: <SettingsScreen /> }]);

const ALL_ON: NotificationPreference[] = [
  { type: "read book", inApp: true, push: true },
  { type: "book launched", inApp: true, push: true },
  { type: "new follower", inApp: true, push: true },
  { type: "started reading", inApp: true, push: true },
  { type: "starred book", inApp: true, push: true },
];

/** A signed-in user and the push API as the contract describes it. */
function signedInApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...signedIn,
    "me.notificationPreferences": () => ({ preferences: ALL_ON }),
    "push.vapidPublicKey": () => ({ publicKey: VAPID_PUBLIC_KEY }),
    "push.register": () =>
      Response.json(
        {
          id: "reg-1",
          endpoint: "https://push.example.test/send/1",
          createdAt: "2026-11-21T10:00:00.000Z",
          updatedAt: "2026-11-21T10:00:00.000Z",
        },
        { status: 201 },
      ),
    "push.unregister": () => new Response(null, { status: 204 }),
    ...overrides,
  });
}

const pushSection = async () => within(await screen.findByTestId("account-push"));

describe("the push notifications section", () => {
  it("turns push on and off", async () => {
    installFakeBrowser({ promptAnswer: "granted" });
    const calls = signedInApi();
    renderSettings();
    const section = await pushSection();
    const toggle = await section.findByRole("switch", { name: "Push notifications on this device" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(section.getByTestId("push-state").textContent).toBe("Off for this browser.");

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("true"));
    expect(section.getByTestId("push-state").textContent).toBe("On for this browser.");
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain("POST /api/v1/push/registrations");

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain("DELETE /api/v1/push/registrations/reg-1");
    expect(await readRegistration()).toBeUndefined();
  });

  it("says why when the prompt is answered with Block, and then shows push as blocked", async () => {
    installFakeBrowser({ promptAnswer: "denied" });
    signedInApi();
    renderSettings();
    const section = await pushSection();
    fireEvent.click(await section.findByRole("switch", { name: "Push notifications on this device" }));
    expect((await section.findByRole("alert")).textContent).toBe(PUSH_ERROR_MESSAGES.permissionBlocked);
    await waitFor(() =>
      expect(section.getByTestId("push-state").textContent).toBe("Blocked in this browser's settings."),
    );
    expect((section.getByRole("switch") as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows a browser that blocked notifications earlier as blocked, with the way out", async () => {
    installFakeBrowser({ permission: "denied" });
    signedInApi();
    renderSettings();
    const section = await pushSection();
    expect((await section.findByTestId("push-note")).textContent).toBe(PUSH_ERROR_MESSAGES.permissionBlocked);
    expect((section.getByRole("switch") as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows a browser without push as unsupported", async () => {
    installFakeBrowser({ without: ["PushManager"] });
    signedInApi();
    renderSettings();
    const section = await pushSection();
    expect((await section.findByTestId("push-note")).textContent).toBe(PUSH_ERROR_MESSAGES.unsupportedBrowser);
    expect(section.getByTestId("push-state").textContent).toBe("Not available in this browser.");
  });

  it("puts a subscribe failure in an alert and stays off", async () => {
    const browser = installFakeBrowser({ permission: "granted" });
    browser.pushManager.nextSubscription = new DOMException("push service error", "AbortError");
    signedInApi();
    renderSettings();
    const section = await pushSection();
    const toggle = await section.findByRole("switch", { name: "Push notifications on this device" });
    fireEvent.click(toggle);
    expect((await section.findByRole("alert")).textContent).toBe(PUSH_ERROR_MESSAGES.subscribeFailed);
    expect(toggle.getAttribute("aria-checked")).toBe("false");
  });
});

describe("notification preferences", () => {
  it("saves a toggle with PUT at once, keeping the other types", async () => {
    installFakeBrowser();
    const calls = signedInApi({
      "me.updateNotificationPreferences": (call) => call.body as NotificationPreferences,
    });
    renderSettings();
    const push = (await screen.findByRole("checkbox", { name: "New followers Push" })) as HTMLInputElement;
    expect(push.checked).toBe(true);
    fireEvent.click(push);
    await waitFor(() => expect(push.checked).toBe(false));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: "PUT",
        path: "/api/v1/me/notification-preferences",
        body: {
          preferences: [
            { type: "new follower", inApp: true, push: false },
            { type: "book launched", inApp: true, push: true },
            { type: "read book", inApp: true, push: true },
            { type: "started reading", inApp: true, push: true },
            { type: "starred book", inApp: true, push: true },
          ],
        },
      }),
    );
    expect((screen.getByRole("checkbox", { name: "New followers In-app" }) as HTMLInputElement).checked).toBe(true);
  });

  it("puts the toggle back and says so when saving fails", async () => {
    installFakeBrowser();
    const release: (() => void)[] = [];
    const answered = new Promise<void>((resolve) => release.push(resolve));
    signedInApi({
      "me.updateNotificationPreferences": async () => {
        await answered;
        return apiError(503, "unavailable", "Connection failed.");
      },
    });
    renderSettings();
    const inApp = (await screen.findByRole("checkbox", { name: "Book launches In-app" })) as HTMLInputElement;
    fireEvent.click(inApp);
    // Shown at once, before the server answers.
    await waitFor(() => expect(inApp.checked).toBe(false));
    release[0]?.();
    const section = within(screen.getByTestId("account-notification-preferences"));
    expect((await section.findByRole("alert")).textContent).toBe("Connection failed.");
    expect(inApp.checked).toBe(true);
  });
});

/** Shows the push status the offer decides by, so a test sees when it is known. */
function PushStatusShown() {
  return <p data-testid="push-status">{usePushStatus(makeMe().id).data}</p>;
}

describe("the push offer after asking to hear about a launch", () => {
  const book = makeBookSummary("The Lantern Keeper", { id: "book-1", status: "scheduled" });
  const renderBook = () => renderAt("/books/book-1", [{ path: "/books/:id", element: <BookActions book={book} /> }]);
  const launchApi = () =>
    signedInApi({
      "books.viewerState": () => makeViewerState(),
      "books.subscribeLaunch": () => ({ subscribed: true }),
    });

  it("offers push where it is off, and turns it on", async () => {
    installFakeBrowser({ promptAnswer: "granted" });
    const calls = launchApi();
    renderBook();
    const notify = await screen.findByRole("button", { name: "Notify me at launch" });
    await waitFor(() => expect((notify as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId("push-opt-in")).toBeNull();
    fireEvent.click(notify);
    expect(await screen.findByText("Get a push notification when it launches.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Turn on push notifications" }));
    expect((await screen.findByTestId("push-opt-in-done")).textContent).toBe(
      "Push notifications are on. You'll get one when it launches.",
    );
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain("POST /api/v1/push/registrations");
  });

  it("does not offer what the browser cannot do", async () => {
    installFakeBrowser({ without: ["serviceWorker"] });
    launchApi();
    renderAt("/books/book-1", [
      {
        path: "/books/:id",
        element: (
          <>
            <BookActions book={book} />
            <PushStatusShown />
          </>
        ),
      },
    ]);
    const notify = await screen.findByRole("button", { name: "Notify me at launch" });
    await waitFor(() => expect((notify as HTMLButtonElement).disabled).toBe(false));
    await waitFor(() => expect(screen.getByTestId("push-status").textContent).toBe("unsupported"));
    fireEvent.click(notify);
    await screen.findByRole("button", { name: "Don't notify me" });
    expect(screen.queryByTestId("push-opt-in")).toBeNull();
  });
});

describe("signing out", () => {
  it("turns push off on the way, and still signs out when that fails", async () => {
    const browser = installFakeBrowser({ promptAnswer: "granted" });
    const calls = signedInApi({
      "push.unregister": () => apiError(503, "unavailable", "Connection failed."),
      "auth.signOut": () => new Response(null, { status: 204 }),
    });
    renderSettings();
    const toggle = await (await pushSection()).findByRole("switch", { name: "Push notifications on this device" });
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("true"));
    const subscription = browser.pushManager.current;

    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await screen.findByTestId("elsewhere");
    const routes = calls.map((call) => `${call.method} ${call.path}`);
    expect(routes.indexOf("DELETE /api/v1/push/registrations/reg-1")).toBeLessThan(
      routes.indexOf("POST /api/auth/sign-out"),
    );
    expect(subscription?.unsubscribed).toBe(true);
    expect(await readRegistration()).toBeUndefined();
  });
});
