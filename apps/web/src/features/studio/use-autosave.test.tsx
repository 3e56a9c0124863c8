import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useAutosave } from "./use-autosave";

/** A save the test finishes by hand. */
function controllableSave() {
  const calls: { value: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const save = vi.fn(
    (value: string) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ value, resolve, reject });
      }),
  );
  return { save, calls };
}

describe("useAutosave", () => {
  it("saves once typing pauses, not on every keystroke", async () => {
    const { save, calls } = controllableSave();
    const { result, rerender } = renderHook(({ value }) => useAutosave(value, save, { delayMs: 30 }), {
      initialProps: { value: "a" },
    });
    expect(result.current.status).toBe("saved");
    rerender({ value: "ab" });
    rerender({ value: "abc" });
    expect(result.current.status).toBe("pending");
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith("abc");
    expect(result.current.status).toBe("saving");
    await act(async () => calls[0]?.resolve());
    expect(result.current.status).toBe("saved");
  });

  it("saves what was typed during a save right after it, so the last text is the one stored", async () => {
    vi.useFakeTimers();
    try {
      const { save, calls } = controllableSave();
      const { result, rerender } = renderHook(({ value }) => useAutosave(value, save, { delayMs: 10 }), {
        initialProps: { value: "one" },
      });
      const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
      rerender({ value: "two" });
      await pass(10);
      expect(save).toHaveBeenCalledTimes(1);
      rerender({ value: "three" });
      // Well past the pause after "three": its save had its chance, and waits for the one on its way.
      await pass(40);
      expect(save).toHaveBeenCalledTimes(1);
      expect(result.current.status).toBe("saving");
      await act(async () => calls[0]?.resolve());
      expect(save).toHaveBeenCalledTimes(2);
      expect(save).toHaveBeenLastCalledWith("three");
      await act(async () => calls[1]?.resolve());
      expect(result.current.status).toBe("saved");
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports a failure and saves again on flush", async () => {
    const { save, calls } = controllableSave();
    const { result, rerender } = renderHook(({ value }) => useAutosave(value, save, { delayMs: 5 }), {
      initialProps: { value: "x" },
    });
    rerender({ value: "y" });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.reject(new Error("offline")));
    expect(result.current.status).toBe("error");
    expect((result.current.error as Error).message).toBe("offline");
    act(() => void result.current.flush());
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]?.resolve());
    expect(result.current.status).toBe("saved");
  });

  it("saves unsaved text when the editor closes", async () => {
    const { save } = controllableSave();
    const { rerender, unmount } = renderHook(({ value }) => useAutosave(value, save, { delayMs: 10_000 }), {
      initialProps: { value: "draft" },
    });
    rerender({ value: "draft, longer" });
    unmount();
    expect(save).toHaveBeenCalledWith("draft, longer");
  });
});
