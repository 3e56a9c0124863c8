import type {
  BecomeAuthorResponse,
  CreateStudioBook,
  ImportResult,
  LaunchResponse,
  StudioBook,
  StudioBookList,
  StudioChapter,
  StudioChapterResponse,
  UpdateStudioBook,
  UpdateStudioChapter,
} from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { apiGet } from "../../lib/api-client";
import { connectionFailed, parseFailure } from "../../lib/errors";

type Method = "POST" | "PATCH" | "PUT" | "DELETE";

/** A JSON write to the studio API; failures reject with the server's AppError, as apiPost's do. */
async function send<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers:
        body === undefined
          ? { Accept: "application/json" }
          : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw connectionFailed(error);
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    answer = undefined;
  }
  if (!response.ok || answer === undefined) throw parseFailure(response.status, answer);
  return answer as T;
}

const book = (id: string) => ({ id });
const chapter = (id: string, anchorId: string) => ({ id, anchorId });

export const studioApi = {
  becomeAuthor: () => send<BecomeAuthorResponse>("POST", apiPath("studio.becomeAuthor")),
  listBooks: (signal?: AbortSignal) => apiGet<StudioBookList>(apiPath("studio.listBooks"), { signal }),
  createBook: (input: CreateStudioBook) => send<StudioBook>("POST", apiPath("studio.createBook"), input),
  getBook: (id: string, signal?: AbortSignal) => apiGet<StudioBook>(apiPath("studio.getBook", book(id)), { signal }),
  updateBook: (id: string, input: UpdateStudioBook) =>
    send<StudioBook>("PATCH", apiPath("studio.updateBook", book(id)), input),
  getChapter: (id: string, anchorId: string, signal?: AbortSignal) =>
    apiGet<{ chapter: StudioChapter }>(apiPath("studio.getChapter", chapter(id, anchorId)), { signal }),
  createChapter: (id: string, input: { name: string; markdown?: string }) =>
    send<StudioChapterResponse>("POST", apiPath("studio.createChapter", book(id)), input),
  updateChapter: (id: string, anchorId: string, input: UpdateStudioChapter, signal?: AbortSignal) =>
    send<StudioChapterResponse>("PATCH", apiPath("studio.updateChapter", chapter(id, anchorId)), input, signal),
  deleteChapter: (id: string, anchorId: string) =>
    send<StudioBook>("DELETE", apiPath("studio.deleteChapter", chapter(id, anchorId))),
  reorderChapters: (id: string, anchorIds: string[]) =>
    send<StudioBook>("PUT", apiPath("studio.reorderChapters", book(id)), { anchorIds }),
  schedule: (id: string, launchDate: string) =>
    send<StudioBook>("POST", apiPath("studio.schedule", book(id)), { launchDate }),
  launch: (id: string) => send<LaunchResponse>("POST", apiPath("studio.launch", book(id))),
  exportUrl: (id: string) => apiPath("books.export", book(id)),
};

/**
 * A multipart upload (field `file`) with progress, through XHR: fetch cannot report upload progress.
 * Resolves with the JSON answer; failures reject with the server's AppError.
 */
export function uploadFile<T>(
  url: string,
  file: Blob,
  fileName: string,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(connectionFailed(new Error("upload failed")));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body !== undefined) resolve(body as T);
      else reject(parseFailure(xhr.status, body));
    };
    const form = new FormData();
    form.append("file", file, fileName);
    xhr.send(form);
  });
}

export const uploadCover = (id: string, file: Blob, fileName: string) =>
  uploadFile<StudioBook>(apiPath("studio.uploadCover", book(id)), file, fileName);

export const importEpub = (file: File, onProgress: (fraction: number) => void) =>
  uploadFile<ImportResult>(apiPath("studio.import"), file, file.name, onProgress);
