import { AlertCircle, Eye, EyeOff } from "lucide-react";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "aria-describedby" | "aria-invalid" | "children">;

export interface TextFieldProps extends InputProps {
  label: string;
  /** Always-visible help under the field, read with it by screen readers. */
  hint?: ReactNode;
  /** Marks the field invalid; shown under it and read with it. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /** Something drawn inside the right end of the box (the password toggle). */
  trailing?: ReactNode;
}

const INPUT =
  "h-11 w-full min-w-0 rounded-lg border bg-surface px-3 text-base text-ink shadow-sm transition-colors placeholder:text-ink-faint hover:border-ink-faint";
const TEXTAREA =
  "w-full rounded-lg border bg-surface px-3 py-2 text-base text-ink shadow-sm placeholder:text-ink-faint hover:border-ink-faint";

/** A labelled input with its hint and error tied to it through aria-describedby. */
export function TextField({
  label,
  hint,
  error,
  ref,
  trailing,
  className = "",
  type = "text",
  ...props
}: TextFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <div className="relative">
          <input
            ref={ref}
            id={id}
            type={type}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`${INPUT} ${error ? "border-danger" : "border-line-strong"} ${trailing ? "pr-12" : ""}`}
            {...props}
          />
          {trailing}
        </div>
      )}
    </Field>
  );
}

export interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "aria-describedby" | "aria-invalid" | "children"> {
  label: string;
  value: string;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea; with a `maxLength` its hint counts the characters used. */
export function TextAreaField({
  label,
  hint,
  error,
  ref,
  className = "",
  value,
  maxLength,
  ...props
}: TextAreaFieldProps) {
  const id = useId();
  const count = maxLength === undefined ? "" : `${value.length} / ${maxLength}`;
  return (
    <Field id={id} label={label} hint={[hint, count].filter(Boolean).join(" ")} error={error} className={className}>
      {(describedBy) => (
        <textarea
          ref={ref}
          id={id}
          value={value}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${TEXTAREA} ${error ? "border-danger" : "border-line-strong"}`}
          {...props}
        />
      )}
    </Field>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, "type" | "trailing"> {}

/** A password input with a show/hide button; the button's name says which field it reveals. */
export function PasswordField({ label, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const toggleLabel = `${visible ? "Hide" : "Show"} ${label.toLowerCase()}`;
  return (
    <TextField
      {...props}
      label={label}
      type={visible ? "text" : "password"}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={toggleLabel}
          title={toggleLabel}
          className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-ink-muted transition-colors hover:bg-sunken hover:text-ink"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-[1.1rem]" />
          ) : (
            <Eye aria-hidden="true" className="size-[1.1rem]" />
          )}
        </button>
      }
    />
  );
}

interface FieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

function Field({ id, label, hint, error, className = "", children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      {children(describedBy)}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {hint ? (
        <p id={hintId} className="text-ink-muted text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-danger text-sm" data-testid="field-error">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

export interface CheckboxFieldProps extends Omit<InputProps, "type"> {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with a label you can tap anywhere on, and its error tied to it. */
export function CheckboxField({ label, description, error, ref, className = "", ...props }: CheckboxFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy =
    [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-accent ${error ? "outline-2 outline-danger outline-offset-1" : ""}`}
          {...props}
        />
        <div className="flex min-w-0 flex-col gap-0.5">
          <label htmlFor={id} className="cursor-pointer text-ink text-sm leading-snug">
            {label}
          </label>
          {description ? (
            <p id={descriptionId} className="text-ink-muted text-xs">
              {description}
            </p>
          ) : null}
        </div>
      </div>
      {error ? (
        <div className="pl-8">
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      ) : null}
    </div>
  );
}

/** The props every email field shares: label, keyboard, autofill and no autocorrection. */
export const EMAIL_FIELD = {
  label: "Email",
  name: "email",
  type: "email",
  inputMode: "email",
  autoComplete: "email",
  autoCapitalize: "off",
  spellCheck: false,
  required: true,
} as const;
