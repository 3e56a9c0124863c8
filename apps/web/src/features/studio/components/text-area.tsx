import { useId } from "react";

export interface TextAreaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  hint?: string;
}

/** A labelled textarea with its hint and a character count, both read with it. */
export function TextArea({ label, value, onChange, maxLength, rows = 3, hint }: TextAreaProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-ink shadow-sm hover:border-ink-faint"
      />
      <p id={`${id}-hint`} className="text-ink-muted text-xs">
        {hint ? `${hint} ` : ""}
        {value.length} / {maxLength}
      </p>
    </div>
  );
}
