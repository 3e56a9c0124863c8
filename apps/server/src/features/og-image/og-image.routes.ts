import type { FastifyPluginAsync } from "fastify";
import { OG_CARD } from "./og-card";
import type { OgImageService } from "./og-image.service";

/**
 * `/og/books/{id}/{version}.png`, the image a book page's `og:image` names. Outside `/api/`: link-preview
 * crawlers fetch it without a session, and it is the same picture for everyone.
 */
export const ogImageRoutes: FastifyPluginAsync<{ service: OgImageService }> = async (app, { service }) => {
  app.get<{ Params: { id: string; file: string } }>(
    "/og/books/:id/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const answer = await service.image(request.params.id, request.params.file);
      if (!answer) return reply.callNotFound();
      if ("movedTo" in answer) return reply.header("Cache-Control", "no-cache").redirect(answer.movedTo, 302);
      // The address names one cover's card for good (a new cover gets a new address). It is made to be shown
      // on other sites, so the app-wide same-origin resource policy would only break previews drawn in a page.
      return reply
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("Cross-Origin-Resource-Policy", "cross-origin")
        .type(OG_CARD.type)
        .send(Buffer.from(answer.image.buffer, answer.image.byteOffset, answer.image.byteLength));
    },
  );
};
