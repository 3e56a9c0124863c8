import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InviteCard } from "./invite-card";

const originalExecCommand = document.execCommand;
afterEach(() => {
  vi.unstubAllGlobals();
  document.execCommand = originalExecCommand;
});

const link = () => (screen.getByLabelText("Your invite link") as HTMLInputElement).value;

describe("InviteCard", () => {
  it("shows the user's invite link and how many friends joined through it", () => {
    const { rerender } = render(<InviteCard username="ada.reads" nReferredUsers={3} />);
    expect(link()).toBe(`${window.location.origin}/?ref=ada.reads`);
    expect(screen.getByTestId("invite-count").textContent).toBe("3 friends joined");
    rerender(<InviteCard username="ada.reads" nReferredUsers={1} />);
    expect(screen.getByTestId("invite-count").textContent).toBe("1 friend joined");
    rerender(<InviteCard username="ada.reads" nReferredUsers={0} />);
    expect(screen.getByTestId("invite-count").textContent).toBe("No friends have joined yet.");
  });

  it("copies the link with the Clipboard API and says so to screen readers", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(<InviteCard username="ada.reads" nReferredUsers={0} />);
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(screen.getByTestId("invite-copy-status").textContent).toBe("Copied"));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/?ref=ada.reads`);
    expect(screen.getByTestId("invite-copy-status").getAttribute("aria-live")).toBe("polite");
  });

  it("falls back to copying the selected link, and asks the user to copy it when that fails too", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: undefined });
    const execCommand = vi.fn().mockReturnValue(true);
    document.execCommand = execCommand;
    render(<InviteCard username="ada.reads" nReferredUsers={0} />);
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(screen.getByTestId("invite-copy-status").textContent).toBe("Copied"));
    expect(execCommand).toHaveBeenCalledWith("copy");
    const input = screen.getByLabelText("Your invite link") as HTMLInputElement;
    expect(input.selectionEnd).toBe(input.value.length);

    execCommand.mockReturnValue(false);
    fireEvent.click(screen.getByRole("button", { name: "Copied" }));
    await waitFor(() =>
      expect(screen.getByTestId("invite-copy-status").textContent).toBe("Copying failed: select the link and copy it."),
    );
  });
});
