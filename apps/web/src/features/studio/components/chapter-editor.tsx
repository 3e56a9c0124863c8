import { countHtmlWords, renderChapterHtml, type StudioChapter } from "@quire/core";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { pluralize } from "../../../lib/format";
import { useAutosave } from "../use-autosave";
import { SaveStatusText } from "./save-status";

export interface ChapterDraft {
  name: string;
  markdown: string;
}

const sameDraft = (a: ChapterDraft, b: ChapterDraft) => a.name === b.name && a.markdown === b.markdown;

export interface ChapterEditorProps {
  chapter: StudioChapter;
  save: (draft: ChapterDraft) => Promise<void>;
  /** Autosave delay; tests shorten it. */
  delayMs?: number;
}

/** Reading typography for the preview's tags (the renderer writes no classes). */
const PREVIEW = [
  "[&_p]:my-3 [&_h1]:mt-6 [&_h1]:mb-3 [&_h1]:text-3xl [&_h1]:font-semibold",
  "[&_h2]:mt-2 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold",
  "[&_h4]:mt-4 [&_h4]:font-semibold [&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-line-strong",
  "[&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote]:text-ink-muted [&_hr]:my-6 [&_hr]:border-line",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-sunken [&_pre]:p-3 [&_code]:font-mono [&_code]:text-sm",
  "[&_a]:text-accent [&_a]:underline [&_del]:opacity-70",
].join(" ");

const HELP = "**bold**, *italic*, # heading, > quote, - list, *** scene break, [link](https://…)";

/**
 * Writing one chapter: its name, the Markdown, and a live preview rendered by the same code the
 * server renders with (so the preview and the word count are what readers will get). Saved by
 * itself a moment after typing stops.
 */
export function ChapterEditor({ chapter, save, delayMs }: ChapterEditorProps) {
  const [draft, setDraft] = useState<ChapterDraft>({ name: chapter.name, markdown: chapter.markdown });
  const [view, setView] = useState<"write" | "preview">("write");
  const autosave = useAutosave(draft, save, { delayMs, isEqual: sameDraft });
  const deferred = useDeferredValue(draft);
  const html = useMemo(() => renderChapterHtml(deferred.name || "Untitled", deferred.markdown), [deferred]);
  const words = useMemo(() => countHtmlWords(html), [html]);
  const id = useId();
  const nameError = draft.name.trim() === "" ? "Give the chapter a name." : undefined;

  return (
    <div className="flex flex-col gap-4" data-testid="chapter-editor">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 max-sm:basis-full">
          <label htmlFor={`${id}-name`} className="font-medium text-ink text-sm">
            Chapter name
          </label>
          <input
            id={`${id}-name`}
            value={draft.name}
            maxLength={200}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(event) => setDraft((current) => ({ ...current, name: event.target.value }))}
            className="h-11 w-full rounded-lg border border-line-strong bg-surface px-3 font-serif text-ink text-lg shadow-sm"
          />
          {nameError ? (
            <p id={`${id}-name-error`} className="text-danger text-sm">
              {nameError}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-3 text-sm">
          <p className="text-ink-muted tabular-nums" data-testid="word-count" aria-live="off">
            {pluralize(words, "word")}
          </p>
          <SaveStatusText status={autosave.status} error={autosave.error} onRetry={() => void autosave.flush()} />
        </div>
      </div>

      {/* Phones show one pane at a time; wide screens both side by side. */}
      <div role="tablist" aria-label="Editor view" className="flex gap-1 rounded-full bg-sunken p-1 lg:hidden">
        {(["write", "preview"] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={view === name}
            aria-controls={`${id}-${name}`}
            onClick={() => setView(name)}
            className={`min-h-9 flex-1 rounded-full text-sm capitalize max-md:min-h-11 ${view === name ? "bg-surface font-semibold text-ink shadow-sm" : "text-ink-muted"}`}
          >
            {name}
          </button>
        ))}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <div id={`${id}-write`} className={`flex flex-col gap-1.5 ${view === "write" ? "" : "max-lg:hidden"}`}>
          <label htmlFor={`${id}-markdown`} className="font-medium text-ink text-sm">
            Text (Markdown)
          </label>
          <textarea
            id={`${id}-markdown`}
            value={draft.markdown}
            spellCheck
            aria-describedby={`${id}-help`}
            onChange={(event) => setDraft((current) => ({ ...current, markdown: event.target.value }))}
            className="min-h-[28rem] w-full resize-y rounded-xl border border-line-strong bg-surface px-4 py-3 font-mono text-ink text-sm leading-relaxed shadow-sm"
            placeholder="Once upon a time…"
          />
          <p id={`${id}-help`} className="text-ink-muted text-xs">
            {HELP}
          </p>
        </div>
        <section
          id={`${id}-preview`}
          aria-label="Preview"
          className={`min-h-[28rem] overflow-auto rounded-xl border border-line bg-surface px-5 py-4 ${view === "preview" ? "" : "max-lg:hidden"}`}
        >
          <div
            className={`font-serif text-ink leading-relaxed [overflow-wrap:anywhere] ${PREVIEW}`}
            data-testid="chapter-preview"
            // The renderer escapes every character of the source and writes only its own tags.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: output of the safe Markdown renderer
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </section>
      </div>
    </div>
  );
}
