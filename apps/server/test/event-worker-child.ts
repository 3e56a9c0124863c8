/**
 * A worker process for the kill tests: delivers every pending user event of the database its one
 * argument names (useSharedTestDatabase's processUrl), then exits 0. The test SIGKILLs it at will.
 */
import { createDatabase } from "../src/db/database";
import { EventDeliveryRepository } from "../src/features/notifications/event-delivery.repository";
import { EventWorker } from "../src/features/notifications/event-worker";
import { NotificationHub } from "../src/features/notifications/notification-hub";
import { createRootLogger } from "../src/logger";

const [url] = process.argv.slice(2);
if (!url) throw new Error("usage: event-worker-child.ts <database url>");
const database = createDatabase({ url, poolSize: 2 });
const worker = new EventWorker({
  repository: new EventDeliveryRepository(database),
  hub: new NotificationHub(database),
  clock: () => new Date(),
  logger: createRootLogger("silent"),
});
await worker.runOnce();
await database.destroy();
