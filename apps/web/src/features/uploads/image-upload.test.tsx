import type { ProfileImageResponse } from "@quire/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { SESSION_QUERY_KEY } from "../../lib/session-state";
import { apiError, mockApi } from "../../test/api-mock";
import { makeMe } from "../../test/fixtures";
import { ImageUpload } from "./image-upload";
import { TestTusServer, xhrFor } from "./test-tus-server";

const FORMAT_MESSAGE = "Only JPG, JPEG, PNG, and WebP formats are allowed.";
const KB = 1024;

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(url: string): ProfileImageResponse {
  const base = url.replace(/\.\w+$/, "").replace("/u1/", "/u1/thumbs/");
  return {
    user: makeMe({ id: "u1", avatarUrl: url }),
    url,
    thumbnails: { small: `${base}_268x268.jpeg`, medium: `${base}_556x556.jpeg` },
  };
}

function renderUpload(currentUrl: string | null = null) {
  const client = createQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, makeMe({ id: "u1", avatarUrl: currentUrl }));
  const onUploaded = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ImageUpload kind="avatar" currentUrl={currentUrl} onUploaded={onUploaded} />
    </QueryClientProvider>,
  );
  return { client, onUploaded };
}

function choose(file: File) {
  fireEvent.change(screen.getByLabelText("Choose profile picture"), { target: { files: [file] } });
}

const jpeg = (size: number, name = "me.jpg") => new File([new Uint8Array(size).fill(7)], name, { type: "image/jpeg" });

describe("ImageUpload", () => {
  it("shows the current picture's thumbnail and offers only JPG, PNG and WebP", () => {
    mockApi({});
    renderUpload("/files/users-avatars/u1/1-old.png");
    expect(screen.getByTestId("avatar-preview").getAttribute("src")).toBe(
      "/files/users-avatars/u1/thumbs/1-old_268x268.jpeg",
    );
    const input = screen.getByLabelText("Choose profile picture");
    expect(input.getAttribute("accept")).toBe("image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp");
    expect(input.getAttribute("aria-describedby")).toBeTruthy();
  });

  it("sends 256 KB or less in one request and shows the new thumbnail", async () => {
    const result = answer("/files/users-avatars/u1/2-me.jpg");
    const calls = mockApi({ "me.avatar": () => result });
    const { client, onUploaded } = renderUpload();
    choose(jpeg(256 * KB));
    expect(await screen.findByTestId("avatar-uploaded")).toBeTruthy();
    expect(screen.getByText("Your profile picture is updated.")).toBeTruthy();
    expect(screen.getByTestId("avatar-preview").getAttribute("src")).toBe(result.thumbnails.small);
    expect(calls).toEqual([{ method: "POST", path: "/api/v1/me/avatar", body: undefined }]);
    expect(onUploaded).toHaveBeenCalledWith(result.url, result);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual(result.user);
  });

  it("stops a file that is not an image before sending it, with the spec's message", async () => {
    const calls = mockApi({});
    renderUpload();
    choose(new File(["hello"], "notes.txt", { type: "text/plain" }));
    const alert = await screen.findByTestId("avatar-upload-error");
    expect(within(alert).getByRole("alert").textContent).toBe(FORMAT_MESSAGE);
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal in its own words", async () => {
    mockApi({ "me.avatar": () => apiError(400, "invalid-argument", FORMAT_MESSAGE) });
    renderUpload();
    choose(jpeg(10 * KB, "disguised.jpg"));
    const alert = await screen.findByTestId("avatar-upload-error");
    expect(within(alert).getByRole("alert").textContent).toBe(FORMAT_MESSAGE);
    expect(within(alert).queryByRole("button", { name: /Try again/ })).toBeNull();
  });

  it("uploads a larger file resumably with a progress bar, pause and resume, then finishes it", async () => {
    const server = new TestTusServer();
    vi.stubGlobal("XMLHttpRequest", xhrFor(server));
    const result = answer("/files/users-avatars/u1/3-big.jpg");
    const calls = mockApi({ "me.avatar": () => result });
    const release = server.holdPatch(2);
    const { onUploaded } = renderUpload();
    choose(jpeg(1024 * KB, "big.jpg"));

    const bar = await screen.findByRole("progressbar", { name: "Uploading profile picture" });
    // 256 KB arrived and half of the 512 KB chunk is on its way: half of 1 MB.
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("50"));
    expect(screen.getByLabelText("Choose profile picture")).toHaveProperty("disabled", true);

    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(await screen.findByRole("button", { name: "Resume" })).toBeTruthy();
    expect(screen.getByText("Paused · 256 KB of 1.0 MB")).toBeTruthy();
    release();

    fireEvent.click(screen.getByRole("button", { name: "Resume" }));
    expect(await screen.findByTestId("avatar-uploaded")).toBeTruthy();
    expect(server.log).toEqual([
      "POST /api/v1/uploads",
      "PATCH /api/v1/uploads/upload1",
      "PATCH /api/v1/uploads/upload1",
      "HEAD /api/v1/uploads/upload1",
      "PATCH /api/v1/uploads/upload1",
      "PATCH /api/v1/uploads/upload1",
    ]);
    expect(server.uploads.get("upload1")?.metadata).toEqual({ kind: "avatar", filename: "big.jpg" });
    expect(calls).toEqual([{ method: "POST", path: "/api/v1/me/avatar", body: { uploadId: "upload1" } }]);
    expect(onUploaded).toHaveBeenCalledWith(result.url, result);
    expect(screen.getByTestId("avatar-preview").getAttribute("src")).toBe(result.thumbnails.small);
  });

  it("cancels a resumable upload and tells the server to drop it", async () => {
    const server = new TestTusServer();
    vi.stubGlobal("XMLHttpRequest", xhrFor(server));
    const calls = mockApi({});
    server.holdPatch(1);
    renderUpload();
    choose(jpeg(600 * KB, "big.jpg"));
    fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Upload canceled.")).toBeTruthy();
    await waitFor(() => expect(server.log.at(-1)).toBe("DELETE /api/v1/uploads/upload1"));
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("offers to try again when a resumable upload fails", async () => {
    const server = new TestTusServer();
    vi.stubGlobal("XMLHttpRequest", xhrFor(server));
    mockApi({});
    server.creationAnswer = {
      status: 401,
      body: { error: { code: "unauthenticated", message: "No user logged in." } },
    };
    const { client } = renderUpload();
    choose(jpeg(300 * KB, "big.jpg"));
    const alert = await screen.findByTestId("avatar-upload-error");
    expect(within(alert).getByRole("alert").textContent).toBe("No user logged in.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
    // SPEC §8: an unauthenticated answer signs the user out everywhere.
    expect(client.getQueryData(SESSION_QUERY_KEY)).toBeNull();
  });
});
