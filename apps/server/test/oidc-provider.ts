import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type OidcContext } from "oidc-provider";
import { afterAll, beforeAll } from "vitest";

/** Who signs in at the provider: the ID token's claims. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
}

export interface TestOidcClient {
  clientId: string;
  clientSecret: string;
}

export interface TestOidcProvider {
  readonly issuer: string;
  readonly google: TestOidcClient;
  readonly apple: TestOidcClient;
  /** The account the next login at the provider signs in as; null: the user cancels instead. */
  signInAs(account: TestAccount | null): void;
  /** The query of every authorization request the provider received, oldest first. */
  readonly authorizationRequests: URLSearchParams[];
}

/** Only a grant's scopes reach the ID token: the test clients are trusted with all of them. */
const GRANTED_SCOPES = "openid email profile name";

/**
 * A real OpenID Connect provider (oidc-provider) on an ephemeral port with a client for "google"
 * and one for "apple", redirecting to the test app at `appOrigin`. Its login step signs in
 * whoever `signInAs` named, without a form; consent is implied. PKCE is required of every client.
 */
export function useTestOidcProvider(appOrigin = "http://localhost"): TestOidcProvider {
  const google = { clientId: "quire-google", clientSecret: randomBytes(24).toString("hex") };
  const apple = { clientId: "quire-apple", clientSecret: randomBytes(24).toString("hex") };
  const accounts = new Map<string, TestAccount>();
  const authorizationRequests: URLSearchParams[] = [];
  let current: TestAccount | undefined;
  let issuer: string | undefined;
  let server: Server | undefined;

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        { ...google, provider: "google" },
        { ...apple, provider: "apple" },
      ].map(({ clientId, clientSecret, provider: name }) => ({
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appOrigin}/api/auth/callback/${name}`],
        token_endpoint_auth_method: "client_secret_post",
      })),
      jwks: { keys: [signingKey()] },
      cookies: { keys: [randomBytes(32).toString("hex")] },
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      // Fixed lifetimes (the defaults print a notice each); a round trip takes seconds.
      ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      // Google's ID tokens carry the email and name claims themselves; the app reads only the ID token.
      conformIdTokenClaims: false,
      // Apple's "name" scope puts nothing in the ID token (Apple posts the name beside it instead).
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"], name: [] },
      findAccount: (_ctx: unknown, id: string) => {
        const account = accounts.get(id);
        return account ? { accountId: id, claims: () => account } : undefined;
      },
      loadExistingGrant: async (ctx: OidcContext) => {
        const { client, session, provider: self } = ctx.oidc;
        const existing = session.grantIdFor(client.clientId);
        if (existing) return self.Grant.find(existing);
        const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId });
        grant.addOIDCScope(GRANTED_SCOPES);
        await grant.save();
        return grant;
      },
    });
    provider.on("server_error", (_ctx, error) => console.error("test OpenID provider failed", error));
    const handle = provider.callback();
    server.on("request", (req, res) => {
      const url = new URL(req.url ?? "/", issuer);
      if (url.pathname === "/auth") authorizationRequests.push(url.searchParams);
      if (!url.pathname.startsWith("/interaction/")) return handle(req, res);
      const accountId = current?.sub;
      const result = accountId ? { login: { accountId } } : { error: "access_denied" };
      provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false }).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  return {
    get issuer() {
      if (!issuer) throw new Error("The test OpenID provider is used before beforeAll ran");
      return issuer;
    },
    google,
    apple,
    signInAs(account) {
      if (account) accounts.set(account.sub, account);
      current = account ?? undefined;
    },
    authorizationRequests,
  };
}

function signingKey() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { ...privateKey.export({ format: "jwk" }), kid: "test-signing-key", use: "sig", alg: "RS256" };
}
