import { BOOK_TITLE_TOO_LONG } from "@quire/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, mockApi, signedIn } from "../../test/api-mock";
import { makeMe } from "../../test/fixtures";
import { renderRouter } from "../../test/render-router";
import { BookDetailsForm } from "./components/book-details-form";
import { LaunchPanel } from "./components/launch-panel";
import { AdminImportScreen } from "./screens/admin-import-screen";
import { NewBookScreen } from "./screens/new-book-screen";
import { makeStudioBook } from "./studio-fixtures";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(element: ReactNode, path = "/studio") {
  renderRouter(createMemoryRouter([{ path, element }], { initialEntries: [path] }));
}

/** A field's error: the first text that describes it, which must also mark it invalid. */
function errorOf(field: HTMLElement) {
  expect(field.getAttribute("aria-invalid")).toBe("true");
  return document.getElementById(field.getAttribute("aria-describedby")?.split(" ")[0] ?? "")?.textContent;
}

describe("new book", () => {
  it("asks for a title beside the field and sends nothing", async () => {
    const calls = mockApi({ "auth.session": () => ({ user: makeMe({ roles: ["reader", "author"] }) }) });
    renderAt(<NewBookScreen />, "/studio/books/new");
    fireEvent.change(await screen.findByLabelText("Title"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Create book" }));
    const title = screen.getByLabelText("Title");
    expect(errorOf(title)).toBe("Give the book a title.");
    expect(document.activeElement).toBe(title);
    // No maxlength: a pasted title is not cut silently (the count and the cap's message below say what fits).
    expect(title.hasAttribute("maxlength")).toBe(false);
    expect(screen.getByLabelText("Summary").getAttribute("maxlength")).toBe("4000");
    expect(calls).toEqual([]);
  });

  it("counts the title's characters near the cap, says at once when it is too long, and sends nothing", async () => {
    const calls = mockApi({ "auth.session": () => ({ user: makeMe({ roles: ["reader", "author"] }) }) });
    renderAt(<NewBookScreen />, "/studio/books/new");
    const title = await screen.findByLabelText("Title");
    fireEvent.change(title, { target: { value: "Short" } });
    expect(screen.queryByText(/ \/ 150 characters$/)).toBeNull();
    fireEvent.change(title, { target: { value: "a".repeat(140) } });
    expect(screen.getByText("140 / 150 characters")).toBeTruthy();
    expect(title.getAttribute("aria-invalid")).toBeNull();
    fireEvent.change(title, { target: { value: "a".repeat(151) } });
    expect(errorOf(title)).toBe(BOOK_TITLE_TOO_LONG);
    expect(screen.getByText("151 / 150 characters")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create book" }));
    expect(errorOf(title)).toBe("Keep the title to 150 characters or fewer.");
    expect(calls).toEqual([]);
    fireEvent.change(title, { target: { value: "a".repeat(150) } });
    expect(title.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows a refusal that names no field as the form's alert", async () => {
    mockApi({
      ...signedIn,
      "studio.createBook": () => apiError(403, "permission-denied", "Become an author to write books in the studio."),
    });
    renderAt(<NewBookScreen />, "/studio/books/new");
    fireEvent.change(await screen.findByLabelText("Title"), { target: { value: "Night Harbour" } });
    fireEvent.click(screen.getByRole("button", { name: "Create book" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Become an author to write books in the studio.");
  });
});

describe("book details", () => {
  const genres = Array.from({ length: 11 }, (_, i) => ({ id: `g${i}`, name: `g${i}`, displayName: `Genre ${i}` }));

  it("shows the title's and the genres' problems at once and sends nothing", async () => {
    const calls = mockApi({ "genres.list": () => ({ items: genres }), "categories.list": () => ({ items: [] }) });
    renderAt(<BookDetailsForm studioBook={makeStudioBook()} isAdmin={false} />);
    for (const genre of genres) fireEvent.click(await screen.findByRole("checkbox", { name: genre.displayName }));
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    expect(errorOf(screen.getByLabelText("Title"))).toBe("Give the book a title.");
    const group = screen.getByRole("group", { name: "Genres" });
    expect(document.getElementById(group.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Choose up to 10 genres.",
    );
    expect(calls.filter((call) => call.method === "PATCH")).toEqual([]);
  });

  it("keeps a longer title from before the cap until it is changed, and saves the other fields", async () => {
    const calls = mockApi({
      "genres.list": () => ({ items: [] }),
      "categories.list": () => ({ items: [] }),
      "studio.updateBook": () => makeStudioBook(),
    });
    const legacy = `${"Long ".repeat(40)}Title`;
    const studioBook = makeStudioBook();
    renderAt(
      <BookDetailsForm studioBook={{ ...studioBook, book: { ...studioBook.book, title: legacy } }} isAdmin={false} />,
    );
    const title = await screen.findByLabelText("Title");
    expect(title.getAttribute("aria-invalid")).toBeNull();
    fireEvent.change(screen.getByLabelText("Summary"), { target: { value: "A new summary." } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "PATCH")).toHaveLength(1));
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ summary: "A new summary." });
    fireEvent.change(title, { target: { value: `${legacy}!` } });
    expect(errorOf(title)).toBe(BOOK_TITLE_TOO_LONG);
  });

  it("puts an unknown genre from the server beside the genres", async () => {
    mockApi({
      "genres.list": () => ({ items: genres.slice(0, 2) }),
      "categories.list": () => ({ items: [] }),
      "studio.updateBook": () => apiError(400, "invalid-argument", "Pick genres from the list."),
    });
    renderAt(<BookDetailsForm studioBook={makeStudioBook()} isAdmin={false} />);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Genre 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    const group = screen.getByRole("group", { name: "Genres" });
    await waitFor(() => expect(group.getAttribute("aria-describedby")).toBeTruthy());
    expect(document.getElementById(group.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Pick genres from the list.",
    );
    expect(screen.queryByTestId("form-alert")).toBeNull();
  });
});

describe("launch panel", () => {
  it("asks for a date in the future beside the field and sends nothing", async () => {
    const calls = mockApi({});
    renderAt(<LaunchPanel studioBook={makeStudioBook()} />);
    const date = await screen.findByLabelText("Launch date and time");
    fireEvent.change(date, { target: { value: "2020-01-01T10:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Schedule launch" }));
    expect(errorOf(date)).toBe("Choose a launch date in the future.");
    expect(document.activeElement).toBe(date);
    fireEvent.change(date, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Schedule launch" }));
    expect(errorOf(date)).toBe("Launch date and time is required.");
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of the date beside it", async () => {
    mockApi({ "studio.schedule": () => apiError(400, "invalid-argument", "Choose a launch date in the future.") });
    renderAt(<LaunchPanel studioBook={makeStudioBook()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Schedule launch" }));
    const date = screen.getByLabelText("Launch date and time");
    await waitFor(() => expect(errorOf(date)).toBe("Choose a launch date in the future."));
    expect(screen.queryByTestId("form-alert")).toBeNull();
  });
});

describe("admin import", () => {
  it("asks for a file beside the picker and sends nothing", async () => {
    const calls = mockApi({ "auth.session": () => ({ user: makeMe({ roles: ["reader", "admin"] }) }) });
    renderAt(<AdminImportScreen />, "/admin/import");
    fireEvent.click(await screen.findByRole("button", { name: "Import" }));
    const picker = screen.getByLabelText("Choose an EPUB file");
    expect(errorOf(picker)).toBe("Choose an EPUB file to import.");
    expect(document.activeElement).toBe(picker);
    expect(calls).toEqual([]);
  });
});
