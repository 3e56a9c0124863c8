import { createPrivateKey, type KeyObject } from "node:crypto";
import { request } from "node:https";
import { z } from "zod";
import { inlineOrFile, signProviderJwt } from "./provider-jwt";
import type { ClaimedDelivery } from "./push-deliveries.repository";
import { pushTopic } from "./push-outbox";
import { retryAfter } from "./push-sender";
import {
  nativeMessage,
  PUSH_SEND_TIMEOUT_MS,
  PUSH_TTL_SECONDS,
  type PushTransport,
  type SendOutcome,
} from "./push-transport";

const FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
/** An access token is renewed this long before Google says it expires, so none expires in flight. */
const TOKEN_MARGIN_MS = 60_000;

const ServiceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url({ protocol: /^https$/ }),
});
export type ServiceAccount = z.infer<typeof ServiceAccountSchema>;

/** QUIRE_FCM_SERVICE_ACCOUNT: the JSON key file Firebase gives, inline or by path. */
export async function loadServiceAccount(value: string): Promise<ServiceAccount> {
  const text = await inlineOrFile("QUIRE_FCM_SERVICE_ACCOUNT", value, (t) => t.startsWith("{"));
  const parsed = ServiceAccountSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration: QUIRE_FCM_SERVICE_ACCOUNT is not a service account (${parsed.error.message})`,
    );
  }
  return parsed.data;
}

export interface FcmTransportOptions {
  serviceAccount: ServiceAccount;
  /** https://fcm.googleapis.com, or a test service. */
  baseUrl: string;
  /** Extra CAs (QUIRE_PUSH_CA_FILE) trusted besides the system's. */
  ca?: string[];
  clock: () => Date;
}

interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * FCM HTTP v1: the service account's RS256 assertion buys an OAuth2 access token at its token_uri (kept
 * until shortly before it expires), which authorises `messages:send`. 404 or UNREGISTERED, and
 * INVALID_ARGUMENT (a malformed token), mean the app's token is gone; 401 renews the access token and
 * retries; 429 and 5xx retry (Retry-After when given); other refusals drop the message.
 */
export class FcmTransport implements PushTransport {
  readonly #key: KeyObject;
  #accessToken: { value: string; renewAt: number } | undefined;

  constructor(private readonly options: FcmTransportOptions) {
    this.#key = createPrivateKey(options.serviceAccount.private_key);
  }

  async send(delivery: ClaimedDelivery): Promise<SendOutcome> {
    const { payload, highPriority } = nativeMessage(delivery);
    const { baseUrl, serviceAccount, clock } = this.options;
    const message = {
      message: {
        token: delivery.endpoint,
        notification: { title: payload.title, body: payload.body },
        data: { url: payload.url, notificationId: payload.notificationId },
        android: {
          priority: highPriority ? "high" : "normal",
          ttl: `${PUSH_TTL_SECONDS}s`,
          collapse_key: pushTopic(delivery.notificationId),
        },
      },
    };
    const answer = await this.post(
      `${baseUrl}/v1/projects/${encodeURIComponent(serviceAccount.project_id)}/messages:send`,
      JSON.stringify(message),
      { "content-type": "application/json", authorization: `Bearer ${await this.accessToken()}` },
    );
    const { status } = answer;
    if (status === 200) return { result: "accepted" };
    const error = fcmError(answer.body);
    if (status === 404 || error.code === "UNREGISTERED" || error.status === "INVALID_ARGUMENT") {
      return { result: "gone", status, reason: `${error.code ?? error.status ?? status}: ${error.message}` };
    }
    if (status === 401) {
      this.#accessToken = undefined;
      return { result: "retry", status, retryAt: clock() };
    }
    if (status === 429 || status >= 500) {
      const header = answer.headers["retry-after"];
      return { result: "retry", status, retryAt: retryAfter(typeof header === "string" ? header : undefined, clock()) };
    }
    return { result: "dropped", status, reason: `refused: ${error.message}` };
  }

  private async accessToken(): Promise<string> {
    const now = this.options.clock().getTime();
    if (this.#accessToken && now < this.#accessToken.renewAt) return this.#accessToken.value;
    const { client_email, token_uri, private_key_id } = this.options.serviceAccount;
    const issuedAt = Math.floor(now / 1000);
    const assertion = signProviderJwt(
      "RS256",
      private_key_id ? { kid: private_key_id } : {},
      { iss: client_email, scope: FCM_SCOPE, aud: token_uri, iat: issuedAt, exp: issuedAt + 3600 },
      this.#key,
    );
    const answer = await this.post(
      token_uri,
      new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString(),
      { "content-type": "application/x-www-form-urlencoded" },
    );
    if (answer.status !== 200) throw new Error(`FCM token endpoint answered ${answer.status}: ${answer.body}`);
    const { access_token, expires_in } = z
      .object({ access_token: z.string().min(1), expires_in: z.number().positive() })
      .parse(JSON.parse(answer.body));
    this.#accessToken = { value: access_token, renewAt: now + expires_in * 1000 - TOKEN_MARGIN_MS };
    return access_token;
  }

  private post(url: string, body: string, headers: Record<string, string>): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        url,
        { method: "POST", headers, timeout: PUSH_SEND_TIMEOUT_MS, ...(this.options.ca ? { ca: this.options.ca } : {}) },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          response.on("error", reject);
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error(`FCM request timed out: ${url}`)));
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  }
}

/** Google's error body: `{error: {status, message, details: [{errorCode}]}}`; FCM's own code is in details. */
function fcmError(body: string): { status?: string; code?: string; message: string } {
  try {
    const { error } = JSON.parse(body) as {
      error?: { status?: string; message?: string; details?: { errorCode?: string }[] };
    };
    const code = error?.details?.find((detail) => detail.errorCode)?.errorCode;
    return { status: error?.status, code, message: error?.message ?? body };
  } catch {
    return { message: body };
  }
}
