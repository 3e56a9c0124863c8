import type { StudioBook } from "@quire/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, FilePlus2, Trash2 } from "lucide-react";
import { useCallback } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { Button } from "../../../components/button";
import { ErrorState } from "../../../components/error-state";
import { FormAlert } from "../../../components/form-alert";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { errorMessage } from "../../../lib/errors";
import { formatNumber } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { RequireSession } from "../../auth";
import { type ChapterDraft, ChapterEditor } from "../components/chapter-editor";
import { ChapterOrderList } from "../components/chapter-order-list";
import { ConfirmAction } from "../components/confirm-action";
import { smallButton, TAP } from "../components/tap-target";
import { studioChapterQuery, studioKeys, useAddChapter, useStoreBook, useStudioBook } from "../queries";
import { studioApi } from "../studio-api";

export function ChapterEditorScreen() {
  useScreenTitle("Write");
  const { id = "", anchorId } = useParams();
  return <RequireSession>{() => <ChapterWorkspace bookId={id} anchorId={anchorId} />}</RequireSession>;
}

function ChapterWorkspace({ bookId, anchorId }: { bookId: string; anchorId: string | undefined }) {
  const book = useStudioBook(bookId);
  const storeBook = useStoreBook();
  const addChapter = useAddChapter(bookId, book.data?.chapters.length ?? 0);
  const reorder = useMutation({
    mutationFn: (anchorIds: string[]) => studioApi.reorderChapters(bookId, anchorIds),
    onSuccess: storeBook,
  });
  const queryClient = useQueryClient();
  const onReorder = (anchorIds: string[]) => {
    // Shown at once; the server's answer (or a refetch after a failure) settles it.
    const current = book.data;
    if (current) {
      const byAnchor = new Map(current.chapters.map((chapter) => [chapter.anchorId, chapter]));
      const chapters = anchorIds.flatMap((anchor, index) => {
        const chapter = byAnchor.get(anchor);
        return chapter ? [{ ...chapter, chapterNumber: index + 1 }] : [];
      });
      queryClient.setQueryData<StudioBook>(studioKeys.book(bookId), { ...current, chapters });
    }
    reorder.mutate(anchorIds, {
      onError: () => void queryClient.invalidateQueries({ queryKey: studioKeys.book(bookId) }),
    });
  };

  if (book.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ErrorState title="Couldn't open this book" error={book.error} onRetry={() => void book.refetch()} />
      </div>
    );
  }
  if (!book.data) return <WorkspaceSkeleton />;
  const chapters = book.data.chapters;
  if (!anchorId && chapters[0])
    return <Navigate to={`/studio/books/${bookId}/chapters/${chapters[0].anchorId}`} replace />;

  return (
    <div
      className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:px-6 lg:flex-row"
      data-testid="chapter-workspace"
    >
      <aside className="flex flex-col gap-3 lg:w-72 lg:shrink-0" aria-label="Book">
        <Link
          to={`/studio/books/${bookId}`}
          className={`inline-flex min-w-0 items-center gap-1.5 text-ink-muted text-sm [overflow-wrap:anywhere] hover:text-ink ${TAP}`}
        >
          <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
          <span className="line-clamp-2">{book.data.book.title}</span>
        </Link>
        <p className="text-ink-muted text-xs">
          {formatNumber(book.data.wordCount)} words · about {book.data.timeToReadMinutes} min to read
        </p>
        <ChapterOrderList bookId={bookId} chapters={chapters} onReorder={onReorder} busy={reorder.isPending} />
        {reorder.isError ? <FormAlert>{errorMessage(reorder.error)}</FormAlert> : null}
        <Button
          variant="secondary"
          size="sm"
          className={TAP}
          onClick={() => addChapter.mutate()}
          aria-disabled={addChapter.isPending || undefined}
        >
          <FilePlus2 aria-hidden="true" className="size-4" />
          {addChapter.isPending ? "Adding…" : "New chapter"}
        </Button>
        {addChapter.isError ? <FormAlert>{errorMessage(addChapter.error)}</FormAlert> : null}
      </aside>
      <main className="min-w-0 flex-1">
        {anchorId ? (
          <ChapterPane key={anchorId} bookId={bookId} anchorId={anchorId} />
        ) : (
          <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-line-strong p-8">
            <h1 className="font-semibold font-serif text-2xl text-ink">Write the first chapter</h1>
            <p className="text-ink-muted">Chapters are written in Markdown and saved as you type.</p>
            <Button onClick={() => addChapter.mutate()}>Add a chapter</Button>
          </div>
        )}
      </main>
    </div>
  );
}

function ChapterPane({ bookId, anchorId }: { bookId: string; anchorId: string }) {
  const chapter = useQuery(studioChapterQuery(bookId, anchorId));
  const storeBook = useStoreBook();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useCallback(
    async (draft: ChapterDraft) => {
      if (draft.name.trim() === "") throw new Error("The chapter needs a name.");
      const answer = await studioApi.updateChapter(bookId, anchorId, draft);
      queryClient.setQueryData(studioKeys.chapter(bookId, anchorId), answer.chapter);
      storeBook(answer.book);
    },
    [bookId, anchorId, queryClient, storeBook],
  );
  const remove = useMutation({
    mutationFn: () => studioApi.deleteChapter(bookId, anchorId),
    onSuccess: (book) => {
      queryClient.removeQueries({ queryKey: studioKeys.chapter(bookId, anchorId) });
      storeBook(book);
      navigate(`/studio/books/${bookId}/chapters`, { replace: true });
    },
  });

  if (chapter.isError) {
    return (
      <ErrorState title="Couldn't open this chapter" error={chapter.error} onRetry={() => void chapter.refetch()} />
    );
  }
  if (!chapter.data) return <LoadingStatus label="Opening the chapter…" />;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="sr-only">Chapter {chapter.data.chapterNumber}</h1>
      <ChapterEditor chapter={chapter.data} save={save} />
      <div className="flex flex-wrap items-center gap-3 border-line border-t pt-4">
        <Link to={`/studio/books/${bookId}`} className={smallButton("ghost")}>
          Book settings
        </Link>
        <ConfirmAction
          label={
            <>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete chapter
            </>
          }
          question={`Delete “${chapter.data.name}”? Readers lose it too.`}
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
        {remove.isError ? <FormAlert>{errorMessage(remove.error)}</FormAlert> : null}
      </div>
    </div>
  );
}

function WorkspaceSkeleton() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 md:px-6">
      <LoadingStatus label="Opening the book…" />
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-[28rem] w-full rounded-2xl" />
    </div>
  );
}
