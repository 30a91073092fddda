// The upgrade controls: pick owned items (and optionally balance) as the stake, pick a pricier
// catalog target, see the chance, press Upgrade (or Skip while the needle spins).
import { useEffect, useMemo, useState } from 'react';
import { formatUsd } from '../../../shared/money.ts';
import type { Product } from '../../../shared/api/boxes.ts';
import {
  UPGRADE_MAX_CHANCE_BP,
  UPGRADE_MAX_ITEMS,
  bpToPercent,
  upgradeChance,
  upgradeChanceError,
} from '../../../shared/games/upgrade/upgrade.odds.ts';
import { useMotion } from '../../engine/motion.ts';
import { TurboMute } from '../../components/ui/turbo-mute.tsx';
import { BetButton } from '../../components/hud/bet-button.tsx';
import { HudInput } from '../../components/hud/hud-input.tsx';
import type { UpgradeParams } from './upgrade.machine.ts';
import { formatDollars } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { getInventory } from '../../lib/api/inventory.ts';
import { getUpgradeTargets } from '../../lib/api/upgrade.ts';
import { onFormSubmit } from '../../lib/form-submit.ts';

/** Props from the page. */
export interface UpgradeHudProps {
  busy: boolean; // the bet machine's `busy` tag: an upgrade is in flight or replaying
  replaying: boolean; // its `replaying` tag: the ring replays the roll (the button skips)
  version: number; // changes after each settled upgrade: reload the inventory
  onUpgrade(params: UpgradeParams): void;
  onSkip(): void;
  onChance(chance: number): void; // percent: the scene previews the arc
}

const cents = (dollars: number) => Math.round(dollars * 100);

function Tile({
  product,
  price,
  selected,
  onClick,
  testId,
}: {
  product: Product;
  price: number;
  selected: boolean;
  onClick(): void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={`upgrade-tile rarity-${product.rarity}`}
      aria-pressed={selected}
      onClick={onClick}
      data-testid={testId}
      title={product.name}
    >
      <img src={product.img_url} alt="" width={64} height={64} loading="lazy" />
      <span className="upgrade-tile-name">{product.name}</span>
      <span className="upgrade-tile-price">{formatDollars(price)}</span>
    </button>
  );
}

/** The HUD. */
export function UpgradeHud({ busy, replaying, version, onUpgrade, onSkip, onChance }: UpgradeHudProps) {
  const [picked, setPicked] = useState<number[]>([]);
  const [balanceText, setBalanceText] = useState('');
  const [target, setTarget] = useState<Product | null>(null);
  const [search, setSearch] = useState('');
  const { turbo, setTurbo } = useMotion();
  const inventory = useApiData(getInventory, [{ status: 'owned', sort: 'price_desc', per_page: 100 }], version);
  const owned = useMemo(() => inventory.data?.data.filter((i) => i.status === 'owned') ?? [], [inventory.data]);

  useEffect(() => setPicked((p) => p.filter((id) => owned.some((i) => i.id === id))), [owned]); // consumed items drop out

  const balanceNum = balanceText.trim() === '' ? 0 : Number(balanceText);
  const balanceError =
    !Number.isFinite(balanceNum) || balanceNum < 0 || Math.abs(cents(balanceNum) - balanceNum * 100) > 1e-6
      ? 'Enter dollars with up to 2 decimals.'
      : null;
  const itemsCents = owned.filter((i) => picked.includes(i.id)).reduce((sum, i) => sum + cents(i.price), 0);
  const stakeCents = itemsCents + (balanceError ? 0 : cents(balanceNum));
  // Only targets the stake can reach: dearer than the stake and at most 95 × it (the 1% floor).
  const range = stakeCents > 0 ? { min_price: (stakeCents + 1) / 100, max_price: (stakeCents * 95) / 100 } : {};
  const targets = useApiData(getUpgradeTargets, [{ limit: 48, ...range, search: search.trim() }]);
  const targetCents = target ? cents(target.price) : 0;
  const { chanceBp, capped } = upgradeChance(stakeCents, targetCents);
  const problem =
    picked.length === 0
      ? 'Choose at least one item to stake.'
      : !target
        ? 'Choose a target item.'
        : upgradeChanceError(stakeCents, targetCents);
  const chance = problem ? 0 : bpToPercent(chanceBp);

  useEffect(() => {
    if (!busy) onChance(chance);
  }, [chance, busy, onChance]);

  const toggle = (id: number) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : p.length >= UPGRADE_MAX_ITEMS ? p : [...p, id]));
  const submit = () => {
    if (busy) return onSkip();
    if (problem || balanceError || !target) return;
    onUpgrade({
      amount: balanceError ? 0 : Math.round(balanceNum * 100) / 100,
      item_ids: picked,
      target_product_id: target.id,
    });
  };

  return (
    <form className="upgrade-hud hud-panel" aria-label="Upgrade" onSubmit={onFormSubmit(submit)}>
      <fieldset>
        <legend>
          Your items ({picked.length} selected, {formatUsd(itemsCents)})
        </legend>
        <div className="upgrade-grid" data-testid="upgrade-items">
          {owned.map((i) => (
            <Tile
              key={i.id}
              product={i.product}
              price={i.price}
              selected={picked.includes(i.id)}
              onClick={() => toggle(i.id)}
              testId="upgrade-item"
            />
          ))}
        </div>
        {inventory.data && !owned.length && <p className="muted">No items yet: open a box to get some.</p>}
      </fieldset>
      <HudInput
        label="Add balance ($, optional)"
        name="balance"
        inputMode="decimal"
        value={balanceText}
        placeholder="0.00"
        onChange={(e) => setBalanceText(e.target.value)}
        error={balanceError}
      />
      <fieldset>
        <legend>Target {target ? `: ${target.name} (${formatDollars(target.price)})` : ''}</legend>
        <input
          className="hud-input"
          name="target-search"
          placeholder="Search items"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label="Search targets"
        />
        <div className="upgrade-grid" data-testid="upgrade-targets">
          {targets.data?.data.map((p) => (
            <Tile
              key={p.id}
              product={p}
              price={p.price}
              selected={target?.id === p.id}
              onClick={() => setTarget(p)}
              testId="upgrade-target"
            />
          ))}
        </div>
        {targets.data && !targets.data.data.length && <p className="muted">No item in reach of this stake.</p>}
      </fieldset>
      <p className="upgrade-chance">
        Stake {formatUsd(stakeCents)} → chance <strong data-testid="upgrade-chance">{chance.toFixed(2)}%</strong>
        {capped && !problem && <span className="muted"> (capped at {bpToPercent(UPGRADE_MAX_CHANCE_BP)}%)</span>}
      </p>
      {problem && picked.length > 0 && target && <p className="hud-hint">{problem}</p>}
      <BetButton
        type="submit"
        kind={replaying ? 'skip' : busy ? 'wait' : 'bet'}
        disabled={!busy && (!!problem || !!balanceError)}
        data-testid="upgrade-button"
      >
        {replaying ? 'Skip' : busy ? 'Upgrading…' : 'Upgrade'}
      </BetButton>
      <p className="muted small">
        Chance = stake ÷ target × 95% (5% edge), at most 75%, at least 1%. Your staked items are used up whatever the
        result.
      </p>
      <TurboMute className="upgrade-toggles" turbo={turbo} onTurbo={setTurbo} />
    </form>
  );
}
