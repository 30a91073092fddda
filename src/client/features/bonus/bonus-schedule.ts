// When the bonus dialog opens (spec §2, §9): about 4000 ms after the app starts, at most once per
// local day per browser (the day is remembered in localStorage), and never over a game in progress:
// at the mark it waits until the games are idle (issue 26 item 9).
import { localDayKey } from '../../../shared/time/countdown.ts';

/** Delay after start before the bonus dialog opens (ms). */
export const BONUS_DELAY_MS = 4000;
/** localStorage key holding the local day ("YYYY-MM-DD") the dialog was last shown. */
export const BONUS_SEEN_KEY = 'bonus-shown-on';

/** Whether the dialog may show now (not yet shown on this local day). */
export function bonusDue(now: number, timeZone: string, storage: Pick<Storage, 'getItem'>): boolean {
  try {
    return storage.getItem(BONUS_SEEN_KEY) !== localDayKey(now, timeZone);
  } catch {
    return false;
  }
}

/** Records that the dialog was shown on the local day of `now`. */
export function markBonusShown(now: number, timeZone: string, storage: Pick<Storage, 'setItem'>): void {
  try {
    storage.setItem(BONUS_SEEN_KEY, localDayKey(now, timeZone));
  } catch {
    /* storage unavailable (private mode): the dialog may show again */
  }
}

/**
 * Schedules the bonus dialog: after BONUS_DELAY_MS, if it is due and no other dialog is open,
 * calls `open` and remembers the day. When due, `preload` (the dialog's code) starts at once so the
 * dialog opens with its content; if it is still loading at the mark, the dialog opens when it is
 * there (or failed). When a game is in progress at the mark, `whenIdle` holds it until the game
 * is idle. Returns a cancel function.
 */
export function scheduleBonus(opts: {
  open(): void;
  otherOpen(): boolean;
  timeZone: string;
  storage?: Storage;
  now?: () => number;
  preload?: () => Promise<unknown>;
  /** Calls `go` once no game is in progress (at once when idle); returns a cancel function. */
  whenIdle?: (go: () => void) => () => void;
}): () => void {
  const storage = opts.storage ?? localStorage;
  const now = opts.now ?? Date.now;
  let cancelled = false;
  let loading: Promise<unknown> | null = null;
  let stopWaiting = () => {};
  if (opts.preload && bonusDue(now(), opts.timeZone, storage)) {
    const settled = () => {
      loading = null;
    };
    loading = opts.preload().then(settled, settled);
  }
  const show = () => {
    const t = now();
    if (cancelled || !bonusDue(t, opts.timeZone, storage) || opts.otherOpen()) return;
    markBonusShown(t, opts.timeZone, storage);
    opts.open();
  };
  const fire = () => {
    if (cancelled) return;
    stopWaiting = opts.whenIdle ? opts.whenIdle(show) : (show(), () => {});
  };
  const id = setTimeout(() => (loading ? void loading.then(fire) : fire()), BONUS_DELAY_MS);
  return () => {
    cancelled = true;
    clearTimeout(id);
    stopWaiting();
  };
}
