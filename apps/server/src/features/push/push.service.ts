import { AppError, type NotificationPreferences, type PushRegistration, type PushRegistrationBody } from "@quire/core";
import { presentPreferences, presentRegistration } from "./push.presenter";
import type { PushRepository, RegistrationChange } from "./push.repository";
import type { PushEndpointPolicy } from "./push-endpoint-policy";

/** Registrations of the caller's browsers and phones, and the caller's notification preferences. */
export class PushService {
  constructor(
    private readonly repository: PushRepository,
    private readonly clock: () => Date,
    private readonly endpoints: PushEndpointPolicy,
  ) {}

  async register(userId: string, body: PushRegistrationBody): Promise<PushRegistration> {
    return presentRegistration(await this.repository.register(userId, this.change(body)));
  }

  /** Someone else's registration is answered exactly like a missing one. */
  async update(userId: string, id: string, body: PushRegistrationBody): Promise<PushRegistration> {
    const row = await this.repository.update(userId, id, this.change(body));
    if (!row) throw AppError.of("pushRegistrationNotFound");
    return presentRegistration(row);
  }

  async unregister(userId: string, id: string): Promise<void> {
    if (!(await this.repository.remove(userId, id))) throw AppError.of("pushRegistrationNotFound");
  }

  async preferences(userId: string): Promise<NotificationPreferences> {
    return presentPreferences(await this.repository.preferences(userId));
  }

  /** Sets the listed types; types left out keep what they had. */
  async updatePreferences(userId: string, body: NotificationPreferences): Promise<NotificationPreferences> {
    await this.repository.savePreferences(userId, body.preferences, this.clock().toISOString());
    return this.preferences(userId);
  }

  private change(body: PushRegistrationBody): RegistrationChange {
    const { userAgent } = body;
    const now = this.clock().toISOString();
    if (body.kind === "fcm" || body.kind === "apns") {
      // The service's address is ours to configure, so only a browser's endpoint needs the allow-list.
      return { kind: body.kind, endpoint: body.token, p256dh: "", auth: "", userAgent, now };
    }
    const { endpoint, keys } = body.subscription;
    const refusal = this.endpoints.refusal(endpoint);
    if (refusal) {
      throw new AppError("invalid-argument", refusal, {
        reason: "push/endpoint-not-allowed",
        details: [{ path: "subscription.endpoint", message: refusal }],
      });
    }
    return { kind: "webpush", endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent, now };
  }
}
