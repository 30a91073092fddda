// Publishes channel events (Pusher-protocol channels: public `lastDrop`, `battle-{id}`,
// `private-users.{id}`). The embedded channel server listens to the local publisher; a
// Pusher-compatible HTTP publisher can replace it. Services publish only after commit.
import { EventEmitter } from 'node:events';

/** One event on one channel. */
export interface ChannelEvent {
  channel: string; // e.g. private-users.42
  event: string; // e.g. balanceUpdated
  data: unknown; // JSON-serialisable payload
}

/** Where services send channel events. */
export interface Publisher {
  publish(channel: string, event: string, data: unknown): Promise<void>;
}

/** In-process publisher: subscribers (the embedded channel server, tests) get every event. */
export class LocalPublisher implements Publisher {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    this.emitter.emit('event', { channel, event, data } satisfies ChannelEvent);
  }

  /** Calls `listener` for every event; returns an unsubscribe function. */
  subscribe(listener: (e: ChannelEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}

/** The private channel of a user. */
export function userChannel(userId: number): string {
  return `private-users.${userId}`;
}

/** Tells a user's browsers their new balance (dollars), per spec §3 "Balance notification". */
export function publishBalance(publisher: Publisher, userId: number, balanceCents: number): Promise<void> {
  return publisher.publish(userChannel(userId), 'balanceUpdated', {
    type: 'balanceUpdated',
    current_balance: balanceCents / 100,
  });
}

/** Where post-commit failures are reported (a pino/Fastify logger fits). */
export interface PublishLog {
  error(obj: object, msg: string): void;
}

/**
 * Runs the publishing that follows a committed money transaction. The money already moved and
 * the answer is final, so a failure (channel service down, a read for the event failing) is
 * logged and never turns the request into an error the player would retry.
 */
export async function afterCommit(log: PublishLog, what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    log.error({ err, what }, 'publishing after commit failed (the request succeeded)');
  }
}

/**
 * Queues events for a slow or remote publisher (the Pusher HTTP API): `publish` returns at once,
 * one worker sends the events in order, a failure is reported to `onError` and the queue goes on.
 * Beyond `max` waiting events the oldest is dropped (and reported): a balance event is only a hint,
 * the browser reads the balance again on its next call.
 */
export class QueuedPublisher implements Publisher {
  private readonly queue: ChannelEvent[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly inner: Publisher,
    private readonly onError: (err: unknown, event: ChannelEvent) => void,
    private readonly max = 10_000,
  ) {}

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    if (this.queue.length >= this.max)
      this.onError(new Error('publish queue full: event dropped'), this.queue.shift()!);
    this.queue.push({ channel, event, data });
    this.draining ??= this.drain();
  }

  /** Resolves when every queued event has been sent or reported (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    await Promise.resolve(); // start after the caller's turn
    for (let e = this.queue.shift(); e; e = this.queue.shift()) {
      try {
        await this.inner.publish(e.channel, e.event, e.data);
      } catch (err) {
        this.onError(err, e);
      }
    }
    this.draining = null;
  }
}
