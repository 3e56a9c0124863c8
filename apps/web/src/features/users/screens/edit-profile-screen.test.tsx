import { fireEvent, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, invalidBody, mockApi, signedIn } from "../../../test/api-mock";
import { renderRouter } from "../../../test/render-router";
import { EditProfileScreen } from "./edit-profile-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderEditProfile() {
  renderRouter(
    createMemoryRouter([{ path: "/settings/profile", element: <EditProfileScreen /> }], {
      initialEntries: ["/settings/profile"],
    }),
  );
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The text of the first description of a field: its error when it has one. */
function errorOf(label: string) {
  const field = screen.getByLabelText(label);
  expect(field.getAttribute("aria-invalid"), label).toBe("true");
  return document.getElementById(field.getAttribute("aria-describedby")?.split(" ")[0] ?? "")?.textContent;
}

describe("EditProfileScreen", () => {
  it("shows every field's problem beside it at once, in words for people, and sends nothing", async () => {
    const calls = mockApi(signedIn);
    renderEditProfile();
    await screen.findByRole("heading", { name: "Edit profile" });
    change("Last name", "L".repeat(101));
    change("Username", "Ada Lovelace");
    change("Location", "x".repeat(201));
    change("Instagram", "@not a handle");
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));

    expect(errorOf("Last name")).toBe("Last name can be up to 100 characters.");
    expect(errorOf("Username")).toBe(
      "Use 3 to 40 lowercase letters, digits, dots or underscores, starting with a letter or digit.",
    );
    expect(errorOf("Location")).toBe("Location can be up to 200 characters.");
    expect(errorOf("Instagram")).toBe("Use letters, digits, dots and underscores only.");
    expect(screen.getByLabelText("First name").getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText("Last name"));
    expect(screen.queryByText(/Invalid body/)).toBeNull();
    expect(calls).toEqual([]);
  });

  it("takes the fields' limits from the contract", async () => {
    mockApi(signedIn);
    renderEditProfile();
    await screen.findByRole("heading", { name: "Edit profile" });
    expect(screen.getByLabelText("Last name").getAttribute("maxlength")).toBe("100");
    expect(screen.getByLabelText("About you").getAttribute("maxlength")).toBe("2000");
    expect(screen.getByLabelText("X").getAttribute("maxlength")).toBe("64");
    expect(screen.getByText("0 / 2000")).toBeTruthy();
  });

  it("sends the parsed profile and puts a taken username beside its field", async () => {
    const calls = mockApi({
      ...signedIn,
      "me.update": () => apiError(409, "already-exists", "That username is taken. Try another one."),
    });
    renderEditProfile();
    await screen.findByRole("heading", { name: "Edit profile" });
    change("Username", " Ada.L ");
    change("X", "@ada");
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(errorOf("Username")).toBe("That username is taken. Try another one."));
    expect(document.activeElement).toBe(screen.getByLabelText("Username"));
    expect(screen.queryByTestId("form-alert")).toBeNull();
    expect(calls[0]?.body).toMatchObject({ username: "ada.l", social: { x: "ada", instagram: "" } });
  });

  it("says what a 400 is about beside the field it names", async () => {
    mockApi({
      ...signedIn,
      "me.update": () =>
        invalidBody("Invalid body: social.x: Use letters, digits, dots and underscores only.", [
          { path: "social.x", message: "Use letters, digits, dots and underscores only." },
        ]),
    });
    renderEditProfile();
    await screen.findByRole("heading", { name: "Edit profile" });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(errorOf("X")).toBe("Use letters, digits, dots and underscores only."));
    expect(screen.queryByText(/Invalid body/)).toBeNull();
  });
});
