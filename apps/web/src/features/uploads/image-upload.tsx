import { PROFILE_IMAGE_ACCEPT, type ProfileImageKind, type ProfileImageResponse, thumbnailUrl } from "@quire/core";
import { ImageUp, Pause, Play, X } from "lucide-react";
import { type SyntheticEvent, useId } from "react";
import { Button } from "../../components/button";
import { FilePicker } from "../../components/file-picker";
import { FormAlert } from "../../components/form-alert";
import { fileUrl } from "../../lib/native/config";
import { formatBytes } from "./format-bytes";
import { type ProfileImageUploadView, useProfileImageUpload } from "./use-profile-image-upload";

export interface ImageUploadProps {
  kind: ProfileImageKind;
  /** The image the profile has now (its original URL), or null. */
  currentUrl: string | null;
  onUploaded?: (url: string, result: ProfileImageResponse) => void;
}

const TEXT: Record<ProfileImageKind, { title: string; done: string }> = {
  avatar: { title: "Profile picture", done: "Your profile picture is updated." },
  cover: { title: "Cover image", done: "Your cover image is updated." },
};

/** Thumbnails are made after the upload; if one is missing, the original is shown instead (SPEC §7 fallback). */
function showOriginalInstead(original: string) {
  return (event: SyntheticEvent<HTMLImageElement>) => {
    if (event.currentTarget.src !== new URL(original, window.location.href).href) event.currentTarget.src = original;
  };
}

function Preview({ kind, url }: { kind: ProfileImageKind; url: string | null }) {
  const shape = kind === "avatar" ? "size-24 shrink-0 rounded-full" : "aspect-[3/1] w-full max-w-md rounded-xl sm:w-64";
  if (!url) {
    return (
      <div className={`${shape} grid place-items-center border border-line border-dashed bg-sunken text-ink-faint`}>
        <ImageUp aria-hidden="true" className="size-6" />
      </div>
    );
  }
  const thumbnail = thumbnailUrl(url, kind === "avatar" ? "small" : "medium");
  return (
    <img
      src={fileUrl(thumbnail)}
      onError={showOriginalInstead(fileUrl(url))}
      alt={kind === "avatar" ? "Your profile picture" : "Your cover image"}
      className={`${shape} border border-line bg-sunken object-cover`}
      data-testid={`${kind}-preview`}
    />
  );
}

function Progress({
  view,
  label,
}: {
  view: Extract<ProfileImageUploadView, { status: "running" | "paused" }>;
  label: string;
}) {
  const percent = view.totalBytes > 0 ? Math.floor((view.sentBytes / view.totalBytes) * 100) : 0;
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        // A single small request has no progress to report: the bar is indeterminate then.
        aria-valuenow={view.resumable ? percent : undefined}
        aria-valuetext={view.resumable ? `${percent}%` : "Uploading"}
        className="h-2 w-full overflow-hidden rounded-full bg-sunken"
      >
        <div
          className={`h-full rounded-full bg-accent transition-[width] ${view.resumable ? "" : "w-1/3 animate-pulse"}`}
          style={view.resumable ? { width: `${percent}%` } : undefined}
        />
      </div>
      <p className="text-ink-muted text-xs" aria-hidden="true">
        {view.resumable
          ? `${view.status === "paused" ? "Paused · " : ""}${formatBytes(view.sentBytes)} of ${formatBytes(view.totalBytes)}`
          : "Uploading…"}
      </p>
    </div>
  );
}

/**
 * Picks and uploads an avatar or cover image: JPG, PNG or WebP; up to 256 KB in one request,
 * larger files resumably with a progress bar and pause, resume and cancel. Shows the server's
 * message when it refuses, and the new thumbnail when done.
 */
export function ImageUpload({ kind, currentUrl, onUploaded }: ImageUploadProps) {
  const inputId = useId();
  const hintId = useId();
  const { view, choose, pause, resume, cancel } = useProfileImageUpload(kind, onUploaded);
  const { title, done } = TEXT[kind];
  const busy = view.status === "running" || view.status === "paused" || view.status === "processing";
  const shownUrl = view.status === "success" ? view.result.url : currentUrl;

  return (
    <div className="flex flex-col gap-4" data-testid={`${kind}-upload`}>
      <div className={`flex gap-4 ${kind === "avatar" ? "items-center" : "flex-col sm:flex-row sm:items-center"}`}>
        <Preview kind={kind} url={shownUrl} />
        <div className="flex min-w-0 flex-col gap-1.5">
          <p className="font-medium text-ink text-sm">{title}</p>
          <FilePicker
            id={inputId}
            accept={PROFILE_IMAGE_ACCEPT}
            label={`Choose ${title.toLowerCase()}`}
            icon={<ImageUp aria-hidden="true" className="size-4" />}
            describedBy={hintId}
            disabled={busy}
            onFile={choose}
          />
          <p id={hintId} className="text-ink-muted text-xs">
            JPG, PNG or WebP. Files over 256 KB upload in parts and can be paused.
          </p>
        </div>
      </div>

      {view.status === "running" || view.status === "paused" ? (
        <div className="flex flex-col gap-3">
          <Progress view={view} label={`Uploading ${title.toLowerCase()}`} />
          {view.resumable ? (
            <div className="flex flex-wrap gap-2">
              {view.status === "running" ? (
                <Button variant="secondary" size="sm" onClick={pause}>
                  <Pause aria-hidden="true" className="size-4" /> Pause
                </Button>
              ) : (
                <Button variant="secondary" size="sm" onClick={resume}>
                  <Play aria-hidden="true" className="size-4" /> Resume
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={cancel}>
                <X aria-hidden="true" className="size-4" /> Cancel
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}

      <div role="status" className="text-ink-muted text-sm empty:hidden">
        {view.status === "processing" ? "Making thumbnails…" : null}
        {view.status === "canceled" ? "Upload canceled." : null}
        {view.status === "success" ? (
          <FormAlert tone="success" live={false} testId={`${kind}-uploaded`}>
            {done}
          </FormAlert>
        ) : null}
      </div>
      {view.status === "error" ? (
        <FormAlert
          testId={`${kind}-upload-error`}
          action={
            view.canResume ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={resume}>
                  <Play aria-hidden="true" className="size-4" /> Try again
                </Button>
                <Button variant="ghost" size="sm" onClick={cancel}>
                  <X aria-hidden="true" className="size-4" /> Cancel
                </Button>
              </div>
            ) : undefined
          }
        >
          {view.message}
        </FormAlert>
      ) : null}
    </div>
  );
}
