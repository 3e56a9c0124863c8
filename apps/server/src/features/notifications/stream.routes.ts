import { AppError, socialContract } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireViewer } from "../../shared/session";
import type { NotificationHub } from "./notification-hub";
import type { NotificationsService } from "./notifications.service";

/** Proxies and load balancers drop a silent connection after about a minute; a comment keeps it open. */
export const HEARTBEAT_MS = 25_000;

/**
 * Live streams one user may hold open in this process (a browser tab or app each holds one). One more
 * is refused with 429 rather than closing the oldest: a closed EventSource reconnects by itself, so
 * closing would make two tabs take turns forever, while a refusal is final for that EventSource.
 */
export const STREAMS_PER_USER = 10;

/**
 * `GET /api/v1/stream`: the signed-in user's notifications as Server-Sent Events. Each `notification`
 * carries its id as the event id, so a browser reconnecting with Last-Event-ID gets what it missed;
 * `counters` follows with the unread count.
 */
export const streamRoutes: FastifyPluginAsyncZod<{
  hub: NotificationHub;
  service: NotificationsService;
}> = async (app, { hub, service }) => {
  const open = new Set<() => void>();
  const streamsOf = new Map<string, number>();
  // Server close waits for open connections; streams never end by themselves.
  app.addHook("preClose", async () => {
    for (const end of open) end();
  });

  route(app, socialContract.stream, async (request, reply) => {
    const { userId } = requireViewer(request);
    const streams = streamsOf.get(userId) ?? 0;
    if (streams >= STREAMS_PER_USER) {
      throw new AppError(
        "resource-exhausted",
        `Too many live streams are open for this account (${STREAMS_PER_USER}). Close another tab or window and try again.`,
        { details: { maxStreams: STREAMS_PER_USER } },
      );
    }
    streamsOf.set(userId, streams + 1);
    reply.hijack();
    const raw = reply.raw;
    // The hooks' headers too (CORS for the native app, the security headers): hijacking skips Fastify's send.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
    raw.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
      connection: "keep-alive",
    });
    raw.write("retry: 3000\n\n");

    const sent = new Set<string>();
    // Writes go one after another, so a replay finishes before live notifications follow it.
    let queue = Promise.resolve();
    const send = (notificationId: string) => {
      queue = queue
        .then(async () => {
          if (sent.has(notificationId) || raw.destroyed) return;
          const notification = await service.one(userId, notificationId);
          if (!notification) return;
          sent.add(notificationId);
          raw.write(`id: ${notification.id}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`);
          await sendCounters();
        })
        .catch((error: unknown) => request.log.warn({ err: error }, "stream write failed"));
    };
    const sendCounters = async () => {
      const unreadCount = await service.unreadCount(userId);
      if (!raw.destroyed) raw.write(`event: counters\ndata: ${JSON.stringify({ unreadCount })}\n\n`);
    };

    const unsubscribe = hub.subscribe(userId, send);
    const heartbeat = setInterval(() => raw.write(": heartbeat\n\n"), HEARTBEAT_MS);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const left = (streamsOf.get(userId) ?? 1) - 1;
      if (left > 0) streamsOf.set(userId, left);
      else streamsOf.delete(userId);
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      raw.end();
    };
    open.add(end);
    raw.on("close", end);

    const lastEventId = request.headers["last-event-id"];
    if (typeof lastEventId === "string" && lastEventId) {
      for (const id of await service.idsAfter(userId, lastEventId)) send(id);
    }
    queue = queue.then(sendCounters);
  });
};
