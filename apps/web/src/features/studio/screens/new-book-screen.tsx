import { type CreateStudioBook, CreateStudioBookSchema } from "@quire/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { TextAreaField } from "../../../components/text-field";
import { useFormErrors } from "../../../lib/form-errors";
import { useScreenTitle } from "../../../lib/screen-title";
import { RequireSession } from "../../auth";
import { BookTitleField } from "../components/book-title-field";
import { useStoreBook } from "../queries";
import { studioApi } from "../studio-api";

const LABELS = { title: "Title", summary: "Summary" };

export function NewBookScreen() {
  useScreenTitle("New book");
  return <RequireSession>{() => <NewBookForm />}</RequireSession>;
}

function NewBookForm() {
  const [title, setTitle] = useState("");
  const [summary, setSummary] = useState("");
  const form = useFormErrors(LABELS, CreateStudioBookSchema.shape);
  const navigate = useNavigate();
  const storeBook = useStoreBook();
  const create = useMutation({
    mutationFn: (book: CreateStudioBook) => studioApi.createBook(book),
    onSuccess: (book) => {
      storeBook(book);
      navigate(`/studio/books/${book.book.id}`);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const body = form.check(CreateStudioBookSchema, { title, summary });
    if (body) create.mutate(body, { onError: form.refuse });
  };
  const failure = create.isError ? form.alert(create.error) : undefined;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 md:px-6 md:py-12">
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight">Start a new book</h1>
        <p className="text-ink-muted">It stays hidden from readers until you show, schedule or launch it.</p>
      </header>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="New book"
        className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7"
      >
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <BookTitleField
          {...form.field("title")}
          label={LABELS.title}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextAreaField
          {...form.field("summary")}
          label={LABELS.summary}
          value={summary}
          rows={4}
          onChange={(event) => setSummary(event.target.value)}
          hint="What the book is about, for its page."
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={create.isPending} pendingLabel="Creating…">
            Create book
          </SubmitButton>
          <Link to="/studio" className={buttonClasses("ghost")}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}
