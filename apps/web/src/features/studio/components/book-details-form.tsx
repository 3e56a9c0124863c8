import {
  type Character,
  type CompletionStatus,
  type PublishingLabel,
  type StudioBook,
  StudioBookFieldsSchema,
  type UpdateStudioBook,
  UpdateStudioBookSchema,
} from "@quire/core";
import { useMutation } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { SelectField } from "../../../components/select-field";
import { SubmitButton } from "../../../components/submit-button";
import { CheckboxField, FieldError, TextAreaField, TextField } from "../../../components/text-field";
import { fieldLimits, useFormErrors } from "../../../lib/form-errors";
import { PUBLISHING_LABELS_TEXT, useCategories, useGenres } from "../../catalog";
import { useStoreBook } from "../queries";
import { studioApi } from "../studio-api";
import { BookTitleField } from "./book-title-field";
import { TAP } from "./tap-target";

interface Values {
  title: string;
  summary: string;
  teaser: string;
  genres: string[];
  categories: string[];
  moods: string;
  /** Each row keeps a key of its own while it is edited. */
  characters: (Character & { key: string })[];
  completionStatus: CompletionStatus;
  display: boolean;
  publishingLabel: PublishingLabel;
}

function valuesOf(studioBook: StudioBook): Values {
  const { book } = studioBook;
  return {
    title: book.title,
    summary: book.summary,
    teaser: studioBook.teaser,
    genres: book.genreRefs,
    categories: book.categoryRefs,
    moods: studioBook.moods.join(", "),
    characters: studioBook.characters.map((character) => ({ ...character, key: crypto.randomUUID() })),
    completionStatus: book.completionStatus,
    display: book.display,
    publishingLabel: book.publishingLabel ?? "community-original",
  };
}

/** Moods are typed as a comma-separated list. */
export function moodsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((mood) => mood.trim())
        .filter(Boolean),
    ),
  ];
}

const LABELS = {
  title: "Title",
  summary: "Summary",
  teaser: "Teaser",
  genres: "Genres",
  moods: "Moods",
  characters: "Characters",
  categories: "Categories",
};
const CHARACTER = StudioBookFieldsSchema.shape.characters.element.shape;
const CHARACTER_NAME_MAX = fieldLimits(CHARACTER.name).maxLength;
const CHARACTER_DESCRIPTION_MAX = fieldLimits(CHARACTER.description).maxLength;

const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]);

