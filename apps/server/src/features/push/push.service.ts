import { AppError, type NotificationPreferences, type PushRegistration, type PushRegistrationBody } from "@quire/core";
import { presentPreferences, presentRegistration } from "./push.presenter";
import type { PushRepository } from "./push.repository";
import type { PushEndpointPolicy } from "./push-endpoint-policy";

/** Registrations of the caller's browsers and the caller's notification preferences. */
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

  private change(body: PushRegistrationBody) {
    const refusal = this.endpoints.refusal(body.subscription.endpoint);
    if (refusal) {
      throw new AppError("invalid-argument", refusal, {
        reason: "push/endpoint-not-allowed",
        details: [{ path: "subscription.endpoint", message: refusal }],
      });
    }
    return { subscription: body.subscription, userAgent: body.userAgent, now: this.clock().toISOString() };
  }
}
