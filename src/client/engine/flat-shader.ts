// A GraphicsContext shader for shapes filled and stroked with plain colours. Pixi's graphics shader
// reads a texture for every pixel (a white one for a plain fill), which software WebGL (SwiftShader,
// the browser tests' WebGL) pays per pixel on the CPU; this one paints the vertex colour, no read.
// A context with it is drawn on its own, not batched with its neighbours: it suits large plain shapes.
// Textured or gradient fills would draw as plain colour in such a context. WebGL only: on another
// renderer (WebGPU, canvas) `applyFlatShader` leaves contexts as they are.
import { GlProgram, Matrix, Shader, UniformGroup, type GraphicsContext } from 'pixi.js';
import vertex from '../../../shaders/flat/flat.vert?raw';
import fragment from '../../../shaders/flat/flat.frag?raw';

let shared: Shader | null = null; // one program for every flat context of the page

/** The flat shader (made once; Pixi's graphics pipe writes its local uniforms before each draw). */
function flatShader(): Shader {
  shared ??= new Shader({
    glProgram: GlProgram.from({ vertex, fragment, name: 'flat-graphics' }),
    resources: {
      // what the graphics pipe sets for each object drawn with a context's custom shader
      localUniforms: new UniformGroup({
        uColor: { value: new Float32Array([1, 1, 1, 1]), type: 'vec4<f32>' },
        uTransformMatrix: { value: new Matrix(), type: 'mat3x3<f32>' },
        uRound: { value: 0, type: 'f32' },
      }),
    },
  });
  return shared;
}

/** Draws `contexts` with the flat shader when the renderer is WebGL's; returns whether it does. Call it
 * before a context is first rendered (a scene's prepare): whether it is batched is decided then. */
export function applyFlatShader(rendererName: string, ...contexts: GraphicsContext[]): boolean {
  if (rendererName !== 'webgl') return false;
  for (const context of contexts) context.customShader = flatShader();
  return true;
}
