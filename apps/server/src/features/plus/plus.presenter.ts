import type { BetaSignup } from "@quire/core";

export function presentBetaSignup(row: { id: string; username: string; email: string; createdAt: string }): BetaSignup {
  return { id: row.id, username: row.username, email: row.email, joinedAt: row.createdAt };
}
