import {
  AppError,
  newId,
  SOCIAL_HANDOFF_MODE,
  type SocialExchangeRequest,
  type SocialProvider,
  type SocialSignInRequestSchema,
} from "@quire/core";
import * as oidc from "openid-client";
import type { Logger } from "pino";
import type { z } from "zod";
import { parseJson, toJson } from "../../../db/json";
import type { Attribution } from "../../campaign";
import { createProfile } from "../../users";
import type { AuthRepository } from "../auth.repository";
import type { AuthService, NewSession } from "../auth.service";
import { hashToken, newSecretToken } from "../secrets";
import { newNonce, nonceParameter, type OidcClients } from "./oidc-clients";
import type { SocialRepository } from "./social.repository";
import { identityFromClaims, type SocialIdentity } from "./social-identity";

/** How long the user has at the provider before the flow is forgotten. */
const FLOW_TTL_MS = 10 * 60_000;
/** How long `/auth/action` has to hand the sign-in to the app (or use it itself after 2 s). */
const HANDOFF_TTL_MS = 5 * 60_000;

export interface SocialDependencies {
  repository: SocialRepository;
  authRepository: AuthRepository;
  auth: AuthService;
  clients: OidcClients;
  logger: Logger;
  clock: () => Date;
}

/** What came back to the redirect URI, and the browser it came to. */
export interface CallbackInput {
  /** The redirect URI with the authorization response's parameters (`code`, `state`, `iss`, `error`). */
  url: URL;
  /** The state the starting browser kept in its cookie (web flows only). */
  browserState: string | undefined;
  /** Apple's `user` form field. */
  appleUser?: string;
  userAgent: string | undefined;
}

export type FinishedSignIn =
  | { kind: "session"; session: NewSession; returnTo: string }
  | { kind: "handoff"; actionPath: string };

/** The hand-off token is only good with its nonce: the database keeps a hash of both together. */
const handOffHash = (token: string, nonce: string) => hashToken(`${nonce}.${token}`);

/** Google and Apple sign-in: authorization code flow with PKCE, state and nonce (OpenID Connect). */
export class SocialSignInService {
  constructor(private readonly deps: SocialDependencies) {}

  private now(): Date {
    return this.deps.clock();
  }

