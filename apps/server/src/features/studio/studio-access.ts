import { AppError } from "@quire/core";
import { type EditableBook, rolesOf, type StudioRepository } from "./studio.repository";

export interface StudioUser {
  userId: string;
  /** The name books and events show: the authors row's, else the profile's. */
  name: string;
  roles: string[];
  isAdmin: boolean;
  isAuthor: boolean;
}

/** Who may do what in the studio: authors edit their own community books, administrators any community book. */
export class StudioAccess {
  constructor(private readonly repository: StudioRepository) {}

  async user(userId: string): Promise<StudioUser> {
    const row = await this.repository.userForStudio(userId);
    if (!row) throw AppError.of("userDocumentNotFound");
    const roles = rolesOf(row.roles);
    return {
      userId,
      name: row.authorName ?? profileDisplayName(row),
      roles,
      isAdmin: roles.includes("admin"),
      isAuthor: row.authorName !== null && row.authorName !== undefined,
    };
  }

  async author(userId: string): Promise<StudioUser> {
    const user = await this.user(userId);
    if (!user.isAuthor) throw AppError.of("notAnAuthor");
    return user;
  }

  async admin(userId: string): Promise<StudioUser> {
    const user = await this.user(userId);
    if (!user.isAdmin) throw AppError.of("adminOnly");
    return user;
  }

  /**
   * The book, if this user may edit it. Anyone else is told it does not exist (404), so the studio
   * does not confirm which hidden books there are. Public-domain books are the importer's, not the studio's.
   */
  async editableBook(userId: string, bookId: string): Promise<{ user: StudioUser; found: EditableBook }> {
    const [user, found] = await Promise.all([this.user(userId), this.repository.findEditableBook(bookId)]);
    if (found?.book.source !== "own" || !(user.isAdmin || found.authorIds.includes(userId))) {
      throw AppError.of("bookNotFound");
    }
    return { user, found };
  }
}

/** A profile's display name, as author names are first written. */
export function profileDisplayName(profile: { firstName: string; lastName: string; username: string }): string {
  return `${profile.firstName} ${profile.lastName}`.trim() || profile.username;
}
