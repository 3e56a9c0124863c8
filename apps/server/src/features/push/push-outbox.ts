import { createHash } from "node:crypto";
import type { PushPayload } from "@quire/core";
import type { PushDeliveriesTable } from "../../db/schema";

export interface PushMessage {
  userId: string;
  payload: PushPayload;
  /** The user event's priority; a high one (a book launch) is sent with urgency high. */
  priority: string;
}

/** RFC 8030 urgency for an event priority. */
export function urgencyOf(priority: string): PushDeliveriesTable["urgency"] {
  return priority === "high" || priority === "low" ? priority : "normal";
}

/** The app path a push click opens: a book's page, or a user's profile (the resource name is the username). */
export function pushTarget(resource: { id: string; type: string; name: string }): string {
  return resource.type === "book"
    ? `/books/${encodeURIComponent(resource.id)}`
    : `/u/${encodeURIComponent(resource.name)}`;
}

/** Push services hold back only one message per topic: a resend after an unknown outcome replaces the first. */
export function pushTopic(notificationId: string): string {
  return createHash("sha256").update(notificationId).digest("base64url").slice(0, 32);
}
