import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
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

export interface TestOidcProviderOptions {
  /** Where the app under test runs: the clients' redirect URIs point there. */
  appOrigin?: string;
  /** A fixed port (the browser tests configure the app with it); 0 picks a free one. */
  port?: number;
  /** Fixed client secrets (the browser tests pass them to the app's environment); random otherwise. */
  secrets?: { google: string; apple: string };
  /**
   * Show a sign-in form at the login step, as a real provider would, instead of signing in whoever
   * `signInAs` named: for people and browser tests.
   */
  loginForm?: boolean;
}

export interface RunningTestOidcProvider extends TestOidcProvider {
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) with a client for "google" and one for "apple",
 * redirecting to the app at `appOrigin`. Its login step signs in whoever `signInAs` named (or whoever
 * the form names), consent implied. PKCE is required of every client.
 */
export async function startTestOidcProvider(options: TestOidcProviderOptions = {}): Promise<RunningTestOidcProvider> {
  const { appOrigin = "http://localhost", port = 0 } = options;
  const secret = () => randomBytes(24).toString("hex");
  const google = { clientId: "quire-google", clientSecret: options.secrets?.google ?? secret() };
  const apple = { clientId: "quire-apple", clientSecret: options.secrets?.apple ?? secret() };
  const accounts = new Map<string, TestAccount>();
  const authorizationRequests: URLSearchParams[] = [];
  let current: TestAccount | undefined;

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
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
  const finish = (req: IncomingMessage, res: ServerResponse, account: TestAccount | undefined) => {
    if (account) accounts.set(account.sub, account);
    const result = account ? { login: { accountId: account.sub } } : { error: "access_denied" };
    provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false }).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };
  server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/auth") authorizationRequests.push(url.searchParams);
    if (!url.pathname.startsWith("/interaction/")) return handle(req, res);
    if (!options.loginForm) return finish(req, res, current);
    if (req.method === "GET") {
      res.setHeader("content-type", "text/html; charset=utf-8");
      return res.end(LOGIN_FORM);
    }
    readForm(req).then((form) => {
      const email = form.get("email")?.trim().toLowerCase();
      if (form.get("action") === "cancel" || !email) return finish(req, res, undefined);
      finish(req, res, { sub: email, email, email_verified: true, given_name: form.get("given_name") ?? "" });
    });
  });

  return {
    issuer,
    google,
    apple,
    signInAs(account) {
      if (account) accounts.set(account.sub, account);
      current = account ?? undefined;
    },
    authorizationRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The provider for one test file: started before its tests, stopped after. */
export function useTestOidcProvider(appOrigin = "http://localhost"): TestOidcProvider {
  let running: RunningTestOidcProvider | undefined;
  beforeAll(async () => {
    running = await startTestOidcProvider({ appOrigin });
  });
  afterAll(async () => {
    await running?.close();
  });
  const started = () => {
    if (!running) throw new Error("The test OpenID provider is used before beforeAll ran");
    return running;
  };
  return {
    get issuer() {
      return started().issuer;
    },
    get google() {
      return started().google;
    },
    get apple() {
      return started().apple;
    },
    signInAs: (account) => started().signInAs(account),
    get authorizationRequests() {
      return started().authorizationRequests;
    },
  };
}

const LOGIN_FORM = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Test identity provider</h1>
<form method="post">
<label>Email <input name="email" type="email" required></label>
<label>First name <input name="given_name"></label>
<button name="action" value="login">Continue</button>
<button name="action" value="cancel" formnovalidate>Cancel</button>
</form></main></body></html>`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

function signingKey() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { ...privateKey.export({ format: "jwk" }), kid: "test-signing-key", use: "sig", alg: "RS256" };
}
