export { isNetworkFailure } from "./offline-queue";
export {
  amendQueued,
  isQueuedOffline,
  QUEUED_OFFLINE,
  type QueuedOffline,
  queueWrite,
  sendOrQueue,
  startOfflineSync,
} from "./offline-sync";
export { MemoryQueueStore } from "./queue-store";
