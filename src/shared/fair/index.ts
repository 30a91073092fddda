// Provably fair core: byte stream, commitments and every game event (Stake's scheme).
export * from './bytes.ts';
export * from './dice.ts';
export * from './plinko.ts';
export * from './wheel.ts';
export * from './crash.ts';
export * from './box.ts';
