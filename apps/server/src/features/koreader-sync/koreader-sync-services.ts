import type { AppContext } from "../../context";
import type { SharedState } from "../../infra/shared-state/shared-state";
import type { ReadingService } from "../reading";
import { DevicePasswordsRepository } from "./device-passwords.repository";
import { DevicePasswordsService } from "./device-passwords.service";
import { KoreaderDocumentIndex } from "./document-index";
import { KosyncRepository } from "./kosync.repository";
import { KosyncService } from "./kosync.service";

/** Failed device sign-ins per username in 15 minutes (KOReader retries on its own, people mistype). */
const DEVICE_FAILURES_PER_USER = 20;

/** Device passwords and KOReader sync, built once by the composition root. */
export function createKoreaderSyncServices(
  ctx: Pick<AppContext, "database" | "storage" | "clock">,
  reading: ReadingService,
  shared: Pick<SharedState, "attemptLimiter">,
) {
  const { db } = ctx.database;
  const { clock, storage } = ctx;
  const repository = new KosyncRepository(db);
  const devicePasswords = new DevicePasswordsService({
    repository: new DevicePasswordsRepository(db),
    clock,
    failuresPerUser: shared.attemptLimiter(
      { name: "device-sign-in", max: DEVICE_FAILURES_PER_USER, windowMs: 15 * 60_000 },
      () => clock().getTime(),
    ),
  });
  const documents = new KoreaderDocumentIndex({ repository, storage, clock });
  return { devicePasswords, documents, kosync: new KosyncService({ repository, documents, reading, clock }) };
}
