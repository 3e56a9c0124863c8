import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { type ButtonSize, type ButtonVariant, buttonClasses } from "./button";

export interface SubmitButtonProps {
  pending: boolean;
  /** What the button says while the request is on its way ("Signing in…"). */
  pendingLabel: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** `type="button"` for actions outside a form. */
  type?: "submit" | "button";
  onClick?: () => void;
  testId?: string;
}

/**
 * A submit button that shows progress. While pending it is aria-disabled rather than disabled, so
 * keyboard focus stays on it (a disabled button drops focus to the page) and a second press does nothing.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  variant = "primary",
  size = "md",
  className = "",
  type = "submit",
  onClick,
  testId,
}: SubmitButtonProps) {
  return (
    <button
      type={type}
      aria-disabled={pending || undefined}
      data-testid={testId}
      onClick={(event) => {
        if (pending) {
          event.preventDefault();
          return;
        }
        onClick?.();
      }}
      className={buttonClasses(variant, size, `aria-disabled:cursor-wait aria-disabled:opacity-70 ${className}`)}
    >
      {pending ? (
        <>
          <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
