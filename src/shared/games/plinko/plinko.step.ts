// The Bounce physics step, apart from the physics: the scene samples a trajectory's frames by it
// without loading matter-js (plinko.script.ts, loaded with the first drop).

/** Physics step, ms (matter's base delta: velocities are in units per step). */
export const STEP_MS = 1000 / 60;
