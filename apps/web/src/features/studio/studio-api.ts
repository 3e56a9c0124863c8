import type {
  ApiResponse,
  CreateStudioBook,
  CreateStudioChapter,
  UpdateStudioBook,
  UpdateStudioChapter,
} from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { api } from "../../lib/api-client";
import { connectionFailed, parseFailure } from "../../lib/errors";

const book = (id: string) => ({ params: { id } });
const chapter = (id: string, anchorId: string) => ({ params: { id, anchorId } });

export const studioApi = {
  becomeAuthor: () => api("studio.becomeAuthor"),
  listBooks: (signal?: AbortSignal) => api("studio.listBooks", { signal }),
  createBook: (input: CreateStudioBook) => api("studio.createBook", { body: input }),
  getBook: (id: string, signal?: AbortSignal) => api("studio.getBook", { ...book(id), signal }),
  updateBook: (id: string, input: UpdateStudioBook) => api("studio.updateBook", { ...book(id), body: input }),
  getChapter: (id: string, anchorId: string, signal?: AbortSignal) =>
    api("studio.getChapter", { ...chapter(id, anchorId), signal }),
  createChapter: (id: string, input: CreateStudioChapter) => api("studio.createChapter", { ...book(id), body: input }),
  updateChapter: (id: string, anchorId: string, input: UpdateStudioChapter, signal?: AbortSignal) =>
    api("studio.updateChapter", { ...chapter(id, anchorId), body: input, signal }),
  deleteChapter: (id: string, anchorId: string) => api("studio.deleteChapter", chapter(id, anchorId)),
  reorderChapters: (id: string, anchorIds: string[]) =>
    api("studio.reorderChapters", { ...book(id), body: { anchorIds } }),
  schedule: (id: string, launchDate: string) => api("studio.schedule", { ...book(id), body: { launchDate } }),
  launch: (id: string) => api("studio.launch", book(id)),
  exportUrl: (id: string) => apiPath("books.export", { id }),
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
  uploadFile<ApiResponse<"studio.uploadCover">>(apiPath("studio.uploadCover", { id }), file, fileName);

export const importEpub = (file: File, onProgress: (fraction: number) => void) =>
  uploadFile<ApiResponse<"studio.import">>(apiPath("studio.import"), file, file.name, onProgress);
