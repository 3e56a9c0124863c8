import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { TextField } from "../../../components/text-field";
import { errorMessage } from "../../../lib/errors";
import { useScreenTitle } from "../../../lib/screen-title";
import { RequireSession } from "../../auth/components/require-session";
import { TextArea } from "../components/text-area";
import { useStoreBook } from "../queries";
import { studioApi } from "../studio-api";

export function NewBookScreen() {
  useScreenTitle("New book");
  return <RequireSession>{() => <NewBookForm />}</RequireSession>;
}

function NewBookForm() {
  const [title, setTitle] = useState("");
  const [summary, setSummary] = useState("");
  const [titleError, setTitleError] = useState<string>();
  const navigate = useNavigate();
  const storeBook = useStoreBook();
  const create = useMutation({
    mutationFn: () => studioApi.createBook({ title, summary }),
    onSuccess: (book) => {
      storeBook(book);
      navigate(`/studio/books/${book.book.id}`);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (title.trim() === "") {
      setTitleError("Give the book a title.");
      return;
    }
    setTitleError(undefined);
    create.mutate();
  };

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
        {create.isError ? <FormAlert>{errorMessage(create.error)}</FormAlert> : null}
        <TextField
          label="Title"
          name="title"
          maxLength={300}
          value={title}
          error={titleError}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextArea
          label="Summary"
          value={summary}
          maxLength={4000}
          rows={4}
          onChange={setSummary}
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
