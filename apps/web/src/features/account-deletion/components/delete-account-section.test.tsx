import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { apiError, mockApi } from "../../../test/api-mock";
import { DeleteAccountSection } from "./delete-account-section";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeleteAccountSection />
    </QueryClientProvider>,
  );
}

describe("DeleteAccountSection", () => {
  it("explains what goes, sends the link, and says where it went", async () => {
    const calls = mockApi({
      "accountDeletion.request": () => ({
        status: "email-sent",
        email: "ada@example.com",
        expiresAt: "2026-01-02T10:00:00.000Z",
      }),
    });
    renderSection();
    expect(screen.getByRole("heading", { name: "Delete account" })).toBeTruthy();
    expect(screen.getByRole("list").textContent).toContain("reading progress");
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(screen.getByTestId("deletion-link-sent").textContent).toContain("ada@example.com"));
    expect(screen.getByRole("status").textContent).toContain("within 24 hours");
    expect(screen.queryByRole("button", { name: "Delete my account" })).toBeNull();
    expect(calls).toEqual([{ method: "POST", path: "/api/v1/account-deletion", body: undefined }]);
  });

  it.each([
    [409, "already-exists", "A pending deletion request already exists for this account"],
    [503, "unavailable", "Unable to send account deletion request. Please try again."],
  ])("shows the server's %i answer as an alert, and lets the user try again", async (status, code, message) => {
    mockApi({ "accountDeletion.request": () => apiError(status, code, message) });
    renderSection();
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(message));
    expect(screen.getByRole("button", { name: "Delete my account" })).toBeTruthy();
  });
});
