import { type ProfileImageKind, type ThumbnailSize, thumbnailUrl } from "@quire/core";
import { assertSafeKey } from "../../infra/storage";
import { FORMAT_FILES, type ProfileImageFormat } from "./image-format";

/** SPEC §7 storage folders. */
export const PROFILE_IMAGE_FOLDERS: Record<ProfileImageKind, string> = {
  avatar: "users-avatars",
  cover: "users-covers",
};

const MAX_NAME_LENGTH = 80;

/**
 * A client's file name reduced to safe key characters (letters, digits, dot, dash, underscore),
 * without its folders or extension: the extension comes from the format the bytes turned out to be.
 */
export function safeFileBaseName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const withoutExtension = dot > 0 ? base.slice(0, dot) : base;
  const safe = withoutExtension
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[.-]+|[.-]+$/g, "")
    .slice(0, MAX_NAME_LENGTH)
    .replace(/[.-]+$/, "");
  return safe || "image";
}

/** `users-avatars/{userId}/{timestamp}-{name}.{ext}` (SPEC §7's `{timestamp-filename}`). */
export function profileImageKey(
  kind: ProfileImageKind,
  userId: string,
  at: Date,
  fileName: string,
  format: ProfileImageFormat,
): string {
  const name = `${at.getTime()}-${safeFileBaseName(fileName)}.${FORMAT_FILES[format].extension}`;
  return assertSafeKey(`${PROFILE_IMAGE_FOLDERS[kind]}/${userId}/${name}`);
}

/** The same naming rule the web uses on URLs (`thumbs/{name}_268x268.jpeg`), applied to the key. */
export function thumbnailKey(originalKey: string, size: ThumbnailSize): string {
  return assertSafeKey(thumbnailUrl(originalKey, size));
}

/** Whether a key is one of this user's images of this kind (only those are removed when replaced). */
export function isOwnProfileImageKey(key: string, kind: ProfileImageKind, userId: string): boolean {
  return key.startsWith(`${PROFILE_IMAGE_FOLDERS[kind]}/${userId}/`) && !key.includes("/thumbs/");
}
