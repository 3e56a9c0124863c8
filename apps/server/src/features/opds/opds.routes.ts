import { createHash } from "node:crypto";
import { AppError } from "@quire/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import type { PublicOrigin } from "../../infra/public-origin";
import { opdsContract as c } from "./opds.contract";
import type { OpdsFeed, OpdsService } from "./opds.service";
import {
  ATOM_ACQUISITION,
  ATOM_NAVIGATION,
  OPENSEARCH_TYPE,
  presentAtomFeed,
  presentOpenSearch,
} from "./opds1.presenter";
import { OPDS2_TYPE, presentOpds2Feed } from "./opds2.presenter";

/**
 * The OPDS catalogue: the same feeds as Atom (OPDS 1.2) under /opds and as JSON (OPDS 2.0) under /opds/v2,
 * and the EPUB download both link to. Public, like the catalogue: reading apps ask without a session.
 */
export const opdsRoutes: FastifyPluginAsyncZod<{
  service: OpdsService;
  publicOrigin: PublicOrigin;
  /** The reader a device password names (KOReader's and Settings → Devices'), or undefined. */
  deviceUser: (username: string, md5Key: string) => Promise<string | undefined>;
}> = async (app, { service, publicOrigin, deviceUser }) => {
  // Reading apps sign in to private shelves with HTTP Basic: the Quire username and a device password.
  const reader = async (request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    const [scheme, encoded] = (request.headers.authorization ?? "").split(" ");
    const [username, ...rest] =
      scheme?.toLowerCase() === "basic" && encoded ? Buffer.from(encoded, "base64").toString("utf8").split(":") : [];
    const userId = username
      ? await deviceUser(username, createHash("md5").update(rest.join(":")).digest("hex"))
      : undefined;
    reply.header("cache-control", "private, no-store");
    if (userId) return userId;
    reply.header("www-authenticate", 'Basic realm="Quire", charset="UTF-8"');
    throw AppError.of("notLoggedIn");
  };
  const atom = (request: FastifyRequest, reply: FastifyReply, feed: OpdsFeed) =>
    reply
      .type(`${feed.kind === "navigation" ? ATOM_NAVIGATION : ATOM_ACQUISITION};charset=utf-8`)
      .send(presentAtomFeed(feed, publicOrigin(request), request.url));
  const json = (request: FastifyRequest, reply: FastifyReply, feed: OpdsFeed) =>
    reply.type(`${OPDS2_TYPE}; charset=utf-8`).send(presentOpds2Feed(feed, publicOrigin(request), request.url));

  // The same feeds in both formats: Atom under /opds, JSON under /opds/v2.
  for (const [format, send] of [
    ["opds", atom],
    ["opds2", json],
  ] as const) {
    route(app, c[`${format}.root`], async (request, reply) => send(request, reply, await service.root()));
    route(app, c[`${format}.books`], async (request, reply) =>
      send(request, reply, await service.books(request.params.feed, request.query)),
    );
    route(app, c[`${format}.genres`], async (request, reply) => send(request, reply, await service.genres()));
    route(app, c[`${format}.genre`], async (request, reply) =>
      send(request, reply, await service.genre(request.params.genreId, request.query)),
    );
    route(app, c[`${format}.categories`], async (request, reply) => send(request, reply, await service.categories()));
    route(app, c[`${format}.category`], async (request, reply) =>
      send(request, reply, await service.category(request.params.categoryId, request.query)),
    );
    route(app, c[`${format}.search`], async (request, reply) =>
      send(request, reply, await service.search(request.query.q, request.query.cursor)),
    );
    route(app, c[`${format}.shelves`], async (request, reply) => {
      await reader(request, reply);
      return send(request, reply, await service.shelves());
    });
    route(app, c[`${format}.shelf`], async (request, reply) =>
      send(request, reply, await service.shelf(await reader(request, reply), request.params.list)),
    );
  }
  route(app, c["opds.openSearch"], async (request, reply) =>
    reply.type(`${OPENSEARCH_TYPE};charset=utf-8`).send(presentOpenSearch(publicOrigin(request))),
  );

  route(app, c["opds.download"], async (request, reply) => {
    const file = await service.download(request.params.id);
    return (
      reply
        .type("application/epub+zip")
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        // A community book is built anew each time (an author's edit shows on the next download).
        .header("cache-control", "no-store")
        .send(Buffer.from(file.bytes))
    );
  });
};
