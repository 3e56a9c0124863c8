import type { ReactNode } from "react";

export const ICON_BUTTON =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sunken hover:text-ink disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent";

export function IconButton({
  label,
  onClick,
  children,
  disabled,
  testId,
}: {
  label: string;
  onClick(): void;
  children: ReactNode;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      className={ICON_BUTTON}
    >
      {children}
    </button>
  );
}

/** The place of header buttons whose code or support is not known yet, so nothing moves when they come. */
export function HeaderSpace({ count }: { count: number }) {
  return <span aria-hidden="true" className="inline-block h-10 shrink-0" style={{ width: `${count * 2.5}rem` }} />;
}

/** Wide screens get visible page buttons beside the page; phones turn by tapping or swiping the text. */
export function PageButton({
  label,
  side,
  hidden,
  onClick,
  children,
}: {
  label: string;
  side: "left" | "right";
  hidden: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  if (hidden) return null;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      // The hit area is the page's whole height; its focus ring goes on the round arrow, not down the page.
      className={`group hidden w-16 shrink-0 items-center text-ink-faint outline-none transition-colors hover:text-ink focus-visible:text-ink focus-visible:outline-none md:flex lg:w-24 ${
        side === "left" ? "justify-end pr-2" : "justify-start pl-2"
      }`}
    >
      <span
        data-testid={`page-button-${side}`}
        className="inline-flex size-11 items-center justify-center rounded-full outline-offset-2 hover:bg-sunken group-focus-visible:bg-sunken group-focus-visible:outline-3 group-focus-visible:outline-[var(--q-focus)] group-focus-visible:outline-solid"
      >
        {children}
      </span>
    </button>
  );
}
