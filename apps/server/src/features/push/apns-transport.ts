import { createPrivateKey, type KeyObject } from "node:crypto";
import { type ClientHttp2Session, connect, constants } from "node:http2";
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

/** Apple refuses provider tokens older than an hour and throttles ones renewed more often than every 20 min. */
const PROVIDER_TOKEN_LIFETIME_MS = 50 * 60_000;
/** The device is not (or no longer) this app's: its registration goes. */
const GONE_REASONS = new Set(["BadDeviceToken", "Unregistered", "DeviceTokenNotForTopic"]);

/** QUIRE_APNS_KEY: the .p8 key Apple gives (PKCS#8 PEM), inline or by path. */
export async function loadApnsKey(value: string): Promise<KeyObject> {
  return createPrivateKey(await inlineOrFile("QUIRE_APNS_KEY", value, (t) => t.startsWith("-----BEGIN")));
}

export interface ApnsTransportOptions {
  key: KeyObject;
  keyId: string;
  teamId: string;
  /** The app's bundle id. */
  topic: string;
  /** api.push.apple.com, api.sandbox.push.apple.com, or a test service (`host:port`). */
  host: string;
  /** Extra CAs (QUIRE_PUSH_CA_FILE) trusted besides the system's. */
  ca?: string[];
  clock: () => Date;
}

/**
 * APNs over HTTP/2 with token-based auth: one connection kept open (Apple asks providers not to reconnect
 * per message), an ES256 provider token reused for 50 minutes. 410, and 400 BadDeviceToken or
 * DeviceTokenNotForTopic, mean the token is gone; 403 ExpiredProviderToken renews the token and retries;
 * 429 and 5xx retry; other refusals drop the message.
 */
export class ApnsTransport implements PushTransport {
  #session: ClientHttp2Session | undefined;
  #providerToken: { value: string; renewAt: number } | undefined;

  constructor(private readonly options: ApnsTransportOptions) {}

  async send(delivery: ClaimedDelivery): Promise<SendOutcome> {
    const { payload, highPriority } = nativeMessage(delivery);
    const { topic, clock } = this.options;
    const now = clock();
    const body = JSON.stringify({
      aps: { alert: { title: payload.title, body: payload.body } },
      url: payload.url,
      notificationId: payload.notificationId,
    });
    const answer = await this.post(`/3/device/${encodeURIComponent(delivery.endpoint)}`, body, {
      "apns-topic": topic,
      "apns-push-type": "alert",
      "apns-priority": highPriority ? "10" : "5",
      "apns-expiration": String(Math.floor(now.getTime() / 1000) + PUSH_TTL_SECONDS),
      "apns-collapse-id": pushTopic(delivery.notificationId),
      authorization: `bearer ${this.providerToken(now)}`,
    });
    const { status } = answer;
    if (status === 200) return { result: "accepted" };
    const reason = apnsReason(answer.body) ?? String(status);
    if (status === 410 || GONE_REASONS.has(reason)) return { result: "gone", status, reason };
    if (status === 403 && reason === "ExpiredProviderToken") {
      this.#providerToken = undefined;
      return { result: "retry", status, retryAt: now };
    }
    if (status === 429 || status >= 500) {
      return { result: "retry", status, retryAt: retryAfter(answer.retryAfter, now) };
    }
    return { result: "dropped", status, reason };
  }

  close(): void {
    this.#session?.close();
    this.#session = undefined;
  }

  private providerToken(now: Date): string {
    if (this.#providerToken && now.getTime() < this.#providerToken.renewAt) return this.#providerToken.value;
    const { key, keyId, teamId } = this.options;
    const value = signProviderJwt("ES256", { kid: keyId }, { iss: teamId, iat: Math.floor(now.getTime() / 1000) }, key);
    this.#providerToken = { value, renewAt: now.getTime() + PROVIDER_TOKEN_LIFETIME_MS };
    return value;
  }

  private session(): ClientHttp2Session {
    if (this.#session && !this.#session.closed && !this.#session.destroyed) return this.#session;
    const session = connect(`https://${this.options.host}`, this.options.ca ? { ca: this.options.ca } : {});
    // A broken connection is dropped, and the next message opens a new one.
    const forget = () => {
      if (this.#session === session) this.#session = undefined;
    };
    session.on("error", forget);
    session.on("goaway", forget);
    session.on("close", forget);
    // Idle between batches, the connection must not keep the process alive.
    session.unref();
    this.#session = session;
    return session;
  }

  private post(
    path: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: string; retryAfter?: string }> {
    return new Promise((resolve, reject) => {
      const stream = this.session().request({
        [constants.HTTP2_HEADER_METHOD]: "POST",
        [constants.HTTP2_HEADER_PATH]: path,
        "content-type": "application/json",
        ...headers,
      });
      stream.setTimeout(PUSH_SEND_TIMEOUT_MS, () => stream.close(constants.NGHTTP2_CANCEL));
      let status = 0;
      let retryAfterHeader: string | undefined;
      const chunks: Buffer[] = [];
      stream.on("response", (responseHeaders) => {
        status = Number(responseHeaders[constants.HTTP2_HEADER_STATUS]);
        const header = responseHeaders["retry-after"];
        retryAfterHeader = typeof header === "string" ? header : undefined;
      });
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      // After the body, or when the stream is cancelled (timeout) or reset: without a status there was no answer.
      stream.on("close", () => {
        if (status === 0) reject(new Error("APNs closed the stream without an answer"));
        else resolve({ status, body: Buffer.concat(chunks).toString("utf8"), retryAfter: retryAfterHeader });
      });
      stream.on("error", reject);
      stream.end(body);
    });
  }
}

/** APNs explains a refusal as `{"reason": "BadDeviceToken"}`. */
function apnsReason(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { reason?: string }).reason;
  } catch {
    return undefined;
  }
}
