import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button, type ButtonVariant } from "../../../components/button";
import { smallButton, TAP } from "./tap-target";

export interface ConfirmActionProps {
  label: ReactNode;
  question: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  variant?: ButtonVariant;
  testId?: string;
}

/**
 * A button that asks first: pressing it shows the question with Confirm and Cancel in its place,
 * focus moves to Confirm, and Escape or Cancel goes back (focus returns to the button).
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  pending,
  onConfirm,
  variant = "secondary",
  testId,
}: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) openRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button
        ref={openRef}
        type="button"
        className={smallButton(variant)}
        onClick={() => setAsking(true)}
        data-testid={testId}
      >
        {label}
      </button>
    );
  }
  return (
    <fieldset
      className="flex flex-wrap items-center gap-2 rounded-xl border border-line bg-sunken px-3 py-2"
      onKeyDown={(event) => {
        if (event.key === "Escape") setAsking(false);
      }}
    >
      <legend className="float-left mr-1 text-ink text-sm [overflow-wrap:anywhere]">{question}</legend>
      <button
        ref={confirmRef}
        type="button"
        className={smallButton("primary")}
        aria-disabled={pending || undefined}
        onClick={() => {
          if (!pending) onConfirm();
        }}
        data-testid={testId ? `${testId}-confirm` : undefined}
      >
        {pending ? "Working…" : confirmLabel}
      </button>
      <Button variant="ghost" size="sm" className={TAP} onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </fieldset>
  );
}
