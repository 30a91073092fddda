// Where the Crazy Wheel's socket events go: the /wheel namespace once the realtime server is
// attached (main.ts binds it), nowhere before (API-only tests). Emitted only after commit.
import { WHEEL_EVENTS, type WheelBetsEvent, type WheelGameEvent } from '../../../shared/api/rounds.ts';

/** The part of a socket.io namespace the wheel uses. */
export interface WheelEmitter {
  emit(event: string, payload: unknown): unknown;
}

/** The wheel's event sink. */
export class WheelBroadcast {
  private target: WheelEmitter | null = null;

  /** Sends events to `target` from now on. */
  bind(target: WheelEmitter): void {
    this.target = target;
  }

  /** `wheel:game`: a status change (or the snapshot). */
  game(event: WheelGameEvent): void {
    this.target?.emit(WHEEL_EVENTS.game, event);
  }

  /** `wheel:bets`: a bet placed, canceled, won or lost. */
  bets(event: WheelBetsEvent): void {
    this.target?.emit(WHEEL_EVENTS.bets, event);
  }
}
