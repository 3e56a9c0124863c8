import type { Annotation } from "@quire/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/api-mock";
import { makeAnnotation, makeMe } from "../../test/fixtures";
import { renderSaltLanternReader, saltLanternApi } from "../../test/reader-book";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A highlight of "lantern" in the prologue unless told otherwise. */
const annotation = (overrides: Partial<Annotation>) =>
  makeAnnotation({
    kind: "highlight",
    chapterName: "Prologue",
    start: 8,
    end: 15,
    quote: "lantern",
    color: "yellow",
    ...overrides,
  });

const items = [
  annotation({ id: "h1" }),
  annotation({ id: "b1", kind: "bookmark", start: 0, end: null, quote: "Prologue The lantern", color: null }),
  annotation({
    id: "n1",
    kind: "note",
    anchorId: "chapter-2",
    chapterName: "The Crossing",
    start: 40,
    end: 52,
    quote: "salt and tar",
    color: "green",
    note: "The smell of the harbour.",
  }),
  annotation({
    id: "gone",
    anchorId: "chapter-9",
    chapterName: "A Cut Chapter",
    quote: "words no edition has now",
    color: "pink",
    textChanged: true,
  }),
];

function readerApi(signedIn: boolean, list: Annotation[] = items) {
  let current = list;
  return mockApi({
    "auth.session": () => ({ user: signedIn ? makeMe() : null }),
    ...saltLanternApi,
    "annotations.list": () => ({ items: current }),
    "annotations.delete": () => {
      current = current.filter((item) => item.id !== "h1");
      return new Response(null, { status: 204 });
    },
    "annotations.update": (call) => {
      const changed = { ...(current[2] as Annotation), ...(call.body as object) };
      current = current.map((item) => (item.id === "n1" ? changed : item));
      return Response.json(changed);
    },
  });
}

async function openPanel() {
  fireEvent.click(await screen.findByRole("button", { name: "Notes and highlights" }));
  return screen.findByTestId("annotations-panel");
}

describe("the annotations panel", () => {
  it("lists the reader's bookmarks, highlights and notes by chapter, marking text a new edition changed", async () => {
    readerApi(true);
    renderSaltLanternReader();
    const panel = await openPanel();
    const chaptersShown = await within(panel).findAllByRole("region");
    expect(chaptersShown.map((section) => section.getAttribute("aria-label"))).toEqual([
      "Prologue",
      "The Crossing",
      "A Cut Chapter",
    ]);
    const [prologue, crossing, cut] = chaptersShown as [HTMLElement, HTMLElement, HTMLElement];
    expect(
      within(prologue)
        .getAllByTestId("annotation-item")
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining("lantern"), expect.stringContaining("Prologue The lantern")]);
    expect(within(prologue).getByText("Yellow")).toBeTruthy();
    expect(within(crossing).getByTestId("annotation-note").textContent).toBe("The smell of the harbour.");
    expect(within(cut).getByText("Text changed")).toBeTruthy();
    expect(within(cut).getByRole("button", { name: /words no edition has now/ })).toHaveProperty("disabled", true);
    expect(within(crossing).queryByText("Text changed")).toBeNull();
  });

  it("goes to an annotation's place: its chapter, at its character, with its quote to find it again", async () => {
    readerApi(true);
    const router = renderSaltLanternReader();
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole("button", { name: "Note: salt and tar. Go there" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/read/book-1/chapter-2"));
    expect(router.state.location.search).toBe("?at=40");
    expect(router.state.location.state).toEqual({ offset: 0, locator: { char: 40, text: "saltandtar" } });
    await waitFor(() => expect(screen.getByTestId("annotations-panel").hasAttribute("open")).toBe(false));
  });

  it("deletes an annotation and edits a note", async () => {
    const calls = readerApi(true);
    renderSaltLanternReader();
    const panel = await openPanel();
    const prologue = (await within(panel).findAllByRole("region"))[0] as HTMLElement;
    fireEvent.click(within(prologue).getByRole("button", { name: "Delete highlight" }));
    await waitFor(() => expect(within(panel).getAllByTestId("annotation-item")).toHaveLength(3));
    expect(calls).toContainEqual({ method: "DELETE", path: "/api/v1/annotations/h1", body: undefined });

    fireEvent.click(within(panel).getByRole("button", { name: "Edit note or colour" }));
    const dialog = await screen.findByTestId("note-dialog");
    const field = within(dialog).getByRole("textbox", { name: "Note" });
    expect(field).toHaveProperty("value", "The smell of the harbour.");
    expect(within(dialog).getByRole("radio", { name: "Green" })).toHaveProperty("checked", true);
    fireEvent.change(field, { target: { value: "  Tar, mostly.  " } });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Blue" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save note" }));
    await waitFor(() => expect(within(panel).getByTestId("annotation-note").textContent).toBe("Tar, mostly."));
    expect(within(panel).getByText("Blue")).toBeTruthy();
    expect(calls).toContainEqual({
      method: "PATCH",
      path: "/api/v1/annotations/n1",
      body: { note: "Tar, mostly.", color: "blue" },
    });
  });

  it("says so when there is nothing yet", async () => {
    readerApi(true, []);
    renderSaltLanternReader();
    const panel = await openPanel();
    expect((await within(panel).findByTestId("annotations-empty")).textContent).toContain("Select text to highlight");
  });

  it("offers a visitor to sign in, and asks the server for nothing", async () => {
    const calls = readerApi(false);
    renderSaltLanternReader();
    const panel = await openPanel();
    expect(within(panel).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
      `/auth/sign-in?next=${encodeURIComponent("/read/book-1/chapter-1")}`,
    );
    expect(screen.queryByRole("button", { name: "Bookmark this page" })).toBeNull();
    expect(calls.map((call) => call.path)).not.toContain("/api/v1/books/book-1/annotations");
  });
});
