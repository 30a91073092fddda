// Small pieces the battle pages share: the mode label with its options and the row of box images.
import type { BattleBox, BattleSummary } from '../../../shared/api/battles.ts';

/** "2v2" with Crazy / Terminal / Private badges. */
export function ModeLabel({ battle }: { battle: Pick<BattleSummary, 'mode' | 'crazy' | 'terminal' | 'private'> }) {
  return (
    <span className="battle-mode" data-testid="battle-mode">
      <strong>{battle.mode}</strong>
      {battle.crazy && <span className="badge badge-crazy">Crazy</span>}
      {battle.terminal && <span className="badge badge-terminal">Terminal</span>}
      {battle.private && <span className="badge">Private</span>}
    </span>
  );
}

/** The battle's boxes in round order (at most `max` images, then "+N"). */
export function BattleBoxes({ boxes, max, current }: { boxes: readonly BattleBox[]; max?: number; current?: number }) {
  const shown = max ? boxes.slice(0, max) : boxes;
  return (
    <span className="battle-boxes" data-testid="battle-boxes">
      {shown.map((b, i) => (
        <img
          key={i}
          src={b.img_url}
          alt={b.name}
          title={`${b.name}`}
          width={40}
          height={40}
          loading="lazy"
          className={i === current ? 'current' : i < (current ?? -1) ? 'played' : undefined}
        />
      ))}
      {boxes.length > shown.length && <span className="muted">+{boxes.length - shown.length}</span>}
    </span>
  );
}
