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
