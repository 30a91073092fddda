// Motion preferences: turbo (short animations) chosen by the player, persisted; reduced motion
// from the OS (prefers-reduced-motion) always wins.
import { create } from 'zustand';
import type { MotionMode } from '../../shared/games/motion.ts';

const KEY = 'la.turbo';

/** Motion preference state. */
export interface MotionState {
  turbo: boolean; // player chose short animations
  reduced: boolean; // OS asks for reduced motion
  setTurbo(turbo: boolean): void;
}

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

function prefersReduced(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The motion store. */
export const useMotion = create<MotionState>()((set) => ({
  turbo: stored(),
  reduced: prefersReduced(),
  setTurbo: (turbo) => {
    try {
      localStorage.setItem(KEY, turbo ? '1' : '0');
    } catch {
      /* private mode: keep it for this page only */
    }
    set({ turbo });
  },
}));

/** The animation mode scripts take (the shared motion kit's MotionMode). */
export function motionMode(state: Pick<MotionState, 'turbo' | 'reduced'>): MotionMode {
  return state.reduced ? 'reduced' : state.turbo ? 'turbo' : 'normal';
}
