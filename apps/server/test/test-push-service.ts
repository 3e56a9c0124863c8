import { createECDH, createPublicKey, type ECDH, randomBytes, randomUUID, verify } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import type { PushSubscriptionJson } from "@quire/core";
import ece from "http_ece";
import { type TestTls, testTls } from "./push-service-tls";

/** One message the service accepted, decrypted, with the headers that steer delivery. */
export interface ReceivedPush {
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
}

/** A scripted answer to the next request for a subscription (after the script, messages are accepted). */
export interface ScriptedAnswer {
  status: number;
  retryAfter?: string;
}

interface Subscriber {
  /** The origin its endpoint names, which a VAPID token's `aud` must be. */
  origin: string;
  ecdh: ECDH;
  authSecret: string;
  applicationServerKey: string;
  received: ReceivedPush[];
  script: ScriptedAnswer[];
  /** Every request's answer, accepted or not, in order. */
  answers: number[];
}

/**
 * A Web Push service (RFC 8030) on a local HTTPS port with a self-signed certificate, as browsers'
 * push services behave towards an application server: subscriptions are made here with a real P-256
 * key pair and auth secret and bound to an application server key; a message must carry a VAPID
 * (RFC 8292) Authorization whose JWT is for this origin, unexpired, and signed by that key; its
 * aes128gcm body (RFC 8291) is decrypted with the subscription's private key and kept. Unknown
 * endpoints get 404, like a subscription the browser dropped. It listens on 127.0.0.1, which Quire
 * refuses by default, so an app that sends here is configured with `env()`.
 */
export class TestPushService {
  /** Keyed by the endpoint's path, so one subscription can be reached under another host name. */
  readonly #subscribers = new Map<string, Subscriber>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
    readonly origin: string,
    private readonly tls: TestTls,
  ) {}

  /** The certificate to trust (QUIRE_PUSH_CA_FILE): the server's own, self-signed. */
  get caFile(): string {
    return this.tls.caFile;
  }

  static async start(): Promise<TestPushService> {
    const tls = await testTls();
    let service: TestPushService | undefined;
    const server = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
      service?.handle(request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    service = new TestPushService(server, port, `https://127.0.0.1:${port}`, tls);
    return service;
  }

  /**
   * The configuration that lets Quire send here: this CA trusted, this host:port allowed as a push
   * service, and its loopback address allowed for it (Quire refuses private addresses otherwise).
   */
  env(): Record<string, string> {
    return {
      QUIRE_PUSH_CA_FILE: this.caFile,
      QUIRE_PUSH_HOSTS: `127.0.0.1:${this.port}`,
      QUIRE_PUSH_PRIVATE_HOSTS: "127.0.0.1",
    };
  }

  /**
   * A browser's subscription to this service, bound to the application server's VAPID public key.
   * `host` names the service differently in the endpoint (e.g. `localhost`, which resolves to loopback).
   */
  subscribe(applicationServerKey: string, host = "127.0.0.1"): PushSubscriptionJson {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const authSecret = randomBytes(16).toString("base64url");
    const origin = `https://${host}:${this.port}`;
    const path = `/push/${randomUUID()}`;
    this.#subscribers.set(path, {
      origin,
      ecdh,
      authSecret,
      applicationServerKey,
      received: [],
      script: [],
      answers: [],
    });
    const endpoint = `${origin}${path}`;
    return {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret },
    };
  }

  /** Answers the next requests for this endpoint with these statuses, in order. */
  script(endpoint: string, ...answers: ScriptedAnswer[]): void {
    this.subscriber(endpoint).script.push(...answers);
  }

  /** The decrypted messages the endpoint accepted, oldest first. */
  received(endpoint: string): ReceivedPush[] {
    return this.subscriber(endpoint).received;
  }

  /** The status of every request the endpoint answered. */
  answers(endpoint: string): number[] {
    return this.subscriber(endpoint).answers;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.tls.remove();
  }

  private subscriber(endpoint: string): Subscriber {
    const subscriber = this.#subscribers.get(new URL(endpoint).pathname);
    if (!subscriber) throw new Error(`No subscription ${endpoint}`);
    return subscriber;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const subscriber = this.#subscribers.get(request.url ?? "");
    const answer = (status: number, headers: Record<string, string> = {}, text = "") => {
      subscriber?.answers.push(status);
      response.writeHead(status, headers).end(text);
    };
    if (request.method !== "POST" || !subscriber) return answer(404, {}, "no such subscription");
    const refusal = this.checkVapid(request.headers.authorization, subscriber);
    if (refusal) return answer(403, {}, refusal);
    if (request.headers["content-encoding"] !== "aes128gcm") return answer(415, {}, "aes128gcm only");
    if (request.headers.ttl === undefined) return answer(400, {}, "TTL header missing");
    const scripted = subscriber.script.shift();
    if (scripted) {
      return answer(scripted.status, scripted.retryAfter ? { "retry-after": scripted.retryAfter } : {});
    }
    const plain = ece.decrypt(body, {
      version: "aes128gcm",
      privateKey: subscriber.ecdh,
      authSecret: subscriber.authSecret,
    });
    subscriber.received.push({
      payload: JSON.parse(plain.toString("utf8")),
      ttl: request.headers.ttl as string,
      urgency: request.headers.urgency as string | undefined,
      topic: request.headers.topic as string | undefined,
    });
    answer(201, { location: `${this.origin}/message/${randomUUID()}` });
  }

  /** RFC 8292: `vapid t=<JWT>, k=<key>`; undefined when acceptable, else why not. */
  private checkVapid(
    authorization: string | undefined,
    { applicationServerKey, origin }: Subscriber,
  ): string | undefined {
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
    if (!match) return "no VAPID authorization";
    const [, jwt, key] = match as unknown as [string, string, string];
    if (key !== applicationServerKey) return "not the key this subscription was made with";
    const [header, claims, signature] = jwt.split(".");
    if (!header || !claims || !signature) return "malformed JWT";
    if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") return "not ES256";
    const point = Buffer.from(key, "base64url");
    const publicKey = createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33, 65).toString("base64url"),
      },
      format: "jwk",
    });
    const signed = verify(
      "sha256",
      Buffer.from(`${header}.${claims}`),
      { key: publicKey, dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    );
    if (!signed) return "bad signature";
    const { aud, exp, sub } = JSON.parse(Buffer.from(claims, "base64url").toString()) as Record<string, unknown>;
    if (aud !== origin) return `audience ${String(aud)} is not ${origin}`;
    const seconds = Date.now() / 1000;
    if (typeof exp !== "number" || exp <= seconds || exp > seconds + 24 * 3600) return "expired or too long";
    if (typeof sub !== "string" || !/^(mailto:|https:)/.test(sub)) return "no contact in sub";
    return undefined;
  }
}