/** The book's own fields; categories and the publishing label appear for administrators only. */
export function BookDetailsForm({ studioBook, isAdmin }: { studioBook: StudioBook; isAdmin: boolean }) {
  const id = useId();
  const [values, setValues] = useState(() => valuesOf(studioBook));
  // What the form started from: only fields changed since are sent, so a save never undoes what
  // happened elsewhere meanwhile (scheduling shows the book, for one).
  const [base, setBase] = useState(values);
  const form = useFormErrors(LABELS, StudioBookFieldsSchema.shape);
  const genres = useGenres();
  const categories = useCategories();
  const storeBook = useStoreBook();
  const update = useMutation({
    mutationFn: (input: UpdateStudioBook) => studioApi.updateBook(studioBook.book.id, input),
    onSuccess: (saved) => {
      storeBook(saved);
      setBase(values);
    },
  });
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const changed = <K extends keyof Values>(key: K) => JSON.stringify(values[key]) !== JSON.stringify(base[key]);
    const input: UpdateStudioBook = {};
    if (changed("title")) input.title = values.title;
    if (changed("summary")) input.summary = values.summary;
    if (changed("teaser")) input.teaser = values.teaser;
    if (changed("genres")) input.genres = values.genres;
    if (changed("moods")) input.moods = moodsOf(values.moods);
    if (changed("characters")) {
      input.characters = values.characters
        .filter((character) => character.name.trim() !== "")
        .map(({ name, description }) => ({ name, description }));
    }
    if (changed("completionStatus")) input.completionStatus = values.completionStatus;
    if (changed("display")) input.display = values.display;
    if (isAdmin && changed("categories")) input.categories = values.categories;
    if (isAdmin && changed("publishingLabel")) input.publishingLabel = values.publishingLabel;
    const body = form.check(UpdateStudioBookSchema, input);
    if (body) update.mutate(body, { onError: form.refuse });
  };
  const failure = update.isError ? form.alert(update.error) : undefined;
  /** A group of checkboxes or rows has its error under its legend, read with the group. */
  const groupError = (key: "genres" | "characters" | "categories") => {
    const { ref, error } = form.field(key);
    return {
      group: { ref, tabIndex: -1, "aria-describedby": error ? `${id}-${key}-error` : undefined },
      error: error ? <FieldError id={`${id}-${key}-error`}>{error}</FieldError> : null,
    };
  };
  const genresGroup = groupError("genres");
  const charactersGroup = groupError("characters");
  const categoriesGroup = groupError("categories");

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7"
      data-testid="book-details"
    >
      <h2 id={`${id}-title`} className="font-semibold font-serif text-ink text-xl">
        Details
      </h2>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {update.isSuccess ? <FormAlert tone="success">Saved.</FormAlert> : null}
      <BookTitleField
        {...form.field("title")}
        label={LABELS.title}
        value={values.title}
        saved={base.title}
        onChange={(event) => set("title", event.target.value)}
      />
      <TextAreaField
        {...form.field("summary")}
        label={LABELS.summary}
        value={values.summary}
        rows={4}
        onChange={(event) => set("summary", event.target.value)}
      />
      <TextAreaField
        {...form.field("teaser")}
        label={LABELS.teaser}
        value={values.teaser}
        rows={3}
        onChange={(event) => set("teaser", event.target.value)}
        hint="A few lines from the book to draw readers in."
      />

      <fieldset {...genresGroup.group} className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-ink text-sm">{LABELS.genres}</legend>
        {genresGroup.error}
        <div className="flex flex-wrap gap-2">
          {(genres.data ?? []).map((genre) => (
            <label
              key={genre.id}
              className={`inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-line-strong px-3 text-ink text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/10 ${TAP}`}
            >
              <input
                type="checkbox"
                className="accent-accent"
                checked={values.genres.includes(genre.id)}
                onChange={() => set("genres", toggle(values.genres, genre.id))}
              />
              {genre.displayName}
            </label>
          ))}
        </div>
      </fieldset>

      <TextField
        {...form.field("moods")}
        label={LABELS.moods}
        value={values.moods}
        onChange={(event) => set("moods", event.target.value)}
        hint="Separated by commas: hopeful, tense, cosy…"
      />

      <fieldset {...charactersGroup.group} className="flex flex-col gap-3">
        <legend className="mb-1 font-medium text-ink text-sm">{LABELS.characters}</legend>
        {charactersGroup.error}
        {values.characters.map((character, index) => (
          <div
            key={character.key}
            className="grid gap-2 rounded-xl border border-line p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
          >
            <TextField
              label={`Character ${index + 1} name`}
              value={character.name}
              maxLength={CHARACTER_NAME_MAX}
              onChange={(event) =>
                set(
                  "characters",
                  values.characters.map((c, i) => (i === index ? { ...c, name: event.target.value } : c)),
                )
              }
            />
            <TextField
              label={`Character ${index + 1} description`}
              value={character.description}
              maxLength={CHARACTER_DESCRIPTION_MAX}
              onChange={(event) =>
                set(
                  "characters",
                  values.characters.map((c, i) => (i === index ? { ...c, description: event.target.value } : c)),
                )
              }
            />
            <Button
              variant="ghost"
              size="sm"
              className={`${TAP} max-md:justify-self-end`}
              aria-label={`Remove character ${index + 1}`}
              onClick={() =>
                set(
                  "characters",
                  values.characters.filter((_, i) => i !== index),
                )
              }
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          className={`self-start ${TAP}`}
          onClick={() =>
            set("characters", [...values.characters, { name: "", description: "", key: crypto.randomUUID() }])
          }
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a character
        </Button>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-ink text-sm">Is the book finished?</legend>
        {(
          [
            ["wip", "Still being written"],
            ["complete", "Complete"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={`inline-flex min-h-8 items-center gap-2 text-ink text-sm ${TAP}`}>
            <input
              type="radio"
              name={`${id}-completion`}
              className="size-4 accent-accent"
              checked={values.completionStatus === value}
              onChange={() => set("completionStatus", value)}
            />
            {label}
          </label>
        ))}
      </fieldset>

      <CheckboxField
        label="Show in the catalogue"
        description="Hidden books are seen only by you (and administrators)."
        checked={values.display}
        onChange={(event) => set("display", event.target.checked)}
      />

      {isAdmin ? (
        <fieldset className="flex flex-col gap-3 rounded-xl border border-line border-dashed p-4">
          <legend className="px-1 font-medium text-ink text-sm">Administration</legend>
          <SelectField
            label="Publishing label"
            value={values.publishingLabel}
            onChange={(value) => set("publishingLabel", value as PublishingLabel)}
          >
            {Object.entries(PUBLISHING_LABELS_TEXT).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </SelectField>
          <fieldset {...categoriesGroup.group} className="flex flex-wrap gap-2">
            <legend className="mb-1 font-medium text-ink text-sm">{LABELS.categories}</legend>
            {categoriesGroup.error}
            {(categories.data ?? []).map((category) => (
              <label
                key={category.id}
                className={`inline-flex min-h-9 items-center gap-2 rounded-full border border-line-strong px-3 text-ink text-sm ${TAP}`}
              >
                <input
                  type="checkbox"
                  className="accent-accent"
                  checked={values.categories.includes(category.id)}
                  onChange={() => set("categories", toggle(values.categories, category.id))}
                />
                {category.name}
              </label>
            ))}
          </fieldset>
        </fieldset>
      ) : null}

      <SubmitButton pending={update.isPending} pendingLabel="Saving…" className="self-start" testId="save-details">
        Save details
      </SubmitButton>
    </form>
  );
}
