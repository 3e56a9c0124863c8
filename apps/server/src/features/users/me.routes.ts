import { type AnyOnboardingAnswer, ApiErrorBodySchema, profileContract as c, ONBOARDING_STEPS } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { operation } from "../../openapi-operation";
import { requireViewer } from "../auth/session";
import type { ProfileEditingService } from "./profile-editing.service";

const errors = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema, 409: ApiErrorBodySchema };

/** The signed-in user's own profile: edits and onboarding answers, each answered with the whole profile. */
export const meRoutes: FastifyPluginAsyncZod<{ service: ProfileEditingService }> = async (app, { service }) => {
  app.patch(
    c["me.update"].path,
    {
      schema: {
        ...operation("me.update"),
        body: c["me.update"].body,
        response: { 200: c["me.update"].response, ...errors },
      },
    },
    async (request) => ({ user: await service.update(requireViewer(request).userId, request.body) }),
  );

  for (const step of ONBOARDING_STEPS) {
    const route = c[`me.onboarding.${step}`];
    const body: z.ZodType<AnyOnboardingAnswer> = route.body;
    app.post(
      route.path,
      {
        schema: { ...operation(`me.onboarding.${step}`), body, response: { 200: route.response, ...errors } },
      },
      async (request) => ({ user: await service.answer(requireViewer(request).userId, step, request.body) }),
    );
  }
};
