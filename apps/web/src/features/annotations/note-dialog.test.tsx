import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NoteDialog } from "./note-dialog";

describe("NoteDialog", () => {
  it("ties a refusal to the note it is about, and announces it", () => {
    render(
      <NoteDialog
        quote="It was a dark and stormy night."
        initialNote="A note"
        initialColor="yellow"
        busy={false}
        error="A note can hold up to 10000 characters."
        onSave={() => {}}
        onCancel={() => {}}
      />,
    );
    const note = screen.getByRole("textbox", { name: "Note" });
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(note.getAttribute("maxlength")).toBe("10000");
    expect(document.getElementById(note.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "A note can hold up to 10000 characters.",
    );
    expect(screen.getByRole("alert").textContent).toBe("A note can hold up to 10000 characters.");
  });
});
