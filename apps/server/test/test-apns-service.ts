import { createPublicKey, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import {
  constants,
  createSecureServer,
  type Http2SecureServer,
  type IncomingHttpHeaders,
  type ServerHttp2Session,
  type ServerHttp2Stream,
} from "node:http2";
import type { AddressInfo } from "node:net";
import { readVerifiedJwt, type TestTls } from "./push-service-tls";

const KEY_ID = "ABC123DEFG";
const TEAM_ID = "TEAM123456";
const TOPIC = "app.quire.reader";

/** A scripted refusal of the next notification for a device, as APNs words it. */
export interface ApnsScriptedAnswer {
  status: number;
  reason: string;
}

export interface ReceivedNotification {
  payload: unknown;
  priority: string | undefined;
  expiration: string | undefined;
  collapseId: string | undefined;
}

interface Device {
  received: ReceivedNotification[];
  script: ApnsScriptedAnswer[];
  answers: number[];
}

/**
 * APNs on a local HTTP/2 TLS port: `POST /3/device/<token>` needs a provider token (ES256, signed by the
 * .p8 key made here, `kid` its key id, `iss` the team, issued within the hour), the app's topic, push
 * type alert, a priority of 5 or 10 and a JSON payload with `aps.alert`; a token `device()` did not make
 * gets 400 BadDeviceToken. Provider tokens seen are counted, to check one is reused.
 */
export class TestApnsService {
  readonly #devices = new Map<string, Device>();
  readonly #sessions = new Set<Pick<ServerHttp2Session, "destroy">>();
  readonly providerTokens = new Set<string>();

  private constructor(
    private readonly server: Http2SecureServer,
    readonly host: string,
    private readonly publicKey: KeyObject,
    /** The .p8 key Quire signs with (PKCS#8 PEM): test-only, made here. */
    private readonly keyPem: string,
    private readonly caFile: string,
  ) {}

  static async start(tls: TestTls): Promise<TestApnsService> {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    let service: TestApnsService | undefined;
    const server = createSecureServer({ key: tls.key, cert: tls.cert });
    server.on("stream", (stream, headers) => {
      service?.handle(stream, headers).catch((error: unknown) => {
        if (!stream.headersSent) stream.respond({ ":status": 500 });
        stream.end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    const keyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    service = new TestApnsService(server, host, createPublicKey(privateKey), keyPem, tls.caFile);
    return service;
  }

  env(): Record<string, string> {
    return {
      QUIRE_APNS_KEY: this.keyPem,
      QUIRE_APNS_KEY_ID: KEY_ID,
      QUIRE_APNS_TEAM_ID: TEAM_ID,
      QUIRE_APNS_TOPIC: TOPIC,
      QUIRE_APNS_HOST: this.host,
      QUIRE_PUSH_CA_FILE: this.caFile,
    };
  }

  /** An iPhone's device token for the app. */
  device(): string {
    const token = randomBytes(32).toString("hex");
    this.#devices.set(token, { received: [], script: [], answers: [] });
    return token;
  }

  script(token: string, ...answers: ApnsScriptedAnswer[]): void {
    this.deviceOf(token).script.push(...answers);
  }

  received(token: string): ReceivedNotification[] {
    return this.deviceOf(token).received;
  }

  answers(token: string): number[] {
    return this.deviceOf(token).answers;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      // Open client sessions would keep close() waiting.
      for (const session of this.#sessions) session.destroy();
    });
  }

  private deviceOf(token: string): Device {
    const device = this.#devices.get(token);
    if (!device) throw new Error(`unknown APNs token ${token}`);
    return device;
  }

  private async handle(stream: ServerHttp2Stream, headers: IncomingHttpHeaders): Promise<void> {
    if (stream.session) this.#sessions.add(stream.session);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const answer = (status: number, reason?: string) => {
      stream.respond({ ":status": status, "apns-id": randomBytes(16).toString("hex") });
      stream.end(reason ? JSON.stringify({ reason }) : undefined);
    };
    const path = String(headers[constants.HTTP2_HEADER_PATH]);
    const token = /^\/3\/device\/([0-9a-f]+)$/.exec(path)?.[1];
    if (headers[constants.HTTP2_HEADER_METHOD] !== "POST" || !token) return answer(405, "MethodNotAllowed");

    const bearer = /^bearer (.+)$/.exec(String(headers.authorization ?? ""))?.[1];
    if (!bearer) return answer(403, "MissingProviderToken");
    const jwt = readVerifiedJwt(bearer, "ES256", this.publicKey);
    if (!jwt || jwt.header.kid !== KEY_ID || jwt.claims.iss !== TEAM_ID) return answer(403, "InvalidProviderToken");
    if (typeof jwt.claims.iat !== "number" || jwt.claims.iat < Date.now() / 1000 - 3600) {
      return answer(403, "ExpiredProviderToken");
    }
    this.providerTokens.add(bearer);
    if (headers["apns-topic"] !== TOPIC) return answer(400, "DeviceTokenNotForTopic");
    if (headers["apns-push-type"] !== "alert") return answer(400, "InvalidPushType");
    const priority = headers["apns-priority"];
    if (priority !== "5" && priority !== "10") return answer(400, "BadPriority");

    const device = this.#devices.get(token);
    if (!device) return answer(400, "BadDeviceToken");
    const payload = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { aps?: { alert?: unknown } };
    if (!payload.aps?.alert) return answer(400, "PayloadEmpty");
    const scripted = device.script.shift();
    if (scripted) {
      device.answers.push(scripted.status);
      return answer(scripted.status, scripted.reason);
    }
    device.answers.push(200);
    device.received.push({
      payload,
      priority,
      expiration: headers["apns-expiration"] as string | undefined,
      collapseId: headers["apns-collapse-id"] as string | undefined,
    });
    answer(200);
  }
}
