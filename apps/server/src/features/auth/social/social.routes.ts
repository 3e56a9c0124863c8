import {
  API_PATHS,
  AppError,
  socialAuthContract as c,
  ERRORS,
  SOCIAL_SIGN_IN_ERRORS,
  type SocialProvider,
  type SocialSignInErrorKey,
} from "@quire/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { route } from "../../../http/route";
import type { PublicOrigin } from "../../../infra/public-origin";
import { isSecureContext, setSessionCookie } from "../../../shared/session";
import { readAttribution } from "../../campaign";
import type { OidcClients } from "./oidc-clients";
import type { CallbackInput, SocialSignInService } from "./social.service";

export interface SocialRouteOptions {
  service: SocialSignInService;
  clients: OidcClients;
  appScheme: string;
  publicOrigin: PublicOrigin;
  perIpPerMinute: number;
  clock: () => Date;
}

/** Ties a web flow to the browser that started it; read only by the callback. */
const STATE_COOKIE = "quire_social_state";
const STATE_COOKIE_PATH = API_PATHS["auth.socialCallback"].replace("/:provider", "");
const STATE_COOKIE_MAX_AGE_SECONDS = 10 * 60;
const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/** The catalogue key of a callback failure, for the sign-in page to word it. */
function errorKeyOf(error: unknown): SocialSignInErrorKey {
  if (!(error instanceof AppError)) return "socialSignInFailed";
  const key = SOCIAL_SIGN_IN_ERRORS.find((k) => ERRORS[k].message === error.message && ERRORS[k].code === error.code);
  return key ?? "socialSignInFailed";
}

/** Google and Apple sign-in (OpenID Connect), and the native app's hand-off. */
export const socialRoutes: FastifyPluginAsyncZod<SocialRouteOptions> = async (
  app,
  { service, clients, appScheme, publicOrigin: originOf, perIpPerMinute, clock },
) => {
  const limited = { config: { rateLimit: { max: perIpPerMinute, timeWindow: "1 minute" } } };
  const redirectUriOf = (request: FastifyRequest, provider: SocialProvider) =>
    `${originOf(request)}${API_PATHS["auth.socialCallback"].replace(":provider", provider)}`;

  /*
   * Apple's form post is a cross-site POST: a Lax cookie would stay behind, so on https the cookie
   * is SameSite=None (which browsers accept only when Secure). Plain-http localhost keeps Lax.
   */
  const stateCookieOptions = (request: FastifyRequest) => {
    const secure = isSecureContext(request);
    return { httpOnly: true, secure, sameSite: secure ? ("none" as const) : ("lax" as const), path: STATE_COOKIE_PATH };
  };

  route(app, c["auth.providers"], async () => ({
    providers: { google: clients.isEnabled("google"), apple: clients.isEnabled("apple") },
    appScheme,
  }));

  route(app, c["auth.socialSignIn"], limited, async (request, reply) => {
    const { url, state } = await service.start(
      request.body,
      redirectUriOf(request, request.body.provider),
      readAttribution(request, clock()),
    );
    // The native app finishes in the system browser, which never saw this answer's cookies.
    if (!request.body.native) {
      reply.setCookie(STATE_COOKIE, state, { ...stateCookieOptions(request), maxAge: STATE_COOKIE_MAX_AGE_SECONDS });
    }
    return { url, redirect: true as const };
  });

  /** Every outcome is a redirect: the user arrives here in a browser, not in an API client. */
  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: SocialProvider,
    params: Record<string, string | undefined>,
    appleUser?: string,
  ) => {
    const url = new URL(redirectUriOf(request, provider));
    for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
    const callback: CallbackInput = {
      url,
      browserState: request.cookies[STATE_COOKIE],
      appleUser,
      userAgent: request.headers["user-agent"],
    };
    reply.clearCookie(STATE_COOKIE, stateCookieOptions(request));
    try {
      const result = await service.finish(provider, callback, originOf(request));
      if (result.kind === "handoff") return reply.redirect(result.actionPath, 302);
      setSessionCookie(request, reply, result.session.token);
      return reply.redirect(result.returnTo, 302);
    } catch (error) {
      if (!(error instanceof AppError) || error.isReportable)
        request.log.error({ err: error }, "social sign-in failed");
      return reply.redirect(`/auth/sign-in?error=${errorKeyOf(error)}`, 302);
    }
  };

  route(app, c["auth.socialCallback"], limited, async (request, reply) =>
    finish(request, reply, request.params.provider, request.query),
  );

  await app.register(async (formRoutes) => {
    // Only this route reads forms: Apple answers with `response_mode=form_post`.
    formRoutes.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    route(
      formRoutes.withTypeProvider<ZodTypeProvider>(),
      c["auth.socialCallbackForm"],
      limited,
      async (request, reply) => {
        const { user, ...params } = request.body;
        return finish(request, reply, request.params.provider, params, user);
      },
    );
  });

  route(app, c["auth.socialExchange"], limited, async (request, reply) => {
    const session = await service.exchangeHandOff(request.body, request.headers["user-agent"]);
    setSessionCookie(request, reply, session.token);
    return { user: session.user, token: session.token };
  });
};
