import {
  AppError,
  type Me,
  newId,
  RESET_TOKEN_TTL_MINUTES,
  SESSION_TTL_DAYS,
  type SignInRequestSchema,
  type SignUpRequestSchema,
  VERIFICATION_TOKEN_TTL_HOURS,
} from "@quire/core";
import type { Logger } from "pino";
import type { z } from "zod";
import type { EmailTokenPurpose } from "../../db/schema";
import type { AttemptLimiter } from "../../infra/attempt-limiter";
import type { Mailer } from "../../infra/email/mailer";
import { passwordResetEmail, signUpAttemptEmail, verificationEmail, welcomeEmail } from "../../infra/email/templates";
import type { Attribution } from "../campaign";
import { createProfile } from "../users";
import type { AuthRepository } from "./auth.repository";
import { presentMe } from "./me.presenter";
import { hashPassword, hashToken, newSecretToken, verifyPassword } from "./secrets";

const HOUR_MS = 60 * 60 * 1000;
const SESSION_TTL_MS = SESSION_TTL_DAYS * 24 * HOUR_MS;
/** A session's expiry slides forward when used, at most this often (not a write per request). */
const SESSION_TOUCH_INTERVAL_MS = HOUR_MS;

export interface AuthDependencies {
  repository: AuthRepository;
  mailer: Mailer;
  logger: Logger;
  clock: () => Date;
  limits: { signInPerAccount: AttemptLimiter; resetPerAccount: AttemptLimiter };
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  user: Me;
}

/** Email-and-password accounts: sign-up, verification, sign-in, sessions, password reset and change. */
export class AuthService {
  constructor(private readonly deps: AuthDependencies) {}

  private get repository() {
    return this.deps.repository;
  }

  private now(): Date {
    return this.deps.clock();
  }

  /**
   * SPEC §4: the account and its profile are created (role reader), a verification email is sent,
   * and the user stays signed out. SPEC §5's profile rules apply.
   */
  async signUp(
    input: z.output<typeof SignUpRequestSchema>,
    origin: string,
    attribution: Attribution,
  ): Promise<{ email: string }> {
    // The profile rules are checked again inside createProfile; failing before hashing saves the work.
    if (!input.acceptedTerms) throw AppError.of("acceptedTermsRequired");
    const passwordHash = await hashPassword(input.password);
    const now = this.now().toISOString();
    const userId = newId();
    const token = newSecretToken();
    const existing = await this.repository.db.transaction().execute(async (trx) => {
      const owner = await this.repository.findUserByEmail(input.email, trx);
      if (owner) return owner;
      await createProfile(
        trx,
        {
          userId,
          email: input.email,
          acceptedTerms: input.acceptedTerms,
          firstName: input.firstName,
          lastName: input.lastName,
          acceptedTracking: input.acceptedTracking,
          signUpForBeta: input.signUpForBeta,
          ...attribution,
        },
        this.now(),
      );
      await this.repository.insertCredentials(userId, passwordHash, now, trx);
      await this.storeEmailToken(userId, "verify-email", token, VERIFICATION_TOKEN_TTL_HOURS * HOUR_MS, trx);
      return undefined;
    });
    // The answer is the same whether or not the address has an account (no enumeration); the owner hears of it.
    if (existing) await this.sendSignUpAttempt(input.email, existing.firstName, origin);
    else await this.sendVerification(input.email, input.firstName, token, origin);
    return { email: input.email };
  }

  private async storeEmailToken(
    userId: string,
    purpose: EmailTokenPurpose,
    token: string,
    ttlMs: number,
    trx: Parameters<AuthRepository["insertEmailToken"]>[1],
  ): Promise<void> {
    const now = this.now();
    await this.repository.insertEmailToken(
      {
        tokenHash: hashToken(token),
        userId,
        purpose,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
      },
      trx,
    );
  }

  private async sendVerification(email: string, firstName: string, token: string, origin: string): Promise<void> {
    const link = `${origin}/auth/action?mode=verifyEmail&token=${encodeURIComponent(token)}`;
    try {
      await this.deps.mailer.send({ to: email, ...verificationEmail({ firstName, link }) });
    } catch (error) {
      this.deps.logger.error({ err: error }, "verification email failed");
      throw AppError.of("verificationEmailFailed", { cause: error });
    }
  }

  private async sendSignUpAttempt(email: string, firstName: string, origin: string): Promise<void> {
    const content = signUpAttemptEmail({
      firstName,
      signInUrl: `${origin}/auth/sign-in`,
      resetUrl: `${origin}/auth/forgot-password`,
    });
    try {
      await this.deps.mailer.send({ to: email, ...content });
    } catch (error) {
      this.deps.logger.error({ err: error }, "sign-up attempt email failed");
      throw AppError.of("verificationEmailFailed", { cause: error });
    }
  }

  async resendVerification(email: string, origin: string): Promise<void> {
    const user = await this.repository.findUserByEmail(email);
    // Answered the same either way, so the endpoint does not reveal who has an account.
    if (!user || user.emailVerifiedAt || user.passwordHash === null) return;
    const token = newSecretToken();
    await this.repository.db
      .transaction()
      .execute((trx) =>
        this.storeEmailToken(user.id, "verify-email", token, VERIFICATION_TOKEN_TTL_HOURS * HOUR_MS, trx),
      );
    await this.sendVerification(email, user.firstName, token, origin);
  }

  async verifyEmail(token: string): Promise<{ email: string }> {
    const now = this.now().toISOString();
    const tokenHash = hashToken(token);
    const found = await this.repository.findLiveEmailToken(tokenHash, "verify-email", now);
    if (!found) throw AppError.of("invalidLink");
    await this.repository.db.transaction().execute(async (trx) => {
      if (!(await this.repository.consumeEmailToken(tokenHash, now, trx))) throw AppError.of("invalidLink");
      await this.repository.markCredentialsVerified(found.userId, now, trx);
    });
    return { email: found.email };
  }

