import { Monitor, Moon, Palette, Sun } from "lucide-react";
import { useCallback, useId, useRef, useState } from "react";
import type { ThemePreference } from "../lib/theme";
import { useTheme } from "../lib/theme-provider";
import { useDismissable } from "../lib/use-dismissable";

type ControlSize = "sm" | "md";

function iconButton(size: ControlSize): string {
  return `inline-flex ${size === "sm" ? "size-8" : "size-10"} items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sunken hover:text-ink`;
}

/** Light ↔ dark in one press. Its name says what pressing it will do. */
export function ThemeToggle({ size = "md" }: { size?: ControlSize }) {
  const { resolved, toggle } = useTheme();
  const label = resolved === "dark" ? "Switch to light theme" : "Switch to dark theme";
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      className={iconButton(size)}
    >
      {resolved === "dark" ? (
        <Sun aria-hidden="true" className="size-[1.15rem]" />
      ) : (
        <Moon aria-hidden="true" className="size-[1.15rem]" />
      )}
    </button>
  );
}

const OPTIONS: { value: ThemePreference; label: string; Icon: typeof Sun }[] = [
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
];

/** Radio choice of light, dark or system; used inside the theme menu. */
export function ThemeChoice({ name }: { name: string }) {
  const { preference, setPreference } = useTheme();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 px-2 font-medium text-ink-muted text-xs uppercase tracking-wider">Theme</legend>
      {OPTIONS.map(({ value, label, Icon }) => (
        <label
          key={value}
          className="relative flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-2 text-ink text-sm hover:bg-sunken has-[:checked]:bg-accent-soft has-[:checked]:text-accent-soft-ink has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
        >
          <input
            type="radio"
            name={name}
            value={value}
            checked={preference === value}
            onChange={() => setPreference(value)}
            className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
          />
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** A small popover offering Light / Dark / System. */
export function ThemeMenu({ size = "md" }: { size?: ControlSize }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const radioName = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const closeMenu = useCallback(() => setOpen(false), []);
  useDismissable(open, closeMenu, containerRef, buttonRef);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Theme settings"
        title="Theme settings"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="theme-menu-button"
        className={iconButton(size)}
      >
        <Palette aria-hidden="true" className="size-[1.15rem]" />
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute top-full right-0 z-50 mt-2 w-44 rounded-xl border border-line bg-surface p-2 shadow-card"
        >
          <ThemeChoice name={radioName} />
        </div>
      ) : null}
    </div>
  );
}
