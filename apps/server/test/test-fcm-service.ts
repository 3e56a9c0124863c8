import { createPublicKey, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { readVerifiedJwt, type TestTls } from "./push-service-tls";

const SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
const PROJECT_ID = "quire-test";

/** A scripted refusal of the next message for a token, as FCM words it. */
export interface FcmScriptedAnswer {
  status: number;
  /** google.rpc status, e.g. UNAVAILABLE, INVALID_ARGUMENT. */
  errorStatus?: string;
  /** FcmError code in details, e.g. UNREGISTERED, QUOTA_EXCEEDED. */
  errorCode?: string;
  retryAfter?: string;
}

interface Device {
  received: { message: Record<string, unknown> }[];
  script: FcmScriptedAnswer[];
  answers: number[];
}

/**
 * Google's OAuth2 token endpoint and FCM HTTP v1 on one local HTTPS port. The token endpoint takes a
 * jwt-bearer grant whose assertion must be RS256-signed by the service account's key, issued by its
 * client_email, for this token_uri and the firebase.messaging scope, unexpired; it answers a fresh
 * access token. `messages:send` wants one of those tokens, this project, and a message for a token
 * that `device()` made (others get 404 UNREGISTERED, as an uninstalled app's token does).
 */
export class TestFcmService {
  readonly #devices = new Map<string, Device>();
  readonly #accessTokens = new Set<string>();
  /** Token grants issued, to see the access token is cached. */
  tokenGrants = 0;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    private readonly publicKey: KeyObject,
    /** The service-account JSON Quire is given (QUIRE_FCM_SERVICE_ACCOUNT); its key is test-only, made here. */
    readonly serviceAccount: Record<string, string>,
    private readonly caFile: string,
  ) {}

  static async start(tls: TestTls): Promise<TestFcmService> {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    let service: TestFcmService | undefined;
    const server = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
      service?.handle(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const serviceAccount = {
      type: "service_account",
      project_id: PROJECT_ID,
      private_key_id: "test-key-1",
      private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      client_email: `quire-push@${PROJECT_ID}.iam.gserviceaccount.com`,
      token_uri: `${origin}/token`,
    };
    service = new TestFcmService(server, origin, createPublicKey(privateKey), serviceAccount, tls.caFile);
    return service;
  }

  env(): Record<string, string> {
    return {
      QUIRE_FCM_SERVICE_ACCOUNT: JSON.stringify(this.serviceAccount),
      QUIRE_FCM_BASE_URL: this.origin,
      QUIRE_PUSH_CA_FILE: this.caFile,
    };
  }

  /** An installed app's registration token. */
  device(): string {
    const token = `${randomBytes(8).toString("base64url")}:APA91b${randomBytes(100).toString("base64url")}`;
    this.#devices.set(token, { received: [], script: [], answers: [] });
    return token;
  }

  script(token: string, ...answers: FcmScriptedAnswer[]): void {
    this.deviceOf(token).script.push(...answers);
  }

  received(token: string): { message: Record<string, unknown> }[] {
    return this.deviceOf(token).received;
  }

  answers(token: string): number[] {
    return this.deviceOf(token).answers;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private deviceOf(token: string): Device {
    const device = this.#devices.get(token);
    if (!device) throw new Error(`unknown FCM token ${token}`);
    return device;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    if (request.method === "POST" && request.url === "/token") return this.grant(body, response);
    if (request.method === "POST" && request.url === `/v1/projects/${PROJECT_ID}/messages:send`) {
      return this.send(request, body, response);
    }
    fail(response, 404, "NOT_FOUND", `no route ${request.method} ${request.url}`);
  }

  private grant(body: string, response: ServerResponse): void {
    const form = new URLSearchParams(body);
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") {
      response.writeHead(400, { "content-type": "application/json" }).end('{"error":"unsupported_grant_type"}');
      return;
    }
    const jwt = readVerifiedJwt(form.get("assertion") ?? "", "RS256", this.publicKey);
    const claims = jwt?.claims;
    const now = Date.now() / 1000;
    const valid =
      claims !== undefined &&
      jwt?.header.kid === this.serviceAccount.private_key_id &&
      claims.iss === this.serviceAccount.client_email &&
      claims.aud === this.serviceAccount.token_uri &&
      claims.scope === SCOPE &&
      typeof claims.iat === "number" &&
      typeof claims.exp === "number" &&
      claims.exp > now &&
      claims.exp - claims.iat <= 3600;
    if (!valid) {
      response.writeHead(400, { "content-type": "application/json" }).end('{"error":"invalid_grant"}');
      return;
    }
    const accessToken = `ya29.${randomBytes(24).toString("base64url")}`;
    this.#accessTokens.add(accessToken);
    this.tokenGrants += 1;
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ access_token: accessToken, expires_in: 3599, token_type: "Bearer" }));
  }

  private send(request: IncomingMessage, body: string, response: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer || !this.#accessTokens.has(bearer)) return fail(response, 401, "UNAUTHENTICATED", "bad credentials");
    const { message } = JSON.parse(body) as { message?: Record<string, unknown> & { token?: string } };
    const device = message?.token ? this.#devices.get(message.token) : undefined;
    if (!message || !device) {
      return fail(response, 404, "NOT_FOUND", "Requested entity was not found.", "UNREGISTERED");
    }
    const scripted = device.script.shift();
    if (scripted) {
      device.answers.push(scripted.status);
      const headers: Record<string, string> = scripted.retryAfter ? { "retry-after": scripted.retryAfter } : {};
      return fail(
        response,
        scripted.status,
        scripted.errorStatus ?? "UNAVAILABLE",
        "scripted",
        scripted.errorCode,
        headers,
      );
    }
    device.answers.push(200);
    device.received.push({ message });
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ name: `projects/${PROJECT_ID}/messages/${randomBytes(8).toString("hex")}` }));
  }
}

function fail(
  response: ServerResponse,
  code: number,
  status: string,
  message: string,
  errorCode?: string,
  headers: Record<string, string> = {},
): void {
  const details = errorCode ? [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode }] : [];
  response
    .writeHead(code, { "content-type": "application/json", ...headers })
    .end(JSON.stringify({ error: { code, message, status, details } }));
}
