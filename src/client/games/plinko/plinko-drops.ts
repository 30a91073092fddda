// The drops in progress: each Drop posts a bet, computes the ball's trajectory from the server's
// path and hands it to the scene; the balance moves when that ball lands (engine time), not when
// the request returns. The session's busy flag holds balance notifications while balls fall.
// Auto-drop runs here too, on the engine clock, so pause and ×0.5/×2 apply to it.
import type { EngineClock } from '../../engine/clock.ts';
import { api, errorText } from '../../lib/api.ts';
import { useSession } from '../../stores/session.ts';
import type { PlinkoBet } from '../../../shared/api/plinko.ts';
import type { Risk } from '../../../shared/fair/index.ts';
import { pathBits } from '../../../shared/games/plinko/plinko.outcome.ts';
import { dropTrajectory } from '../../../shared/games/plinko/plinko.script.ts';
import type { PlinkoScene } from './plinko.scene.ts';

/** One drop's parameters. */
export interface DropParams {
  amount: number; // dollars
  rows: number;
  risk: Risk;
}

/** Auto-drop settings. */
export interface AutoConfig {
  count: number; // drops, 0 = until stopped
  intervalMs: number; // engine ms between drops
  stopProfit: number; // dollars, 0 = off
  stopLoss: number; // dollars, 0 = off
  onWinPct: number; // change the amount by this % after a win (0 = keep)
  onLossPct: number; // … after a loss
}

/** A landed drop for the results strip. */
export interface LandedDrop {
  bet: PlinkoBet;
  amount: number;
}

/** What the HUD renders. */
export interface DropsState {
  inFlight: number; // requests pending + balls falling
  landed: LandedDrop[]; // newest first, at most 30
  auto: boolean;
  autoLeft: number; // drops left in the current auto run (Infinity when unbounded)
  amount: number; // the amount the next drop uses (auto changes it)
  error: string | null;
}

/** Runs drops against the API and the scene. */
export class PlinkoDrops {
  state: DropsState = { inFlight: 0, landed: [], auto: false, autoLeft: 0, amount: 1, error: null };
  private readonly listeners = new Set<() => void>();
  private autoProfit = 0; // dollars won minus staked in this auto run
  private autoTimer: unknown = null;

  constructor(
    private readonly scene: PlinkoScene,
    private readonly clock: EngineClock,
  ) {}

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getState = (): DropsState => this.state;

  /** Sets the amount the next drop stakes. */
  setAmount(amount: number): void {
    this.set({ amount });
  }

  /** Drops one ball; resolves once the server answered (the ball is then falling). */
  async drop(params: Omit<DropParams, 'amount'>): Promise<PlinkoBet | null> {
    const amount = this.state.amount;
    this.begin();
    try {
      const res = await api<{ data: PlinkoBet; balance: number }>('POST', '/api/plinko/bet', { ...params, amount });
      const script = dropTrajectory(res.data.rows, pathBits(res.data.path), (res.data.nonce * 0.6180339887) % 1);
      const started = this.clock.now;
      this.scene.drop(script, started);
      this.clock.setTimeout(() => this.land(res.data, amount), script.landedAt);
      this.set({ error: null });
      return res.data;
    } catch (e) {
      this.end();
      this.set({ error: errorText(e) });
      this.stopAuto();
      return null;
    }
  }

  /** Starts auto-drop with the current amount. */
  startAuto(params: Omit<DropParams, 'amount'>, config: AutoConfig): void {
    this.autoProfit = 0;
    this.set({ auto: true, autoLeft: config.count > 0 ? config.count : Infinity });
    const next = () => {
      if (!this.state.auto) return;
      if (this.state.autoLeft <= 0) return this.stopAuto();
      this.set({ autoLeft: this.state.autoLeft - 1 });
      void this.drop(params).then((bet) => {
        if (!bet || !this.state.auto) return;
        this.autoProfit += bet.payout - this.state.amount;
        this.adjust(bet, config);
        if (config.stopProfit > 0 && this.autoProfit >= config.stopProfit) return this.stopAuto();
        if (config.stopLoss > 0 && -this.autoProfit >= config.stopLoss) return this.stopAuto();
        this.autoTimer = this.clock.setTimeout(next, config.intervalMs);
      });
    };
    next();
  }

  /** Stops auto-drop (balls already falling still land). */
  stopAuto(): void {
    if (this.autoTimer !== null) this.clock.clearTimeout(this.autoTimer);
    this.autoTimer = null;
    if (this.state.auto) this.set({ auto: false, autoLeft: 0 });
  }

  private adjust(bet: PlinkoBet, config: AutoConfig): void {
    const pct = bet.multiplier >= 1 ? config.onWinPct : config.onLossPct;
    if (!pct) return;
    this.set({ amount: Math.max(0.01, Math.round(this.state.amount * (1 + pct / 100) * 100) / 100) });
  }

  private begin(): void {
    if (this.state.inFlight === 0) useSession.getState().setBusy(true);
    this.set({ inFlight: this.state.inFlight + 1 });
  }

  private end(): void {
    const inFlight = Math.max(0, this.state.inFlight - 1);
    this.set({ inFlight });
    if (inFlight === 0) useSession.getState().setBusy(false); // applies the latest server balance
  }

  private land(bet: PlinkoBet, amount: number): void {
    const { user } = useSession.getState();
    if (user) {
      const balance = Math.round((user.balance - amount + bet.payout) * 100) / 100;
      useSession.setState({ user: { ...user, balance } });
    }
    this.set({ landed: [{ bet, amount }, ...this.state.landed].slice(0, 30) });
    this.end();
  }

  private set(patch: Partial<DropsState>): void {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }
}
