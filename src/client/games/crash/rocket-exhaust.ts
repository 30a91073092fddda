// The exhaust trail's filter: GLSL from shaders/rocket-exhaust (heat → flame colour, flickering
// with time), on Pixi's default filter vertex stage.
import { defaultFilterVert, Filter, GlProgram } from 'pixi.js';
import fragment from '../../../../shaders/rocket-exhaust/rocket-exhaust.frag?raw';

/** The exhaust filter; set `time` (s) every frame and `power` (0.5 … 1.6) from the speed. */
export interface ExhaustFilter extends Filter {
  time: number;
  power: number;
}

/** A new exhaust filter. */
export function exhaustFilter(): ExhaustFilter {
  const filter = new Filter({
    glProgram: GlProgram.from({ vertex: defaultFilterVert, fragment, name: 'rocket-exhaust' }),
    resources: {
      exhaustUniforms: {
        uTime: { value: 0, type: 'f32' },
        uPower: { value: 1, type: 'f32' },
      },
    },
    padding: 8,
  });
  const uniforms = filter.resources.exhaustUniforms.uniforms as { uTime: number; uPower: number };
  return Object.defineProperties(filter, {
    time: { get: () => uniforms.uTime, set: (t: number) => (uniforms.uTime = t) },
    power: { get: () => uniforms.uPower, set: (p: number) => (uniforms.uPower = p) },
  }) as ExhaustFilter;
}
