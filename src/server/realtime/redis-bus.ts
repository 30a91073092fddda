// Channel events across instances: with REDIS_URL (and no hosted Pusher service) every instance
// publishes its channel events to one Redis pub/sub topic and feeds what it hears there to its own
// embedded channel server, so a browser connected to instance A receives an event published on
// instance B. The publishing instance hears its own event back through Redis like everyone else:
// one delivery path, no duplicates. The topic is named after the Pusher app key, so two
// installations (or two test runs) sharing a Redis never mix.
import type { Redis } from 'ioredis';
import type { ChannelEvent, LocalPublisher, Publisher } from './publisher.ts';

/** Publishes through Redis and relays the topic to the local channel server. */
export class RedisChannelBus implements Publisher {
  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly topic: string,
  ) {}

  /** Connects both Redis clients and subscribes before returning, so no event published after it is missed. */
  static async connect(url: string, appKey: string, local: LocalPublisher): Promise<RedisChannelBus> {
    const topic = `la:channels:${appKey}`;
    const { Redis } = await import('ioredis'); // loaded only when Redis is configured
    const pub = new Redis(url, { maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    sub.on('message', (_topic: string, message: string) => {
      const e = parse(message);
      if (e) void local.publish(e.channel, e.event, e.data);
    });
    await sub.subscribe(topic);
    return new RedisChannelBus(pub, sub, topic);
  }

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    await this.pub.publish(this.topic, JSON.stringify({ channel, event, data } satisfies ChannelEvent));
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    await this.pub.quit().catch(() => this.pub.disconnect());
  }
}

function parse(message: string): ChannelEvent | null {
  try {
    const e = JSON.parse(message) as Partial<ChannelEvent>;
    return typeof e.channel === 'string' && typeof e.event === 'string' ? (e as ChannelEvent) : null;
  } catch {
    return null; // not ours: ignored
  }
}
