// The round loops of this process, one per game, each with its socket.io namespace: app.ts gives it
// to the game modules (each adds its loop), main.ts attaches socket.io and starts them, and closing
// the app stops them.
import type { Server as SocketServer } from 'socket.io';
import type { RoundLoop, RoundObserver } from './round-loop.ts';
import type { RoundRow } from './round.repository.ts';

/** This process's round loops. */
export class RoundGames {
  private readonly loops: { namespace: string; loop: RoundLoop<RoundRow> }[] = [];

  /** Adds a game's loop, broadcast on `namespace` once attached. */
  add<R extends RoundRow>(namespace: string, loop: RoundLoop<R>): void {
    this.loops.push({ namespace, loop: loop as unknown as RoundLoop<RoundRow> });
  }

  /** The loop broadcast on `namespace`. */
  get(namespace: string): RoundLoop<RoundRow> | undefined {
    return this.loops.find((l) => l.namespace === namespace)?.loop;
  }

  /** Broadcasts through socket.io; a socket that connects gets the current snapshot at once. */
  attach(io: SocketServer): void {
    for (const { namespace, loop } of this.loops) {
      const nsp = io.of(namespace);
      loop.addChannel(nsp);
      nsp.on('connection', (socket) => {
        loop.snapshot().then(
          (snapshot) => snapshot && socket.emit(loop.game.gameEvent, snapshot),
          () => undefined, // the next tick or status change reaches it anyway
        );
      });
    }
  }

  /** Reports every loop to `observer` (metrics). */
  observe(observer: RoundObserver): void {
    for (const { loop } of this.loops) loop.observe(observer);
  }

  /** Starts every loop (each takes the lead when it can). */
  start(): void {
    for (const { loop } of this.loops) loop.start();
  }

  /** Stops every loop and gives up the leads. */
  async stop(): Promise<void> {
    await Promise.all(this.loops.map(({ loop }) => loop.stop()));
  }
}
