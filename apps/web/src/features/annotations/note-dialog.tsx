import type { AnnotationColor } from "@quire/core";
import { ANNOTATION_COLORS, ANNOTATION_LIMITS } from "@quire/core/constants";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { buttonClasses } from "../../components/button";
import { FieldError } from "../../components/text-field";
import { COLOR_NAMES, ColorDot } from "./highlight-colors";

/** Writes or edits the note on a passage: the passage quoted above, its colour and the note below. */
export function NoteDialog({
  quote,
  initialNote,
  initialColor,
  busy,
  error,
  onSave,
  onCancel,
}: {
  quote: string;
  initialNote: string;
  initialColor: AnnotationColor;
  busy: boolean;
  error: string | null;
  onSave(note: string, color: AnnotationColor): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [note, setNote] = useState(initialNote);
  const [color, setColor] = useState(initialColor);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The reader turns pages on arrow keys and Space: not while a note is being written.
    const keepKeys = (event: KeyboardEvent) => event.stopPropagation();
    dialog?.addEventListener("keydown", keepKeys);
    return () => dialog?.removeEventListener("keydown", keepKeys);
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(note.trim(), color);
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="note-dialog"
      onClose={onCancel}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-0 text-ink shadow-card backdrop:bg-black/45"
    >
      <form onSubmit={submit} className="flex flex-col gap-4 p-5">
        <h2 id={titleId} className="font-semibold font-serif text-lg">
          {initialNote ? "Edit note" : "Add a note"}
        </h2>
        <blockquote className="line-clamp-4 border-accent border-l-2 pl-3 font-serif text-ink-muted text-sm">
          {quote}
        </blockquote>
        <fieldset className="flex flex-wrap items-center gap-1">
          <legend className="sr-only">Colour</legend>
          {ANNOTATION_COLORS.map((choice) => (
            <label
              key={choice}
              className="inline-flex cursor-pointer items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm has-[:checked]:bg-sunken has-[:checked]:font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
            >
              <input
                type="radio"
                name="color"
                value={choice}
                checked={color === choice}
                onChange={() => setColor(choice)}
                className="sr-only"
              />
              <ColorDot color={choice} className="size-4" />
              {COLOR_NAMES[choice]}
            </label>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1.5 font-medium text-sm">
          Note
          <textarea
            autoFocus
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={ANNOTATION_LIMITS.noteMaxChars}
            rows={5}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${titleId}-error` : undefined}
            className={`rounded-xl border bg-paper px-3 py-2 font-normal text-base text-ink ${error ? "border-danger" : "border-line-strong"}`}
          />
        </label>
        {/* The refusal is read with the note, and announced when it arrives. */}
        {error ? (
          <div role="alert">
            <FieldError id={`${titleId}-error`}>{error}</FieldError>
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onCancel} className={buttonClasses("ghost", "sm")}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy || (!initialNote && note.trim() === "")}
            className={buttonClasses("primary", "sm")}
          >
            Save note
          </button>
        </div>
      </form>
    </dialog>
  );
}
