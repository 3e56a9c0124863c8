import { homeContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireSessionFirst, requireViewer } from "../../shared/session";
import type { HomeService } from "./home.service";

/** The signed-in reader's home; visitors keep the public landing page and get "No user logged in." here. */
export const homeRoutes: FastifyPluginAsyncZod<{ service: HomeService }> = async (app, { service }) => {
  app.addHook("preValidation", requireSessionFirst());
  route(app, c["me.home"], async (request) => service.home(requireViewer(request).userId));
};
