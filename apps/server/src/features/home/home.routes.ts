import { ApiErrorBodySchema, homeContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operation } from "../../openapi-operation";
import { requireSessionFirst, requireViewer } from "../auth/session";
import type { HomeService } from "./home.service";

/** The signed-in reader's home; visitors keep the public landing page and get "No user logged in." here. */
export const homeRoutes: FastifyPluginAsyncZod<{ service: HomeService }> = async (app, { service }) => {
  app.addHook("preValidation", requireSessionFirst());
  app.get(
    c["me.home"].path,
    { schema: { ...operation("me.home"), response: { 200: c["me.home"].response, 401: ApiErrorBodySchema } } },
    async (request) => service.home(requireViewer(request).userId),
  );
};
