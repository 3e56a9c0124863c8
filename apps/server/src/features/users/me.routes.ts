import { profileContract as c, ONBOARDING_STEPS } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireViewer } from "../../shared/session";
import type { ProfileEditingService } from "./profile-editing.service";

/** The signed-in user's own profile: edits and onboarding answers, each answered with the whole profile. */
export const meRoutes: FastifyPluginAsyncZod<{ service: ProfileEditingService }> = async (app, { service }) => {
  route(app, c["me.update"], async (request) => ({
    user: await service.update(requireViewer(request).userId, request.body),
  }));

  for (const step of ONBOARDING_STEPS) {
    route(app, c[`me.onboarding.${step}`], async (request) => ({
      user: await service.answer(requireViewer(request).userId, step, request.body),
    }));
  }
};
