// Level badge (spec §3): level below 10 → tier 1, otherwise the level rounded down to a multiple
// of ten (capped at the top tier 110); each tier has a badge image and a two-colour background.
import tier1 from '../../../../assets/tiers/tier-1.svg';
import tier10 from '../../../../assets/tiers/tier-10.svg';
import tier20 from '../../../../assets/tiers/tier-20.svg';
import tier30 from '../../../../assets/tiers/tier-30.svg';
import tier40 from '../../../../assets/tiers/tier-40.svg';
import tier50 from '../../../../assets/tiers/tier-50.svg';
import tier60 from '../../../../assets/tiers/tier-60.svg';
import tier70 from '../../../../assets/tiers/tier-70.svg';
import tier80 from '../../../../assets/tiers/tier-80.svg';
import tier90 from '../../../../assets/tiers/tier-90.svg';
import tier100 from '../../../../assets/tiers/tier-100.svg';
import tier110 from '../../../../assets/tiers/tier-110.svg';

/** A tier's look. */
export interface Tier {
  key: number; // 1, 10, 20 … 110
  image: string; // badge image URL
  colors: [string, string]; // background gradient, dark enough for white text
}

/** The 12 tiers of spec §3. */
export const TIERS: Tier[] = [
  { key: 1, image: tier1, colors: ['#4a5568', '#2d3748'] },
  { key: 10, image: tier10, colors: ['#7a5a2f', '#4a3519'] },
  { key: 20, image: tier20, colors: ['#5b6775', '#36404b'] },
  { key: 30, image: tier30, colors: ['#8a6a00', '#5c4700'] },
  { key: 40, image: tier40, colors: ['#166534', '#0c3d1f'] },
  { key: 50, image: tier50, colors: ['#075985', '#053b59'] },
  { key: 60, image: tier60, colors: ['#3730a3', '#231e6b'] },
  { key: 70, image: tier70, colors: ['#6b21a8', '#44156b'] },
  { key: 80, image: tier80, colors: ['#9d174d', '#640e31'] },
  { key: 90, image: tier90, colors: ['#9a3412', '#63210b'] },
  { key: 100, image: tier100, colors: ['#991b1b', '#5f1111'] },
  { key: 110, image: tier110, colors: ['#5b21b6', '#2e1065'] },
];

/** The tier key of a level: < 10 → 1, else floor to ten, at most 110. */
export function tierKey(level: number): number {
  if (!(level >= 10)) return 1;
  return Math.min(110, Math.floor(level / 10) * 10);
}

/** The tier of a level. */
export function tierOf(level: number): Tier {
  const key = tierKey(level);
  return TIERS.find((t) => t.key === key) ?? TIERS[0]!;
}

/** A small badge with the tier image and the level number. */
export function LevelBadge({ level }: { level: number }) {
  const tier = tierOf(level);
  return (
    <span
      className="level-badge"
      data-testid="level-badge"
      data-tier={tier.key}
      style={{ background: `linear-gradient(135deg, ${tier.colors[0]}, ${tier.colors[1]})` }}
      title={`Level ${level}`}
    >
      <img src={tier.image} alt="" width={16} height={16} />
      <span>
        <span className="sr-only">Level </span>
        {level}
      </span>
    </span>
  );
}
