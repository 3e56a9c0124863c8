import type { DevicePassword } from "@quire/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, mockApi } from "../../../test/api-mock";
import { renderRouter } from "../../../test/render-router";
import { DevicesCard } from "./devices-card";

afterEach(() => {
  vi.unstubAllGlobals();
});

const KOBO: DevicePassword = {
  id: "dp-1",
  name: "Kobo Libra",
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: "2026-11-25T21:30:00.000Z",
};

function renderCard() {
  renderRouter(
    createMemoryRouter([{ path: "/settings", element: <DevicesCard username="ada" /> }], {
      initialEntries: ["/settings"],
    }),
  );
}

describe("DevicesCard", () => {
  it("lists device passwords with when they were last used", async () => {
    mockApi({
      "me.devicePasswords": () => ({ items: [KOBO, { ...KOBO, id: "dp-2", name: "Phone", lastUsedAt: null }] }),
    });
    renderCard();
    const rows = await screen.findAllByTestId("device-row");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Kobo LibraCreated .* · last used .*Revoke$/),
      expect.stringMatching(/^PhoneCreated .* · never usedRevoke$/),
    ]);
  });

  it("shows a new password once with the server address, username and a copy button", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    let items: DevicePassword[] = [];
    const calls = mockApi({
      "me.devicePasswords": () => ({ items }),
      "me.createDevicePassword": ({ body }) => {
        items = [{ ...KOBO, name: (body as { name: string }).name, lastUsedAt: null }];
        return { ...items[0], password: "abcde-fghjk-mnpqr-stuvw" } as DevicePassword & { password: string };
      },
    });
    renderCard();
    expect(await screen.findByTestId("devices-empty")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Device name"), { target: { value: "Kobo Libra" } });
    fireEvent.click(screen.getByRole("button", { name: "Create password" }));

    expect((await screen.findByTestId("device-password")).textContent).toBe("abcde-fghjk-mnpqr-stuvw");
    expect(screen.getByTestId("device-server").textContent).toBe(`${window.location.origin}/kosync`);
    expect(screen.getByTestId("device-username").textContent).toBe("ada");
    expect(calls).toContainEqual({ method: "POST", path: "/api/v1/me/device-passwords", body: { name: "Kobo Libra" } });
    fireEvent.click(screen.getByRole("button", { name: "Copy password" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("abcde-fghjk-mnpqr-stuvw"));
    expect(await screen.findByText("Password copied.")).toBeTruthy();
    expect(await screen.findAllByTestId("device-row")).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByTestId("device-new-password")).toBeNull();
    expect(screen.queryByText("abcde-fghjk-mnpqr-stuvw")).toBeNull();
  });

  it("shows why a password was not created under the name", async () => {
    mockApi({
      "me.devicePasswords": () => ({ items: [] }),
      "me.createDevicePassword": () =>
        apiError(
          412,
          "failed-precondition",
          "You can have up to 10 device passwords. Revoke one you no longer use first.",
        ),
    });
    renderCard();
    await screen.findByTestId("devices-empty");
    fireEvent.change(screen.getByLabelText("Device name"), { target: { value: "Eleventh" } });
    fireEvent.click(screen.getByRole("button", { name: "Create password" }));
    const field = screen.getByLabelText("Device name");
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText(/You can have up to 10 device passwords/)).toBeTruthy();
  });

  it("revokes a password only after asking", async () => {
    let items = [KOBO];
    const calls = mockApi({
      "me.devicePasswords": () => ({ items }),
      "me.deleteDevicePassword": () => {
        items = [];
        return undefined;
      },
    });
    renderCard();
    const row = await screen.findByTestId("device-row");
    fireEvent.click(within(row).getByRole("button", { name: "Revoke Kobo Libra" }));
    expect(within(row).getByText(/Revoke “Kobo Libra”\?/)).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Keep it" }));
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(0);

    fireEvent.click(within(row).getByRole("button", { name: "Revoke Kobo Libra" }));
    fireEvent.click(within(row).getByTestId("device-revoke-confirm"));
    expect(await screen.findByTestId("devices-empty")).toBeTruthy();
    expect(calls).toContainEqual({ method: "DELETE", path: "/api/v1/me/device-passwords/dp-1", body: undefined });
  });
});
