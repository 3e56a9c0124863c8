import type { UserEventType } from "@quire/core";

/** What an inbox row says about an event, written once when the worker delivers it. */
export function notificationText(
  type: UserEventType,
  actorName: string,
  resourceName: string,
): { title: string; body: string } {
  switch (type) {
    case "new follower":
      return { title: "New follower", body: `${actorName} started following you.` };
    case "book launched":
      return { title: "Book launched", body: `${resourceName} is out now.` };
    case "read book":
      return { title: "Finished a book", body: `${actorName} read ${resourceName}.` };
    case "started reading":
      return { title: "Started reading", body: `${actorName} started reading ${resourceName}.` };
    case "starred book":
      return { title: "Starred a book", body: `${actorName} starred ${resourceName}.` };
  }
}
