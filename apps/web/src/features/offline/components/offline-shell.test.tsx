import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeWorker, offlineBrowser } from "../test-offline-browser";
import { OfflineShell } from "./offline-shell";

afterEach(() => {
  vi.unstubAllGlobals();
});

const BANNER = "You're offline — downloaded books still open";
const UPDATE = "A new version of Quire is ready";

describe("the offline banner", () => {
  it("shows in a status region while the browser is offline, and goes when the network is back", async () => {
    const browser = offlineBrowser();
    render(<OfflineShell />);
    const region = screen.getByTestId("offline-banner");
    expect(region.getAttribute("role")).toBe("status");
    expect(region.textContent).toBe("");
    act(browser.goOffline);
    expect(screen.getByRole("status").textContent).toBe(BANNER);
    act(browser.goOnline);
    expect(region.textContent).toBe("");
    await waitFor(() => expect(browser.container.register).toHaveBeenCalledWith("/sw.js", { scope: "/" }));
  });
});

describe("the update prompt", () => {
  it("offers a version already waiting; Reload lets it take over and reloads once it has", async () => {
    const browser = offlineBrowser();
    const waiting = new FakeWorker();
    browser.registration.waiting = waiting;
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    render(<OfflineShell />);

    expect((await screen.findByTestId("update-prompt")).textContent).toContain(UPDATE);
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    expect(reload).not.toHaveBeenCalled();
    browser.container.dispatchEvent(new Event("controllerchange"));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("offers a version deployed while the page is open, once it has installed", async () => {
    const browser = offlineBrowser();
    render(<OfflineShell />);
    await waitFor(() => expect(browser.container.register).toHaveBeenCalled());
    const next = new FakeWorker();
    await act(async () => browser.registration.found(next));
    expect(screen.queryByTestId("update-prompt")).toBeNull();
    act(() => next.become("installed"));
    expect(screen.getByTestId("update-prompt").textContent).toContain(UPDATE);
  });

  it("asks the browser for a new version when the reader comes back to the tab", async () => {
    const browser = offlineBrowser();
    render(<OfflineShell />);
    await waitFor(() => expect(browser.container.register).toHaveBeenCalled());
    await act(async () => document.dispatchEvent(new Event("visibilitychange")));
    expect(browser.registration.update).toHaveBeenCalled();
  });

  it("never offers the first install, which takes over by itself", async () => {
    const browser = offlineBrowser({ controlled: false });
    render(<OfflineShell />);
    await waitFor(() => expect(browser.container.register).toHaveBeenCalled());
    const first = new FakeWorker();
    await act(async () => browser.registration.found(first));
    act(() => first.become("installed"));
    expect(screen.queryByTestId("update-prompt")).toBeNull();
  });
});
