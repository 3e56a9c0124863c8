import { AppError, PROFILE_IMAGE_ACCEPT, type StudioBook, UPLOAD_SINGLE_REQUEST_MAX_BYTES } from "@quire/core";
import { useMutation } from "@tanstack/react-query";
import { ImageUp } from "lucide-react";
import { useId } from "react";
import { FilePicker } from "../../../components/file-picker";
import { FormAlert } from "../../../components/form-alert";
import { errorMessage } from "../../../lib/errors";
import { fileUrl } from "../../../lib/native/config";
import { useStoreBook } from "../queries";
import { uploadCover } from "../studio-api";

/** Sizes (longest side) and JPEG qualities tried, in order, to bring a large picture under 256 KB. */
const ATTEMPTS: [number, number][] = [
  [1600, 0.85],
  [1200, 0.8],
  [900, 0.75],
  [700, 0.7],
];

/**
 * Covers go up in one request, so they must be 256 KB or less (SPEC §4): a larger picture is
 * scaled down and re-encoded as a JPEG in the browser first. The server still checks the bytes.
 */
export async function fitInOneRequest(file: File): Promise<Blob> {
  if (file.size <= UPLOAD_SINGLE_REQUEST_MAX_BYTES) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw AppError.of("imageFormatNotAllowed");
  }
  for (const [px, quality] of ATTEMPTS) {
    const scale = Math.min(1, px / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (blob && blob.size <= UPLOAD_SINGLE_REQUEST_MAX_BYTES) return blob;
  }
  throw AppError.of("imageTooLargeForOneRequest");
}

export function CoverPicker({ book }: { book: StudioBook["book"] }) {
  const id = useId();
  const storeBook = useStoreBook();
  const upload = useMutation({
    mutationFn: async (file: File) => uploadCover(book.id, await fitInOneRequest(file), file.name),
    onSuccess: storeBook,
  });
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7"
    >
      <div className="aspect-[2/3] w-24 shrink-0 self-start overflow-hidden rounded-lg bg-sunken ring-1 ring-line sm:w-32">
        {book.imageUrl ? (
          <img
            src={fileUrl(book.imageUrl)}
            alt={`Cover of ${book.title}`}
            className="size-full object-cover"
            data-testid="cover-image"
          />
        ) : (
          <div className="flex size-full items-center justify-center p-3 text-center text-ink-faint text-xs">
            No cover yet
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-col items-start gap-3">
        <h2 id={`${id}-title`} className="font-semibold font-serif text-ink text-xl">
          Cover
        </h2>
        <p className="text-ink-muted text-sm">A JPG, PNG or WebP picture, ideally 2:3 (for example 1200 × 1800).</p>
        <FilePicker
          id={`${id}-file`}
          accept={PROFILE_IMAGE_ACCEPT}
          label={upload.isPending ? "Uploading…" : book.imageUrl ? "Replace cover" : "Upload cover"}
          icon={<ImageUp aria-hidden="true" className="size-4" />}
          disabled={upload.isPending}
          onFile={(file) => upload.mutate(file)}
        />
        {upload.isError ? <FormAlert>{errorMessage(upload.error)}</FormAlert> : null}
        {upload.isSuccess ? <FormAlert tone="success">Cover updated.</FormAlert> : null}
      </div>
    </section>
  );
}
