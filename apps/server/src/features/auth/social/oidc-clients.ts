import { createHash, randomBytes } from "node:crypto";
import { AppError, type ErrorKey, NONCE_LENGTH, type SocialProvider } from "@quire/core";
import * as oidc from "openid-client";
import type { SocialProviderConfig } from "../../../config";

/** Apple returns the name and email only on a form post, and only with these scopes. */
const PROVIDER_REQUESTS: Record<SocialProvider, Record<string, string>> = {
  google: { scope: "openid email profile" },
  apple: { scope: "openid email name", response_mode: "form_post" },
};

const OFF_ERRORS: Record<SocialProvider, ErrorKey> = { google: "googleSignInOff", apple: "appleSignInOff" };

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A random nonce of SPEC §9's length (base64url: 6 bits per character). */
export function newNonce(): string {
  return randomBytes((NONCE_LENGTH * 6) / 8).toString("base64url");
}

/**
 * The `nonce` parameter the provider receives and signs into the ID token. SPEC §7: Apple gets the
 * SHA-256 hash (hex) of the nonce, as Apple's native SDKs expect; Google gets the nonce itself.
 */
export function nonceParameter(provider: SocialProvider, nonce: string): string {
  return provider === "apple" ? createHash("sha256").update(nonce).digest("hex") : nonce;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * OpenID Connect clients for Google and Apple (openid-client). Each provider's metadata is
 * discovered from its issuer on first use and kept; a failed discovery is retried next time.
 */
export class OidcClients {
  private readonly configurations = new Map<SocialProvider, Promise<oidc.Configuration>>();

  constructor(private readonly settings: Record<SocialProvider, SocialProviderConfig | undefined>) {}

  isEnabled(provider: SocialProvider): boolean {
    return this.settings[provider] !== undefined;
  }

  /** Throws the provider's "… sign-in is not configured on this server." when it has no client. */
  assertEnabled(provider: SocialProvider): void {
    if (!this.isEnabled(provider)) throw AppError.of(OFF_ERRORS[provider]);
  }

  async authorizationUrl(provider: SocialProvider, request: AuthorizationRequest): Promise<string> {
    const config = await this.configuration(provider);
    return oidc
      .buildAuthorizationUrl(config, {
        ...PROVIDER_REQUESTS[provider],
        redirect_uri: request.redirectUri,
        response_type: "code",
        state: request.state,
        nonce: nonceParameter(provider, request.nonce),
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: "S256",
      })
      .toString();
  }

  /**
   * Redeems the authorization response (the redirect URI with the provider's parameters) and returns
   * the ID token's claims, after openid-client checked state, PKCE, issuer, audience, signature,
   * expiry and nonce.
   */
  async redeem(
    provider: SocialProvider,
    callbackUrl: URL,
    checks: { state: string; codeVerifier: string; nonce: string },
  ): Promise<oidc.IDToken> {
    const config = await this.configuration(provider);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      pkceCodeVerifier: checks.codeVerifier,
      expectedNonce: nonceParameter(provider, checks.nonce),
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw AppError.of("socialSignInFailed");
    return claims;
  }

  private configuration(provider: SocialProvider): Promise<oidc.Configuration> {
    const cached = this.configurations.get(provider);
    if (cached) return cached;
    const settings = this.settings[provider];
    if (!settings) throw AppError.of(OFF_ERRORS[provider]);
    const issuer = new URL(settings.issuer);
    const local = issuer.protocol === "http:" && LOOPBACK_HOSTS.has(issuer.hostname);
    const discovered = oidc
      .discovery(
        issuer,
        settings.clientId,
        undefined,
        settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None(),
        {
          execute: [
            // Plain http only for a provider on this machine (development, tests), never across a network.
            ...(local ? [oidc.allowInsecureRequests] : []),
            // The ID token's signature is checked against the provider's keys too, not only trusted
            // for having come straight from its token endpoint.
            oidc.enableNonRepudiationChecks,
          ],
        },
      )
      .catch((error: unknown) => {
        this.configurations.delete(provider);
        throw AppError.of("socialProviderUnavailable", { cause: error });
      });
    this.configurations.set(provider, discovered);
    return discovered;
  }
}
