import { useRef, useState } from "react";
import { errorMessage, forPeople, isAppError, refusedField } from "./errors";

/*
 * Forms check their values with the contract's own zod schemas before sending, and show every field's
 * problem beside that field at once. Zod's default texts are for developers, so an issue a schema has no
 * message for is worded here from its kind and the field's label ("Last name can be up to 100 characters.").
 */

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;
/** Each field's label as the form shows it, in the form's order (the first invalid one gets the focus). */
export type FieldLabels<K extends string> = Record<K, string>;

/** What this module reads of a zod issue (the web reaches zod only through @quire/core's schemas). */
interface IssueFacts {
  code: string;
  path?: readonly PropertyKey[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  input?: unknown;
}

interface ParseResult<T> {
  success: boolean;
  data?: T;
  error?: { issues: readonly (IssueFacts & { message: string })[] };
}

/** A zod schema, as far as checking a form needs it. */
export interface FormSchema<T> {
  safeParse(data: unknown, params: { error: (issue: IssueFacts) => string | undefined }): ParseResult<T>;
}

/** A sentence for an issue the schema has no message for. */
export function humanIssue(issue: IssueFacts, label: string): string {
  const name = midSentence(label);
  const { minimum, maximum } = issue;
  if (issue.input === "" && (issue.code === "too_small" || issue.code === "invalid_format")) {
    return `${label} is required.`;
  }
  switch (issue.code) {
    case "too_big":
      if (issue.origin === "string") return `${label} can be up to ${maximum} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `Choose up to ${maximum} ${name}.`;
      return `${label} can be at most ${maximum}.`;
    case "too_small":
      if (issue.origin === "string") {
        return Number(minimum) <= 1 ? `${label} is required.` : `${label} needs at least ${minimum} characters.`;
      }
      if (issue.origin === "array" || issue.origin === "set") return `Choose at least ${minimum} ${name}.`;
      return `${label} must be at least ${minimum}.`;
    case "invalid_format":
      if (issue.format === "email") return "Enter a valid email address, like name@example.com.";
      return `${label} is not in a form Quire can read.`;
    case "invalid_type":
      return issue.input === undefined ? `${label} is missing.` : `Check ${name}.`;
    default:
      return `Check ${name}.`;
  }
}

/** "Last name" inside a sentence is "last name"; "X" stays "X". */
function midSentence(label: string): string {
  const second = label.charAt(1);
  return second && second === second.toLowerCase() ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** The form field an issue's path names: the whole path ("social.x"), its last part ("x") or its first. */
function fieldOf<K extends string>(path: readonly PropertyKey[] | string, labels: FieldLabels<K>): K | undefined {
  const parts = (typeof path === "string" ? path.split(".") : path.map(String)).filter(Boolean);
  const candidates = [parts.join("."), parts.at(-1), parts[0]];
  return candidates.find((candidate): candidate is K => candidate !== undefined && candidate in labels);
}

export type FormCheck<T, K extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

/** Runs the schema on the values: the parsed data, or every field's first problem in human words. */
export function checkForm<T, K extends string>(
  schema: FormSchema<T>,
  values: unknown,
  labels: FieldLabels<K>,
): FormCheck<T, K> {
  const result = schema.safeParse(values, {
    error: (issue: IssueFacts) => {
      const field = fieldOf(issue.path ?? [], labels);
      return field ? humanIssue(issue, labels[field]) : undefined;
    },
  });
  if (result.success) return { ok: true, data: result.data as T };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = fieldOf(issue.path ?? [], labels);
    if (field && errors[field] === undefined) errors[field] = forPeople(issue.message);
  }
  return { ok: false, errors };
}

/** One field issue as the server lists them in `details` (with zod's kind and limits when it sends them). */
interface DetailIssue extends Partial<Omit<IssueFacts, "path">> {
  path: string;
  message: string;
}

function isDetailIssue(value: unknown): value is DetailIssue {
  if (typeof value !== "object" || value === null) return false;
  const { path, message } = value as Record<string, unknown>;
  return typeof path === "string" && typeof message === "string";
}

/**
 * A server refusal split between the fields it is about and what the form says as a whole: a catalogue
 * refusal about one field ("That username is taken.") or the field issues of a 400 go beside their fields.
 */
export function splitRefusal<K extends string>(
  error: unknown,
  labels: FieldLabels<K>,
): { fields: FieldErrors<K>; message: string | undefined } {
  const fields: FieldErrors<K> = {};
  if (!isAppError(error)) return { fields, message: errorMessage(error) };
  const field = refusedField(error);
  if (field && field in labels) {
    fields[field as K] = errorMessage(error);
    return { fields, message: undefined };
  }
  const details = error.code === "invalid-argument" && Array.isArray(error.details) ? error.details : [];
  const issues = details.filter(isDetailIssue);
  let message: string | undefined;
  for (const issue of issues) {
    const key = fieldOf(issue.path, labels);
    const text =
      key && issue.code ? humanIssue({ ...issue, path: [], code: issue.code }, labels[key]) : forPeople(issue.message);
    if (key === undefined) message ??= text;
    else fields[key] ??= text;
  }
  if (issues.length === 0) message = errorMessage(error);
  return { fields, message };
}

interface Inspectable {
  minLength?: number | null;
  maxLength?: number | null;
  format?: string | null;
  value?: unknown;
  element?: unknown;
  in?: Inspectable;
  unwrap?: () => Inspectable;
}

/** A string field's limits from its schema, as input attributes (`maxLength`, `required`). */
export function fieldLimits(schema: unknown): { maxLength?: number; required?: boolean } {
  let inner = schema as Inspectable | undefined;
  // Defaults, optionals and transforms wrap the string schema that carries the limits (an array's are its own).
  for (let depth = 0; inner && !inner.element && depth < 5 && (inner.in || inner.unwrap); depth++) {
    inner = inner.in ?? inner.unwrap?.();
  }
  if (!inner || inner.element) return {};
  const limits: { maxLength?: number; required?: boolean } = {};
  if (typeof inner.maxLength === "number") limits.maxLength = inner.maxLength;
  if ((inner.minLength ?? 0) >= 1 || inner.format === "email" || inner.value === true) limits.required = true;
  return limits;
}

/**
 * A form's field errors: `check` before sending (every problem shown at once, the first field focused),
 * `refuse` with the server's refusal, `field(key)` for the props a field needs, `alert(error)` for the
 * part of a refusal that is about no field.
 */
export function useFormErrors<K extends string>(labels: FieldLabels<K>, shape?: Record<string, unknown>) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const elements = useRef(new Map<K, HTMLElement | null>());
  const show = (found: FieldErrors<K>) => {
    setErrors(found);
    const first = (Object.keys(labels) as K[]).find((key) => found[key] !== undefined);
    if (first) elements.current.get(first)?.focus();
  };
  return {
    errors,
    show,
    field: (key: K) => ({
      name: key,
      ref: (element: HTMLElement | null) => {
        elements.current.set(key, element);
      },
      error: errors[key],
      ...(shape?.[key] ? fieldLimits(shape[key]) : {}),
    }),
    check<T>(schema: FormSchema<T>, values: unknown): T | undefined {
      const result = checkForm(schema, values, labels);
      show(result.ok ? {} : result.errors);
      return result.ok ? result.data : undefined;
    },
    refuse(error: unknown) {
      const { fields } = splitRefusal(error, labels);
      if (Object.keys(fields).length > 0) show(fields);
    },
    alert: (error: unknown) => splitRefusal(error, labels).message,
  };
}
