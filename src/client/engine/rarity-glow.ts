// The rarity glow filter: GLSL from shaders/rarity-glow imported as strings (WebGL renderer).
import { Filter, GlProgram } from 'pixi.js';
import fragment from '../../../shaders/rarity-glow/rarity-glow.frag?raw';
import vertex from '../../../shaders/rarity-glow/rarity-glow.vert?raw';

/** Glow colour per rarity (0xRRGGBB). */
export const RARITY_COLORS: Record<string, number> = {
  common: 0x9aa0b4,
  uncommon: 0x2bd67b,
  rare: 0x3b82f6,
  epic: 0xa855f7,
  legendary: 0xf59e0b,
};

/** A glow filter in the rarity's colour; `time` drives the pulse. */
export function rarityGlow(rarity: string): Filter & { time: number } {
  const c = RARITY_COLORS[rarity] ?? 0xffffff;
  const filter = new Filter({
    glProgram: GlProgram.from({ vertex, fragment, name: 'rarity-glow' }),
    resources: {
      glowUniforms: {
        uColor: {
          value: new Float32Array([((c >> 16) & 255) / 255, ((c >> 8) & 255) / 255, (c & 255) / 255]),
          type: 'vec3<f32>',
        },
        uStrength: { value: 1.4, type: 'f32' },
        uTime: { value: 0, type: 'f32' },
      },
    },
    padding: 16,
  });
  return Object.defineProperty(filter, 'time', {
    get: () => filter.resources.glowUniforms.uniforms.uTime as number,
    set: (t: number) => (filter.resources.glowUniforms.uniforms.uTime = t),
  }) as Filter & { time: number };
}
