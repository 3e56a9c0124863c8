import fastifyMultipart, { type MultipartFile } from "@fastify/multipart";
import { AppError, uploadsContract as c, type ProfileImageKind, UPLOAD_SINGLE_REQUEST_MAX_BYTES } from "@quire/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Logger } from "pino";
import { route } from "../../http/route";
import { perUserRateLimit } from "../../infra/per-user-rate-limit";
import { requireViewer } from "../../shared/session";
import type { ProfileImagesService } from "./profile-images.service";
import { parseUploadIntent, type ResumableUploads } from "./resumable-uploads";

export interface UploadRouteOptions {
  service: ProfileImagesService;
  uploads: ResumableUploads;
  /** The largest image accepted, in bytes (a tus upload's declared length is checked against it first). */
  maxBytes: number;
  uploadsPerMinute: number;
  logger: Logger;
}

/** 413 has no canonical error code of its own: the body keeps the one error shape, the status says "too large". */
function sendTooLarge(reply: FastifyReply, error: AppError) {
  return reply.status(413).send(error.toBody());
}

/**
 * Avatar and cover uploads. Up to 256 KB: one multipart request to `/me/avatar` or `/me/cover`.
 * Larger: a tus upload under `/api/v1/uploads`, then the same route with `{ uploadId }` as JSON,
 * which processes the finished file exactly like a small one.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadRouteOptions> = async (
  app,
  { service, uploads, maxBytes, uploadsPerMinute, logger },
) => {
  // Starting an upload and saving an image are what cost disk and CPU; tus chunks (PATCH, HEAD) are not counted.
  const limited = { config: perUserRateLimit(uploadsPerMinute) };

  // Both parsers live in this plugin only: nowhere else in the API takes multipart or raw bytes.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_SINGLE_REQUEST_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  // tus PATCH bodies stay unread here: @tus/server streams them to disk itself.
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

  const readSmallFile = async (request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string } | "too-large"> => {
    const part: MultipartFile | undefined = await request.file();
    if (part?.fieldname !== "file") throw AppError.of("imageMissing");
    try {
      return { bytes: await part.toBuffer(), fileName: part.filename };
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 413) return "too-large";
      throw error;
    }
  };

  for (const kind of ["avatar", "cover"] as const satisfies ProfileImageKind[]) {
    route(app, c[`me.${kind}`], limited, async (request, reply) => {
      const { userId } = requireViewer(request);
      if (request.isMultipart()) {
        const file = await readSmallFile(request);
        if (file === "too-large") return sendTooLarge(reply, AppError.of("imageTooLargeForOneRequest"));
        return service.save(userId, kind, file.bytes, file.fileName);
      }
      if (!request.body) throw AppError.of("imageMissing");
      const { uploadId } = request.body;
      const upload = await uploads.readFinished(uploadId, userId, kind);
      const discard = () =>
        uploads.remove(uploadId).catch((err) => logger.warn({ err, uploadId }, "finished upload not removed"));
      try {
        const saved = await service.save(userId, kind, upload.bytes, upload.fileName);
        await discard();
        return saved;
      } catch (error) {
        // A refused image stays refused; only after an outage is the upload kept for another try.
        if (error instanceof AppError && !error.isReportable) await discard();
        throw error;
      }
    });
  }

  /** Lets @tus/server answer; the app's security headers are copied over since Fastify no longer sends the reply. */
  const handOver = async (request: FastifyRequest, reply: FastifyReply, creator?: string) => {
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    try {
      await uploads.handle(request.raw, reply.raw, creator);
    } catch (err) {
      request.log.error({ err }, "resumable upload request failed");
      if (!reply.raw.headersSent) reply.raw.writeHead(500);
      reply.raw.end();
    }
  };

  route(app, c["uploads.create"], limited, async (request, reply) => {
    const { userId } = requireViewer(request);
    if (Number(request.headers["upload-length"]) > maxBytes) {
      return sendTooLarge(reply, AppError.of("imageTooLarge", { details: { maxBytes } }));
    }
    if (!parseUploadIntent(request.headers["upload-metadata"])) throw AppError.of("uploadMetadataInvalid");
    await uploads.create(userId, () => handOver(request, reply, userId));
  });

  /** HEAD, PATCH and DELETE on one upload: only its creator may, anyone else is told it does not exist. */
  const requireOwnUpload = async (request: FastifyRequest, id: string) => {
    const { userId } = requireViewer(request);
    if (!(await uploads.findOwn(id, userId))) throw AppError.of("uploadNotFound");
  };

  // PATCH appends a chunk, DELETE cancels: both are the tus server's once ownership is checked.
  for (const name of ["uploads.append", "uploads.cancel"] as const) {
    route(app, c[name], async (request, reply) => {
      await requireOwnUpload(request, request.params.id);
      await handOver(request, reply);
    });
  }

  // HEAD (the offset to resume from) is not in the OpenAPI document: @fastify/swagger renames HEAD
  // operations, and the tus protocol describes it fully (see uploads.append).
  app.head(
    c["uploads.append"].path,
    { schema: { hide: true, params: c["uploads.append"].params } },
    async (request, reply) => {
      await requireOwnUpload(request, request.params.id);
      await handOver(request, reply);
    },
  );
};