  /**
   * SPEC §5: sign-in needs a verified email. On the first sign-in after verification the profile is
   * marked verified and the welcome email goes out.
   */
  async signIn(
    input: z.output<typeof SignInRequestSchema>,
    origin: string,
    userAgent: string | undefined,
  ): Promise<NewSession> {
    await this.deps.limits.signInPerAccount.hit(input.email);
    const user = await this.repository.findUserByEmail(input.email);
    const passwordOk = await verifyPassword(user?.passwordHash ?? undefined, input.password);
    if (!user || !passwordOk) throw AppError.of("invalidCredentials");
    if (!user.emailVerifiedAt) throw AppError.of("emailNotVerified");
    await this.deps.limits.signInPerAccount.reset(input.email);
    await this.markVerified(user, origin);
    return this.startSession(user.id, userAgent);
  }

  /**
   * Marks the profile's email verified; the call that changes it (the first verified sign-in, by
   * password or by a provider that vouches for the email) sends the welcome email.
   */
  async markVerified(user: { id: string; email: string; firstName: string }, origin: string): Promise<void> {
    if (!(await this.repository.markProfileVerified(user.id, this.now().toISOString()))) return;
    this.deps.mailer
      .send({ to: user.email, ...welcomeEmail({ firstName: user.firstName, appUrl: origin }) })
      .catch((error: unknown) => this.deps.logger.error({ err: error }, "welcome email failed"));
  }

  /** A new session for a user who has proven who they are (password, provider, or native hand-off). */
  async startSession(userId: string, userAgent: string | undefined): Promise<NewSession> {
    const now = this.now();
    const token = newSecretToken();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await this.repository.insertSession({
      idHash: hashToken(token),
      userId,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    return { token, expiresAt, user: await this.getMe(userId) };
  }

  /** The user id behind a session token, sliding its expiry forward when it is used. */
  async resolveSession(token: string): Promise<{ userId: string; sessionHash: string } | undefined> {
    const now = this.now();
    const sessionHash = hashToken(token);
    const session = await this.repository.findLiveSession(sessionHash, now.toISOString());
    if (!session) return undefined;
    if (now.getTime() - Date.parse(session.lastUsedAt) > SESSION_TOUCH_INTERVAL_MS) {
      await this.repository.touchSession(
        sessionHash,
        now.toISOString(),
        new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      );
    }
    return { userId: session.userId, sessionHash };
  }

  async signOut(sessionHash: string): Promise<void> {
    await this.repository.deleteSession(sessionHash);
  }

  async getMe(userId: string): Promise<Me> {
    const [user, lists] = await Promise.all([
      this.repository.findUserById(userId),
      this.repository.systemListsOf(userId),
    ]);
    if (!user) throw AppError.of("userDocumentNotFound");
    return presentMe(user, lists);
  }

  /** SPEC keeps "No user found with that email" here; a strict rate limit guards it. */
  async requestPasswordReset(email: string, origin: string): Promise<void> {
    await this.deps.limits.resetPerAccount.hit(email);
    const user = await this.repository.findUserByEmail(email);
    if (!user || user.passwordHash === null) throw AppError.of("unknownEmail");
    const token = newSecretToken();
    await this.repository.db
      .transaction()
      .execute((trx) => this.storeEmailToken(user.id, "reset-password", token, RESET_TOKEN_TTL_MINUTES * 60_000, trx));
    const link = `${origin}/auth/action?mode=resetPassword&token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({
      to: user.email,
      ...passwordResetEmail({ firstName: user.firstName, link, expiresInMinutes: RESET_TOKEN_TTL_MINUTES }),
    });
  }

  async checkPasswordReset(token: string): Promise<{ email: string }> {
    const found = await this.repository.findLiveEmailToken(
      hashToken(token),
      "reset-password",
      this.now().toISOString(),
    );
    if (!found) throw AppError.of("invalidLink");
    return { email: found.email };
  }

  /** A new password from a reset link: the link proves the address, and every session ends. */
  async resetPassword(token: string, password: string): Promise<void> {
    const now = this.now().toISOString();
    const tokenHash = hashToken(token);
    const found = await this.repository.findLiveEmailToken(tokenHash, "reset-password", now);
    if (!found) throw AppError.of("invalidLink");
    const passwordHash = await hashPassword(password);
    await this.repository.db.transaction().execute(async (trx) => {
      if (!(await this.repository.consumeEmailToken(tokenHash, now, trx))) throw AppError.of("invalidLink");
      await this.repository.updatePassword(found.userId, passwordHash, now, trx);
      await this.repository.markCredentialsVerified(found.userId, now, trx);
      await this.repository.deleteSessionsOf(found.userId, trx);
    });
  }

  /** SPEC §5: changing the password needs the current one; other sessions end, this one stays. */
  async changePassword(userId: string, sessionHash: string, current: string, next: string): Promise<void> {
    await this.deps.limits.signInPerAccount.hit(`change:${userId}`);
    const storedHash = await this.repository.findPasswordHash(userId);
    // Accounts made through Google or Apple have no password (none was ever set or proven).
    if (!storedHash) throw AppError.of("noPassword");
    if (!(await verifyPassword(storedHash, current))) throw AppError.of("invalidPassword");
    const passwordHash = await hashPassword(next);
    const now = this.now().toISOString();
    await this.repository.db.transaction().execute(async (trx) => {
      await this.repository.updatePassword(userId, passwordHash, now, trx);
      await this.repository.deleteSessionsOf(userId, trx, sessionHash);
    });
  }
}
