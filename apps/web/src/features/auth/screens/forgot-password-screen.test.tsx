import { fireEvent, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, mockApi } from "../../../test/api-mock";
import { renderRouter } from "../../../test/render-router";
import { ForgotPasswordScreen } from "./forgot-password-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForgot() {
  renderRouter(
    createMemoryRouter([{ path: "/auth/forgot-password", element: <ForgotPasswordScreen /> }], {
      initialEntries: ["/auth/forgot-password"],
    }),
  );
}

describe("ForgotPasswordScreen", () => {
  it("asks for the email before sending anything", async () => {
    const calls = mockApi({});
    renderForgot();
    fireEvent.click(await screen.findByRole("button", { name: "Send reset link" }));
    const email = screen.getByLabelText("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter your email address.")).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(calls).toEqual([]);
  });

  it("says an unknown email in words for people, beside the field", async () => {
    const calls = mockApi({
      "auth.requestPasswordReset": () => apiError(404, "not-found", "No user found with that email"),
    });
    renderForgot();
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: " nobody@example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    const email = screen.getByLabelText("Email");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("There is no Quire account with that email.")).toBeTruthy();
    expect(screen.queryByTestId("form-alert")).toBeNull();
    expect(calls.map((call) => call.body)).toEqual([{ email: "nobody@example.com" }]);
  });
});
