import { socialContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { perUserRateLimit } from "../../infra/per-user-rate-limit";
import { requireViewer } from "../../shared/session";
import type { FollowsService } from "./follows.service";

export const followsRoutes: FastifyPluginAsyncZod<{
  service: FollowsService;
  /** Follows one user may make per minute, and as many unfollows: each writes rows, a follow may notify. */
  changesPerMinute: number;
}> = async (app, { service, changesPerMinute }) => {
  const limited = { config: perUserRateLimit(changesPerMinute) };
  route(app, c["users.follow"], limited, async (request) =>
    service.follow(requireViewer(request).userId, request.params.id),
  );
  route(app, c["users.followState"], async (request) =>
    service.state(requireViewer(request).userId, request.params.id),
  );
  route(app, c["users.unfollow"], limited, async (request) =>
    service.unfollow(requireViewer(request).userId, request.params.id),
  );
  for (const direction of ["followers", "following"] as const) {
    route(app, c[`users.${direction}`], async (request) =>
      service.list(direction, request.params.id, request.query.cursor),
    );
  }
};
