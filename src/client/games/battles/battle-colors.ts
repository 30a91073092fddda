// Team colours, one per team (every seat is its own team in 1v1, 1v1v1 and 1v1v1v1): the scene's
// reel frames and the page's seat cards use the same list.
import { seatTeam, type BattleMode } from '../../../shared/api/battles.ts';

/** 0xRRGGBB per team. */
export const TEAM_COLORS = [0x4b7bec, 0xeb3b5a, 0x20bf6b, 0xf7b731, 0xa855f7, 0x0fb9b1] as const;

/** A seat's team colour as 0xRRGGBB. */
export function seatColor(mode: BattleMode, seat: number): number {
  return TEAM_COLORS[seatTeam(mode, seat) % TEAM_COLORS.length]!;
}

/** A colour as CSS "#rrggbb". */
export function cssColor(color: number): string {
  return `#${color.toString(16).padStart(6, '0')}`;
}
