import { AppError, needsResumableUpload, type ProfileImageKind, type ProfileImageResponse } from "@quire/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage, hasErrorCode } from "../../lib/errors";
import { markSignedOut, SESSION_QUERY_KEY } from "../../lib/session-state";
import { finishResumableProfileImage, RESUMABLE_UPLOADS_URL, uploadProfileImageAtOnce } from "./profile-image-api";
import { ResumableUpload } from "./tus-client";

export type ProfileImageUploadView =
  | { status: "idle" }
  | { status: "running" | "paused"; sentBytes: number; totalBytes: number; resumable: boolean }
  /** Every byte is on the server, which is making the image and its thumbnails. */
  | { status: "processing" }
  | { status: "success"; result: ProfileImageResponse }
  | { status: "canceled" }
  /** `canResume`: a resumable upload stopped half-way, which `resume()` continues. */
  | { status: "error"; message: string; canResume: boolean };

const ACCEPTED_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);
const ACCEPTED_EXTENSION = /\.(jpe?g|png|webp)$/i;

/**
 * A hint before anything is sent: the type the browser guessed, or failing that the name. The
 * server decides by the file's bytes, so this only spares a pointless upload.
 */
export function looksLikeAcceptedImage(file: File): boolean {
  return file.type ? ACCEPTED_TYPES.has(file.type) : ACCEPTED_EXTENSION.test(file.name);
}

/**
 * Uploads an avatar or cover image: one request up to 256 KB, a resumable tus upload above
 * (pause, resume, cancel), then the server's answer. The signed-in user's cached profile is
 * updated with it, so every avatar on screen changes at once.
 */
export function useProfileImageUpload(
  kind: ProfileImageKind,
  onUploaded: ((url: string, result: ProfileImageResponse) => void) | undefined,
) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<ProfileImageUploadView>({ status: "idle" });
  const upload = useRef<ResumableUpload | undefined>(undefined);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  // Nothing resumes an upload once its screen is gone: leaving stops it and frees the server's copy.
  useEffect(() => () => void upload.current?.cancel(), []);

  const succeed = useCallback(
    (result: ProfileImageResponse) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, result.user);
      setView({ status: "success", result });
      onUploadedRef.current?.(result.url, result);
    },
    [queryClient],
  );
  const fail = useCallback(
    (error: unknown, canResume = false) => {
      if (hasErrorCode(error, "unauthenticated")) markSignedOut(queryClient);
      setView({ status: "error", message: errorMessage(error), canResume });
    },
    [queryClient],
  );

  const choose = useCallback(
    (file: File) => {
      void upload.current?.cancel();
      upload.current = undefined;
      if (!looksLikeAcceptedImage(file)) {
        fail(AppError.of("imageFormatNotAllowed"));
        return;
      }
      if (!needsResumableUpload(file.size)) {
        setView({ status: "running", sentBytes: 0, totalBytes: file.size, resumable: false });
        uploadProfileImageAtOnce(kind, file).then(succeed, (error) => fail(error));
        return;
      }
      const resumable = new ResumableUpload({
        endpoint: RESUMABLE_UPLOADS_URL,
        file,
        metadata: { kind, filename: file.name },
        onProgress: (sentBytes, totalBytes) =>
          setView((current) =>
            current.status === "running" || current.status === "paused"
              ? { ...current, sentBytes, totalBytes }
              : current,
          ),
        onStateChange: (state) => {
          if (state === "running" || state === "paused") {
            setView({ status: state, sentBytes: resumable.offset, totalBytes: file.size, resumable: true });
          } else if (state === "canceled") {
            setView({ status: "canceled" });
          }
        },
        onError: (error) => fail(error, true),
        onSuccess: (uploadId) => {
          setView({ status: "processing" });
          finishResumableProfileImage(kind, uploadId).then(succeed, (error) => fail(error));
        },
      });
      upload.current = resumable;
      resumable.start();
    },
    [kind, succeed, fail],
  );

  return {
    view,
    choose,
    pause: useCallback(() => upload.current?.pause(), []),
    resume: useCallback(() => upload.current?.start(), []),
    cancel: useCallback(() => void upload.current?.cancel(), []),
  };
}
