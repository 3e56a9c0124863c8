import { EPUB_ACCEPT, type ImportResult, type ImportWarning, type Me } from "@quire/core";
import { ERRORS } from "@quire/core/errors";
import { useMutation } from "@tanstack/react-query";
import { FileUp } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { FilePicker } from "../../../components/file-picker";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { FieldError } from "../../../components/text-field";
import { useFormErrors } from "../../../lib/form-errors";
import { formatNumber, pluralize } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { RequireSession } from "../../auth";
import { smallButton } from "../components/tap-target";
import { importEpub } from "../studio-api";

const LABELS = { file: "EPUB file" };

export function AdminImportScreen() {
  useScreenTitle("Import an EPUB");
  return <RequireSession>{(user) => <AdminImport user={user} />}</RequireSession>;
}

function AdminImport({ user }: { user: Me }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const form = useFormErrors(LABELS);
  const fileError = form.errors.file;
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      setProgress(0);
      return importEpub(chosen, setProgress);
    },
  });

  if (!user.roles.includes("admin")) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <FormAlert>Only administrators can do this.</FormAlert>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    // A multipart upload has no body schema: the one rule is that a file is chosen.
    form.show(file ? {} : { file: ERRORS.epubMissing.message });
    if (file) upload.mutate(file, { onError: form.refuse });
    else document.getElementById(`${id}-file`)?.focus();
  };
  const failure = upload.isError ? form.alert(upload.error) : undefined;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 md:px-6 md:py-12" data-testid="admin-import">
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight">Import an EPUB</h1>
        <p className="text-ink-muted">
          Adds a public-domain book to the catalogue. A new edition of a book imported before updates that book.
        </p>
      </header>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Import an EPUB"
        className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7"
      >
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        {upload.data ? <ImportSummary result={upload.data} /> : null}
        {upload.data && upload.data.warnings.length > 0 ? <ImportWarnings warnings={upload.data.warnings} /> : null}
        <div className="flex flex-col gap-1.5">
          <p className="font-medium text-ink text-sm">{LABELS.file}</p>
          <FilePicker
            id={`${id}-file`}
            accept={EPUB_ACCEPT}
            label={file ? "Choose another EPUB file" : "Choose an EPUB file"}
            icon={<FileUp aria-hidden="true" className="size-4" />}
            invalid={Boolean(fileError)}
            describedBy={fileError ? `${id}-error` : undefined}
            fileName={file?.name}
            onFile={setFile}
          />
          {fileError ? <FieldError id={`${id}-error`}>{fileError}</FieldError> : null}
        </div>
        {upload.isPending ? (
          <div className="flex flex-col gap-1.5">
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 w-full overflow-hidden rounded-full bg-sunken"
            >
              <div
                className="h-full bg-accent transition-[width]"
                style={{ width: `${Math.round(progress * 100)}%` }}
              />
            </div>
            <p className="text-ink-muted text-xs">
              {progress < 1
                ? `Uploading… ${Math.round(progress * 100)}%`
                : "Importing: reading chapters, pictures and the cover…"}
            </p>
          </div>
        ) : null}
        <SubmitButton pending={upload.isPending} pendingLabel="Importing…" className="self-start">
          <FileUp aria-hidden="true" className="size-4" />
          Import
        </SubmitButton>
      </form>
    </div>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <FormAlert
      tone="success"
      action={
        <Link to={`/books/${result.bookId}`} className={smallButton("secondary", "self-start")}>
          Open the book
        </Link>
      }
    >
      <span className="[overflow-wrap:anywhere]">
        {result.created ? "Imported" : `Imported edition ${result.version} of`} “{result.title}”: {result.chapters}{" "}
        chapters, {formatNumber(result.wordCount)} words.
      </span>
    </FormAlert>
  );
}

/** What the importer left out of a book it still imported (a missing picture, a link leaving the book). */
function ImportWarnings({ warnings }: { warnings: ImportWarning[] }) {
  return (
    <FormAlert tone="info" testId="import-warnings">
      <p className="font-medium">
        Imported with {pluralize(warnings.length, "warning")}: these references were left out.
      </p>
      <ul className="mt-1.5 flex list-disc flex-col gap-1 pl-5 [overflow-wrap:anywhere]">
        {warnings.map((warning) => (
          <li key={warning.message}>{warning.message}</li>
        ))}
      </ul>
    </FormAlert>
  );
}
