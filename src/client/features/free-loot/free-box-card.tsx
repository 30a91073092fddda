// One free box in the grid: locked (level needed), available (Open), or cooling down (live hh:mm:ss).
// Without the recent deposit daily openings need, Open is disabled with that reason (promo still works on the lowest-tier box).
import type { FreeBox } from '../../../shared/api/free-loot.ts';
import { formatHms } from '../../../shared/api/free-loot.ts';
import { formatDollars } from '../../lib/format.ts';

/** The state a card shows. */
export type CardState = 'locked' | 'available' | 'cooldown';

/** What a card shows now: `remainingMs` is left of the cooldown on the server's clock. */
export function cardState(box: FreeBox, remainingMs: number): CardState {
  if (!box.unlocked) return 'locked';
  return box.next_available_at !== null && remainingMs > 0 ? 'cooldown' : 'available';
}

/** The slug a promo opening may open: the lowest-tier free box (smallest min_level), none without promo openings. */
export function promoBoxSlug(boxes: readonly FreeBox[], promoOpenings: number): string | undefined {
  if (promoOpenings <= 0) return undefined;
  return boxes.reduce<FreeBox | undefined>((a, b) => (a && a.min_level <= b.min_level ? a : b), undefined)?.slug;
}

/** A free box tile; `depositReason` (set while the deposit rule is not met or the allowance does not cover the box) blocks daily openings. */
export function FreeBoxCard(props: {
  box: FreeBox;
  remainingMs: number;
  selected: boolean;
  promo: boolean;
  depositReason?: string | null;
  onOpen(): void;
}) {
  const { box, remainingMs, selected, depositReason } = props;
  const state = cardState(box, remainingMs);
  const noDeposit = state === 'available' && !!depositReason && !props.promo;
  return (
    <div
      className={`free-box-card state-${state}${selected ? ' selected' : ''}`}
      data-testid="free-box-card"
      data-slug={box.slug}
      data-state={state}
    >
      <img src={box.img_url} alt="" width={120} height={120} loading="lazy" />
      <span className="box-card-name">{box.name}</span>
      <span className="muted">
        Worth about {formatDollars(box.expected_value)} · {box.items_count} items
      </span>
      {state === 'locked' && (
        <span className="free-box-lock" data-testid="free-box-locked">
          Unlocks at level {box.min_level}
        </span>
      )}
      {state === 'cooldown' && (
        <span
          className="free-box-timer"
          role="timer"
          data-testid="free-box-countdown"
          aria-label={`Opens again in ${formatHms(remainingMs)}`}
        >
          {formatHms(remainingMs)}
        </span>
      )}
      {noDeposit && (
        <span className="free-box-lock" data-testid="free-box-deposit-needed">
          {depositReason}
        </span>
      )}
      {state !== 'locked' && (
        <button
          type="button"
          className="btn btn-sm"
          data-testid="free-box-select"
          onClick={props.onOpen}
          disabled={noDeposit || (state === 'cooldown' && !props.promo && selected)}
          title={noDeposit ? depositReason! : undefined}
        >
          {state === 'available' && !(depositReason && props.promo) ? 'Open' : props.promo ? 'Use promo box' : 'View'}
        </button>
      )}
    </div>
  );
}
