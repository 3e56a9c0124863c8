import { ACCOUNT_DELETION_VALIDITY_HOURS, type AccountDeletionRequested, AppError } from "@quire/core";
import type { Logger } from "pino";
import type { CaptchaVerifier } from "../../infra/captcha/captcha";
import type { Mailer } from "../../infra/email/mailer";
import { deletionConfirmationEmail, deletionRequestEmail } from "../../infra/email/templates";
import type { FileStorage } from "../../infra/storage";
import { hashToken, newSecretToken } from "../auth";
import type { AccountDeletionRepository } from "./account-deletion.repository";

const HOUR_MS = 60 * 60 * 1000;

export interface AccountDeletionDependencies {
  repository: AccountDeletionRepository;
  captcha: CaptchaVerifier;
  mailer: Mailer;
  storage: FileStorage;
  logger: Logger;
  clock: () => Date;
  /** Clears the public read cache, which may hold the deleted reader's profile. */
  onPublicChange: () => void;
}

/** Where a user's uploads live (SPEC §7 storage paths); all of it goes with the account. */
export const userUploadPrefixes = (userId: string) => [`users-avatars/${userId}`, `users-covers/${userId}`];

/**
 * SPEC §4 and §5: deleting an account takes an emailed request valid 24 hours, then the link with a
 * valid captcha. The token alone identifies the request, so whoever holds the link (and solves the
 * captcha) deletes that link's account, whether signed in as it, as someone else, or not at all.
 */
export class AccountDeletionService {
  constructor(private readonly deps: AccountDeletionDependencies) {}

  async request(userId: string, origin: string): Promise<AccountDeletionRequested> {
    const { repository, mailer, logger, clock } = this.deps;
    const user = await repository.findUserForDeletion(userId);
    if (!user) throw AppError.of("userDocumentNotFound");
    const now = clock();
    const token = newSecretToken();
    const tokenHash = hashToken(token);
    const expiresAt = new Date(now.getTime() + ACCOUNT_DELETION_VALIDITY_HOURS * HOUR_MS).toISOString();
    const saved = await repository.savePendingRequest(
      { userId, tokenHash, email: user.email, expiresAt, updatedAt: now.toISOString() },
      now.toISOString(),
    );
    if (!saved) throw AppError.of("deletionDuplicate");

    const link = `${origin}/account/delete?token=${encodeURIComponent(token)}`;
    try {
      await mailer.send({
        to: user.email,
        ...deletionRequestEmail({
          firstName: user.firstName,
          link,
          expiresInHours: ACCOUNT_DELETION_VALIDITY_HOURS,
        }),
      });
    } catch (error) {
      logger.error({ err: error, userId }, "account deletion email failed");
      await repository.removePendingRequest(userId, tokenHash);
      throw AppError.of("deletionRequestFailed", { cause: error });
    }
    return { status: "email-sent", email: user.email, expiresAt };
  }

  /** Returns the id of the deleted account. */
  async confirm(token: string, captchaToken: string, remoteIp: string | undefined): Promise<{ userId: string }> {
    const { repository, captcha, clock } = this.deps;
    // The captcha first: without solving it nobody learns whether a token exists.
    if (!(await captcha.verify(captchaToken, remoteIp))) throw AppError.of("captchaFailed");

    const tokenHash = hashToken(token);
    const found = await repository.findRequestByToken(tokenHash);
    if (found?.status !== "pending") throw AppError.of("deletionNotFound");
    const now = clock().toISOString();
    if (found.expiresAt <= now) throw AppError.of("deletionExpired");

    const user = await repository.db.transaction().execute(async (trx) => {
      // Checked again where it counts: a second confirmation racing this one finds the request used.
      if (!(await repository.markRequestUsed(tokenHash, now, trx))) throw AppError.of("deletionNotFound");
      const profile = await repository.findUserForDeletion(found.userId, trx);
      await repository.deleteUser(found.userId, trx);
      return profile;
    });
    this.deps.onPublicChange();
    // Files cannot be rolled back, so they go once the rows are gone for good.
    await this.removeUploads(found.userId);
    // Not awaited: the deletion is done whatever the mail server does, and the answer should not wait for it.
    void this.sendConfirmation(found.email, user?.firstName ?? "");
    return { userId: found.userId };
  }

  private async removeUploads(userId: string): Promise<void> {
    for (const prefix of userUploadPrefixes(userId)) {
      try {
        await this.deps.storage.removeAll(prefix);
      } catch (error) {
        this.deps.logger.error({ err: error, userId, prefix }, "uploads of a deleted account could not be removed");
      }
    }
  }

  /** SPEC §7 sendAccountDeletionConfirmationEmail: to the address the request stored. A failure leaves the deletion done. */
  private async sendConfirmation(email: string, firstName: string): Promise<void> {
    try {
      await this.deps.mailer.send({ to: email, ...deletionConfirmationEmail({ firstName }) });
    } catch (error) {
      this.deps.logger.error({ err: error }, "account deletion confirmation email failed");
    }
  }
}
