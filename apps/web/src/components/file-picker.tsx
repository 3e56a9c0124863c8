import type { ReactNode } from "react";

interface FilePickerProps {
  id: string;
  accept: string;
  /** The button's text; it is also the input's accessible name. */
  label: string;
  icon?: ReactNode;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The chosen file's name, shown beside the button. */
  fileName?: string;
  onFile(file: File): void;
}

/**
 * A file input drawn as the app's own button: the browser's control truncates to "No …en" on phones and
 * ignores the theme. The input stays in the label (visually hidden), so keyboard, screen readers and
 * drag-and-drop onto it still work.
 */
export function FilePicker({
  id,
  accept,
  label,
  icon,
  disabled,
  invalid,
  describedBy,
  fileName,
  onFile,
}: FilePickerProps) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
      <label
        htmlFor={id}
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line-strong bg-surface px-5 font-medium text-ink text-sm hover:bg-sunken has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-[var(--q-focus)] has-[:focus-visible]:outline-solid has-[:disabled]:opacity-60"
      >
        {icon}
        {label}
        <input
          id={id}
          type="file"
          accept={accept}
          className="sr-only"
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) onFile(file);
          }}
        />
      </label>
      {fileName ? (
        <span className="min-w-0 max-w-full truncate text-ink-muted text-sm" data-testid="chosen-file">
          {fileName}
        </span>
      ) : null}
    </div>
  );
}
