import fastifyMultipart, { type MultipartFile } from "@fastify/multipart";
import { AppError, studioContract as c, UPLOAD_SINGLE_REQUEST_MAX_BYTES } from "@quire/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireViewer } from "../../shared/session";
import { EPUB_LIMITS, type EpubImportService } from "../epub";
import type { StudioServices } from "./studio-services";

export interface StudioRouteOptions {
  studio: StudioServices;
  /** The administrator's EPUB import. */
  importer: EpubImportService;
  /** Clears the public read cache after a change visitors can see. */
  onPublicChange: () => void;
}

/** The one file of a multipart request (field `file`), or "too-large" past `maxBytes`. */
async function readUploadedFile(request: FastifyRequest, maxBytes: number, missing: AppError) {
  if (!request.isMultipart()) throw missing;
  const part: MultipartFile | undefined = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (part?.fieldname !== "file") throw missing;
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) return "too-large" as const;
    throw error;
  }
}

/** 413 has no canonical code: the body keeps the one error shape, the status says "too large". */
const tooLarge = (reply: FastifyReply, error: AppError) => reply.status(413).send(error.toBody());

/**
 * The author studio (`/api/v1/studio/…`), the administrator's EPUB import and the EPUB export of a
 * book. Every route with a book id answers 404 to anyone who may not edit that book.
 */
export const studioRoutes: FastifyPluginAsyncZod<StudioRouteOptions> = async (
  app,
  { studio, importer, onPublicChange },
) => {
  // Multipart only in this plugin; each route sets its own file size limit.
  await app.register(fastifyMultipart, {
    limits: { fileSize: EPUB_LIMITS.maxFileBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });

  route(app, c["studio.becomeAuthor"], async (request) => studio.books.becomeAuthor(requireViewer(request).userId));

  route(app, c["studio.listBooks"], async (request) => studio.books.listBooks(requireViewer(request).userId));

  route(app, c["studio.createBook"], async (request) =>
    studio.books.createBook(requireViewer(request).userId, request.body),
  );

  route(app, c["studio.getBook"], async (request) =>
    studio.books.getBook(requireViewer(request).userId, request.params.id),
  );

  route(app, c["studio.updateBook"], async (request) => {
    const { id } = request.params;
    return studio.books.updateBook(requireViewer(request).userId, id, request.body);
  });

  route(app, c["studio.uploadCover"], async (request, reply) => {
    const { userId } = requireViewer(request);
    const { id } = request.params;
    // Authorised before the file is read: nobody else's upload is even looked at.
    await studio.access.editableBook(userId, id);
    const bytes = await readUploadedFile(request, UPLOAD_SINGLE_REQUEST_MAX_BYTES, AppError.of("imageMissing"));
    if (bytes === "too-large") return tooLarge(reply, AppError.of("imageTooLargeForOneRequest"));
    return studio.covers.save(userId, id, bytes);
  });

  route(app, c["studio.listChapters"], async (request) => {
    const { id } = request.params;
    return { items: await studio.chapters.list(requireViewer(request).userId, id) };
  });

  route(app, c["studio.createChapter"], async (request) => {
    const { id } = request.params;
    const body = request.body;
    return studio.chapters.create(requireViewer(request).userId, id, body);
  });

  route(app, c["studio.reorderChapters"], async (request) => {
    const { id } = request.params;
    const { anchorIds } = request.body;
    return studio.chapters.reorder(requireViewer(request).userId, id, anchorIds);
  });

  route(app, c["studio.getChapter"], async (request) => {
    const { id, anchorId } = request.params;
    return { chapter: await studio.chapters.get(requireViewer(request).userId, id, anchorId) };
  });

  route(app, c["studio.updateChapter"], async (request) => {
    const { id, anchorId } = request.params;
    const body = request.body;
    return studio.chapters.update(requireViewer(request).userId, id, anchorId, body);
  });

  route(app, c["studio.deleteChapter"], async (request) => {
    const { id, anchorId } = request.params;
    return studio.chapters.remove(requireViewer(request).userId, id, anchorId);
  });

  route(app, c["studio.schedule"], async (request) => {
    const { id } = request.params;
    const { launchDate } = request.body;
    return studio.launches.schedule(requireViewer(request).userId, id, launchDate);
  });

  route(app, c["studio.launch"], async (request) => {
    const { id } = request.params;
    return studio.launches.launch(requireViewer(request).userId, id);
  });

  route(app, c["studio.import"], async (request, reply) => {
    await studio.access.admin(requireViewer(request).userId);
    const bytes = await readUploadedFile(request, EPUB_LIMITS.maxFileBytes, AppError.of("epubMissing"));
    if (bytes === "too-large") {
      return tooLarge(reply, AppError.of("epubFileTooLarge", { details: { maxBytes: EPUB_LIMITS.maxFileBytes } }));
    }
    const result = await importer.import(bytes);
    onPublicChange();
    return result;
  });

  route(app, c["books.export"], async (request, reply) => {
    const { id } = request.params;
    const file = await studio.exports.export(request.viewer?.userId ?? null, id);
    return reply
      .header("content-type", "application/epub+zip")
      .header("content-disposition", `attachment; filename="${file.fileName}"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(file.bytes));
  });
};
