/** The PostgreSQL channel the event worker NOTIFYs on, payload `userId notificationId`. */
export const NOTIFICATIONS_CHANNEL = "quire_notifications";

type Listener = (notificationId: string) => void;

/** The database handle's LISTEN, which only PostgreSQL has. */
export interface ListeningDatabase {
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * Tells this process's open streams that a user has a new notification. With SQLite every writer is
 * in this process, so delivery is a local call; with PostgreSQL the worker of any process NOTIFYs
 * and each process hears it on its own LISTEN connection.
 */
export class NotificationHub {
  readonly #listeners = new Map<string, Set<Listener>>();
  #stopListening: (() => Promise<void>) | undefined;

  constructor(private readonly database: ListeningDatabase) {}

  /** Whether delivery goes through the database (the worker then NOTIFYs instead of calling `deliver`). */
  get crossProcess(): boolean {
    return this.database.listen !== undefined;
  }

  async start(): Promise<void> {
    if (!this.database.listen) return;
    this.#stopListening = await this.database.listen(NOTIFICATIONS_CHANNEL, (payload) => {
      const [userId, notificationId] = payload.split(" ");
      if (userId && notificationId) this.deliver(userId, notificationId);
    });
  }

  async stop(): Promise<void> {
    await this.#stopListening?.();
    this.#stopListening = undefined;
  }

  subscribe(userId: string, listener: Listener): () => void {
    let listeners = this.#listeners.get(userId);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(userId, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(userId);
    };
  }

  deliver(userId: string, notificationId: string): void {
    for (const listener of this.#listeners.get(userId) ?? []) listener(notificationId);
  }
}
