import type { ReaderSettings } from "@quire/core";
import type { ReaderSettingsRepository } from "./reader-settings.repository";

/** A reader's own typography and layout, stored whole per account. */
export class ReaderSettingsService {
  constructor(
    private readonly repository: ReaderSettingsRepository,
    private readonly clock: () => Date,
  ) {}

  get(userId: string): Promise<ReaderSettings | null> {
    return this.repository.find(userId);
  }

  async save(userId: string, settings: ReaderSettings): Promise<ReaderSettings> {
    await this.repository.save(userId, settings, this.clock().toISOString());
    return settings;
  }
}
