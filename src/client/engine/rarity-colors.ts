// The rarity colours the reels draw their plates and landed glow rings in (the live GLSL glow filter
// went: a ring drawn once and pulsed by alpha costs a fraction of a filter pass in software WebGL).

/** Glow colour per rarity (0xRRGGBB). */
export const RARITY_COLORS: Record<string, number> = {
  common: 0x9aa0b4,
  uncommon: 0x2bd67b,
  rare: 0x3b82f6,
  epic: 0xa855f7,
  legendary: 0xf59e0b,
};
