import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { UrlOrPathSchema } from "../domain/common";
import { MeSchema } from "./auth.contract";
import { defineContract } from "./define-contract";

export const PROFILE_IMAGE_KINDS = ["avatar", "cover"] as const;
export const ProfileImageKindSchema = z.enum(PROFILE_IMAGE_KINDS);
export type ProfileImageKind = z.infer<typeof ProfileImageKindSchema>;

/** What the file picker offers; the server decides by the bytes, never by these. */
export const PROFILE_IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp";

/** Resumable uploads are named by the server: 128 random bits in hex. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;
export const UploadIdSchema = z.string().regex(UPLOAD_ID_PATTERN, "Unknown upload id.");

/**
 * `POST /api/v1/me/avatar` and `/cover` take either a multipart form with the image in the field `file`
 * (256 KB at most), or this JSON body naming a finished resumable upload of the same kind. The route's
 * body schema is nullish because a multipart request reaches validation with no parsed body.
 */
export const FinishUploadRequestSchema = z.object({ uploadId: UploadIdSchema }).meta({
  description: "A finished resumable upload; send multipart/form-data with a `file` field instead for 256 KB or less.",
});

export const ProfileImageResponseSchema = z
  .object({
    user: MeSchema,
    /** The stored image, re-encoded without metadata. */
    url: UrlOrPathSchema,
    /** 268 and 556 px JPEG thumbnails; both are `url` when making them failed. */
    thumbnails: z.object({ small: UrlOrPathSchema, medium: UrlOrPathSchema }),
  })
  .meta({ id: "ProfileImage" });
export type ProfileImageResponse = z.infer<typeof ProfileImageResponseSchema>;

/**
 * tus 1.0.0 creation: `Upload-Length` is required (no deferred length) and `Upload-Metadata` carries
 * `kind` (avatar or cover) and `filename`, each base64 as the protocol says.
 */
export const TusCreationHeadersSchema = z.looseObject({
  "tus-resumable": z.literal("1.0.0"),
  "upload-length": z.string().regex(/^\d{1,15}$/),
  "upload-metadata": z.string().max(2048),
});

export const TusPatchHeadersSchema = z.looseObject({
  "tus-resumable": z.literal("1.0.0"),
  "upload-offset": z.string().regex(/^\d{1,15}$/),
  "content-type": z.literal("application/offset+octet-stream"),
});

export const TusTerminationHeadersSchema = z.looseObject({ "tus-resumable": z.literal("1.0.0") });

export const UploadParamsSchema = z.object({ id: UploadIdSchema });

/** One upload's URL (the `Location` of its creation): HEAD tells its offset, PATCH appends, DELETE cancels. */
export const UPLOAD_PATH = `${P["uploads.tus"]}/:id`;

const TUS_ERRORS = [400, 401, 403, 404, 412, 413] as const;
/** Creations count against the per-user upload limits, so they also answer 429. */
const CREATION_ERRORS = [...TUS_ERRORS, 429] as const;

export const uploadsContract = defineContract({
  "me.avatar": {
    method: "POST",
    path: P["me.avatar"],
    body: FinishUploadRequestSchema.nullish(),
    response: ProfileImageResponseSchema,
    errors: CREATION_ERRORS,
  },
  "me.cover": {
    method: "POST",
    path: P["me.cover"],
    body: FinishUploadRequestSchema.nullish(),
    response: ProfileImageResponseSchema,
    errors: CREATION_ERRORS,
  },
  "uploads.create": {
    method: "POST",
    path: P["uploads.tus"],
    headers: TusCreationHeadersSchema,
    errors: CREATION_ERRORS,
  },
  "uploads.append": {
    method: "PATCH",
    path: UPLOAD_PATH,
    params: UploadParamsSchema,
    headers: TusPatchHeadersSchema,
    errors: TUS_ERRORS,
  },
  "uploads.cancel": {
    method: "DELETE",
    path: UPLOAD_PATH,
    params: UploadParamsSchema,
    headers: TusTerminationHeadersSchema,
    errors: TUS_ERRORS,
  },
});
