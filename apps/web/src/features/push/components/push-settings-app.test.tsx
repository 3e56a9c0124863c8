import type { PermissionStatus } from "@capacitor/push-notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { APP_PUSH_ERROR_MESSAGES, PUSH_ERROR_MESSAGES } from "../push-errors";
import { PushSettingsSection } from "./push-settings-section";

// The phone's answer to the permission check, as the push plugin gives it.
const permission = vi.hoisted(() => ({ receive: "denied" as PermissionStatus["receive"] }));
vi.mock("@capacitor/push-notifications", () => ({
  PushNotifications: { checkPermissions: async () => ({ receive: permission.receive }) },
}));

beforeEach(() => vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "android" }));
afterEach(() => vi.unstubAllGlobals());

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PushSettingsSection userId="ada" />
    </QueryClientProvider>,
  );
}

it("speaks of this phone, not this browser, in the app", async () => {
  permission.receive = "denied";
  renderSection();
  expect((await screen.findByTestId("push-state")).textContent).toBe("Blocked in this phone's settings.");
  expect(screen.getByTestId("push-note").textContent).toBe(APP_PUSH_ERROR_MESSAGES.permissionBlocked);
  expect(APP_PUSH_ERROR_MESSAGES.permissionBlocked).not.toBe(PUSH_ERROR_MESSAGES.permissionBlocked);
});

it("says off for this phone when no registration is kept", async () => {
  permission.receive = "granted";
  renderSection();
  expect((await screen.findByTestId("push-state")).textContent).toBe("Off for this phone.");
});