  /** Opens a flow and returns the provider's authorization URL, plus the state for the browser's cookie. */
  async start(
    input: z.output<typeof SocialSignInRequestSchema>,
    redirectUri: string,
    attribution: Attribution,
  ): Promise<{ url: string; state: string }> {
    this.deps.clients.assertEnabled(input.provider);
    const state = newSecretToken();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = newNonce();
    const url = await this.deps.clients.authorizationUrl(input.provider, { redirectUri, state, codeVerifier, nonce });
    const now = this.now();
    await this.deps.repository.insertFlow(
      {
        stateHash: hashToken(state),
        provider: input.provider,
        codeVerifier,
        nonce,
        returnTo: input.callbackURL,
        native: input.native ? 1 : 0,
        // Kept on the flow: Apple's cross-site form post comes back without the visitor's Lax cookies.
        utm: attribution.utm ? toJson(attribution.utm) : null,
        referrer: attribution.referrer,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + FLOW_TTL_MS).toISOString(),
      },
      now.toISOString(),
    );
    return { url, state };
  }

  /**
   * The provider's answer: the flow is used up whatever happens, the code is redeemed and the ID
   * token checked, then the user is found, linked or created, and signed in — or, for the native
   * app, given a one-time hand-off token.
   */
  async finish(provider: SocialProvider, callback: CallbackInput, origin: string): Promise<FinishedSignIn> {
    this.deps.clients.assertEnabled(provider);
    const params = callback.url.searchParams;
    const state = params.get("state");
    const flow = state ? await this.deps.repository.takeFlow(hashToken(state)) : undefined;
    if (params.has("error")) {
      const error = params.get("error");
      // Google's and Apple's words for "the user said no".
      const cancelled = error === "access_denied" || error === "user_cancelled_authorize";
      throw AppError.of(cancelled ? "socialSignInCancelled" : "socialSignInFailed");
    }
    if (!state || !flow || flow.provider !== provider || flow.expiresAt <= this.now().toISOString()) {
      throw AppError.of("socialSignInExpired");
    }
    // A web flow must come back to the browser that started it, or someone else's code could sign it in.
    if (!flow.native && callback.browserState !== state) throw AppError.of("socialSignInExpired");

    const claims = await this.deps.clients
      .redeem(provider, callback.url, { state, codeVerifier: flow.codeVerifier, nonce: flow.nonce })
      .catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        this.deps.logger.warn({ err: error, provider }, "social sign-in refused");
        throw AppError.of("socialSignInFailed", { cause: error });
      });
    const identity = identityFromClaims(claims, callback.appleUser);
    const user = await this.findOrCreateUser(provider, identity, {
      utm: parseJson<Attribution["utm"]>(flow.utm, null),
      referrer: flow.referrer,
    });
    if (identity.emailVerified && identity.email === user.email) await this.deps.auth.markVerified(user, origin);

    if (flow.native) {
      const nonce = nonceParameter(provider, flow.nonce);
      const token = await this.issueHandOff(user.id, nonce);
      const query = new URLSearchParams({ mode: SOCIAL_HANDOFF_MODE, token, nonce });
      if (flow.returnTo !== "/") query.set("next", flow.returnTo);
      return { kind: "handoff", actionPath: `/auth/action?${query}` };
    }
    return {
      kind: "session",
      session: await this.deps.auth.startSession(user.id, callback.userAgent),
      returnTo: flow.returnTo,
    };
  }

  /** Spends a hand-off token (once, with its nonce, before it expires) for a session. */
  async exchangeHandOff(input: SocialExchangeRequest, userAgent: string | undefined): Promise<NewSession> {
    const now = this.now().toISOString();
    const tokenHash = handOffHash(input.token, input.nonce);
    const { authRepository } = this.deps;
    const found = await authRepository.findLiveEmailToken(tokenHash, "social-handoff", now);
    if (!found) throw AppError.of("invalidLink");
    const used = await authRepository.db
      .transaction()
      .execute((trx) => authRepository.consumeEmailToken(tokenHash, now, trx));
    if (!used) throw AppError.of("invalidLink");
    return this.deps.auth.startSession(found.userId, userAgent);
  }

  private async issueHandOff(userId: string, nonce: string): Promise<string> {
    const token = newSecretToken();
    const now = this.now();
    const { authRepository } = this.deps;
    await authRepository.db.transaction().execute((trx) =>
      authRepository.insertEmailToken(
        {
          tokenHash: handOffHash(token, nonce),
          userId,
          purpose: "social-handoff",
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS).toISOString(),
        },
        trx,
      ),
    );
    return token;
  }

  /**
   * The user behind a provider account: the one linked to it; else the one with its email, linked
   * now if the provider verified that email; else a new reader (SPEC §4 social sign-up). The sign-in
   * screens say "By continuing you accept the terms", so a new profile has accepted them.
   */
  private async findOrCreateUser(provider: SocialProvider, identity: SocialIdentity, attribution: Attribution) {
    const { repository } = this.deps;
    const now = this.now();
    return repository.db.transaction().execute(async (trx) => {
      const linkedId = await repository.findLinkedUserId(provider, identity.subject, trx);
      const linked = linkedId ? await repository.findUserById(linkedId, trx) : undefined;
      if (linked) return linked;

      const link = (userId: string) =>
        repository.linkAccount(
          { provider, subject: identity.subject, userId, email: identity.email ?? null, createdAt: now.toISOString() },
          trx,
        );
      const existing = identity.email ? await repository.findUserByEmail(identity.email, trx) : undefined;
      if (existing) {
        if (!identity.emailVerified) throw AppError.of("socialEmailUnverified");
        await repository.deleteUnverifiedCredentials(existing.id, trx);
        await link(existing.id);
        return existing;
      }

      const userId = newId();
      await createProfile(
        trx,
        {
          userId,
          email: identity.email,
          acceptedTerms: true,
          firstName: identity.firstName,
          lastName: identity.lastName,
          ...attribution,
        },
        now,
      );
      await link(userId);
      const created = await repository.findUserById(userId, trx);
      if (!created) throw AppError.of("internal");
      return created;
    });
  }
}
