import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";

/**
 * A modal side sheet on the native <dialog>: focus moves in and back, Escape and a click on the
 * backdrop close it, and the rest of the reader is inert meanwhile.
 */
export function ReaderSheet({
  open,
  onClose,
  onClosed,
  title,
  side,
  children,
  testId,
}: {
  open: boolean;
  onClose(): void;
  /** After it closed and gave focus back to what had it before (the opening button). */
  onClosed?(): void;
  title: string;
  side: "left" | "right";
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      dialog.close();
      onClosed?.();
    }
  }, [open, onClosed]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop only; Escape closes a modal dialog natively.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`fixed inset-y-0 m-0 h-dvh max-h-none w-[min(24rem,88vw)] max-w-none border-line bg-surface p-0 text-ink shadow-card backdrop:bg-black/45 ${
        side === "left" ? "right-auto left-0 border-r" : "right-0 left-auto border-l"
      }`}
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-2 border-line border-b px-4 py-3">
            <h2 id={titleId} className="font-semibold font-serif text-ink text-lg">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="inline-flex size-9 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sunken hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
