// The exhaust trail's shader: GLSL from shaders/rocket-exhaust (heat → flame colour, flickering with
// time) on the flat shapes' vertex stage, as the trail's GraphicsContext shader. The trail's regions
// carry their heat as alpha, so only the trail's own pixels are shaded: a filter paid for an
// offscreen pass of its whole bounds (a render-target switch, a clear and a full-bounds quad of this
// noise) every frame, which software WebGL draws on the CPU. WebGL only, like engine/flat-shader.ts.
import { GlProgram, Matrix, Shader, UniformGroup, type GraphicsContext } from 'pixi.js';
import vertex from '../../../../shaders/flat/flat.vert?raw';
import fragment from '../../../../shaders/rocket-exhaust/rocket-exhaust.frag?raw';

/** The exhaust's flicker: set `time` (s) every frame and `power` (0.5 … 1.6) from the speed. */
export interface Exhaust {
  time: number;
  power: number;
}

/** Draws `context` with a new exhaust shader when the renderer is WebGL's; returns its controls, or
 * null (another renderer: the context stays a plain one). Call it before the context is first rendered. */
export function applyExhaustShader(rendererName: string, context: GraphicsContext): Exhaust | null {
  if (rendererName !== 'webgl') return null;
  const exhaustUniforms = new UniformGroup({
    uTime: { value: 0, type: 'f32' },
    uPower: { value: 1, type: 'f32' },
  });
  context.customShader = new Shader({
    glProgram: GlProgram.from({ vertex, fragment, name: 'rocket-exhaust' }),
    resources: {
      // what the graphics pipe sets for each object drawn with a context's custom shader
      localUniforms: new UniformGroup({
        uColor: { value: new Float32Array([1, 1, 1, 1]), type: 'vec4<f32>' },
        uTransformMatrix: { value: new Matrix(), type: 'mat3x3<f32>' },
        uRound: { value: 0, type: 'f32' },
      }),
      exhaustUniforms,
    },
  });
  const uniforms = exhaustUniforms.uniforms as { uTime: number; uPower: number };
  return {
    get time() {
      return uniforms.uTime;
    },
    set time(t: number) {
      uniforms.uTime = t;
    },
    get power() {
      return uniforms.uPower;
    },
    set power(p: number) {
      uniforms.uPower = p;
    },
  };
}
