export { isNetworkFailure } from "./offline-queue";
export {
  amendQueued,
  isQueuedOffline,
  QUEUED_OFFLINE,
  type QueuedOffline,
  queueWrite,
  sendOrQueue,
  startOfflineSync,
  useHasPendingSync,
} from "./offline-sync";
export { MemoryQueueStore } from "./queue-store";
export { SAVED_OFFLINE_TEXT, SavedOfflineHint } from "./saved-offline-hint";
