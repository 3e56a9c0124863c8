import type { ProfileImageKind, ProfileImageResponse } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { api, apiFetch } from "../../lib/api-client";
import { connectionFailed, parseFailure } from "../../lib/errors";

/** The tus endpoint resumable uploads are created at. */
export const RESUMABLE_UPLOADS_URL = apiPath("uploads.tus");

/** 256 KB or less: the image in one multipart request, answered with the stored image and profile. */
export async function uploadProfileImageAtOnce(kind: ProfileImageKind, file: File): Promise<ProfileImageResponse> {
  const form = new FormData();
  form.append("file", file, file.name);
  let response: Response;
  try {
    response = await apiFetch(apiPath(`me.${kind}`), {
      method: "POST",
      body: form,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
  } catch (error) {
    throw connectionFailed(error);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok || body === undefined) throw parseFailure(response.status, body);
  return body as ProfileImageResponse;
}

/** After a resumable upload: the server processes it exactly as it would a small one. */
export function finishResumableProfileImage(kind: ProfileImageKind, uploadId: string): Promise<ProfileImageResponse> {
  return api(`me.${kind}`, { body: { uploadId } });
}
