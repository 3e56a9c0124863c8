import { ChevronDown } from "lucide-react";
import { type ReactNode, useId } from "react";

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
  name?: string;
  disabled?: boolean;
  className?: string;
  /** Label beside the control from the `sm` breakpoint up (stacked on phones). */
  inline?: boolean;
}

/** A labelled native select (keyboard, screen readers and phones all know it). */
export function SelectField({
  label,
  value,
  onChange,
  children,
  name,
  disabled,
  className = "",
  inline = false,
}: SelectFieldProps) {
  const id = useId();
  return (
    <div
      className={`${inline ? "flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-2" : "flex flex-col gap-1.5"} min-w-0 ${className}`}
    >
      <label
        htmlFor={id}
        className={`font-medium text-ink-muted text-xs ${inline ? "whitespace-nowrap max-sm:uppercase max-sm:tracking-wider" : "uppercase tracking-wider"}`}
      >
        {label}
      </label>
      <div className="relative min-w-0">
        <select
          id={id}
          name={name}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-full min-w-0 cursor-pointer appearance-none truncate rounded-lg border border-line-strong bg-surface py-0 pr-9 pl-3 text-ink text-sm shadow-sm transition-colors hover:border-ink-faint disabled:cursor-not-allowed disabled:opacity-60"
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted"
        />
      </div>
    </div>
  );
}

/** An option for each value of a fixed list, shown by its label. */
export function LabelledOptions<Value extends string>({
  values,
  labels,
}: {
  values: readonly Value[];
  labels: Record<Value, string>;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
