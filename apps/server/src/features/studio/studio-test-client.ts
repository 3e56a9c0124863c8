import type { StudioBook, StudioChapterResponse } from "@quire/core";
import { expect } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import type { TestApp } from "../../../test/test-app";
import type { TestDatabase } from "../../../test/test-db";

/** A browser's multipart body, built by the platform's own FormData encoder. */
export async function multipartBody(bytes: Uint8Array, fileName: string, field = "file") {
  const form = new FormData();
  form.append(field, new Blob([bytes]), fileName);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get("content-type") as string,
  };
}

/** Drives the studio API the way the web app does, for tests about what comes after the first steps. */
export function studioClient(t: TestApp, testDb: TestDatabase) {
  const call = (
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  const ok = async <T>(promise: ReturnType<typeof call>): Promise<T> => {
    const response = await promise;
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  return {
    call,
    ok,
    /** A signed-in user who has become an author. */
    async author(overrides: { firstName?: string; lastName?: string; roles?: string } = {}) {
      const user = await createSignedInUser(testDb.db, { firstName: "Ada", lastName: "Quill", ...overrides });
      await ok(call("POST", "/api/v1/studio/author", user.headers));
      return user;
    },
    createBook(headers: Record<string, string>, body: Record<string, unknown> = { title: "The Lantern Keeper" }) {
      return ok<StudioBook>(call("POST", "/api/v1/studio/books", headers, body));
    },
    addChapter(headers: Record<string, string>, bookId: string, name: string, markdown: string) {
      return ok<StudioChapterResponse>(
        call("POST", `/api/v1/studio/books/${bookId}/chapters`, headers, { name, markdown }),
      );
    },
    /** An author's book with these chapters (name → Markdown). */
    async bookWithChapters(headers: Record<string, string>, chapters: Record<string, string>, title = "A Studio Book") {
      const created = await this.createBook(headers, { title });
      for (const [name, markdown] of Object.entries(chapters))
        await this.addChapter(headers, created.book.id, name, markdown);
      return created.book.id;
    },
  };
}
