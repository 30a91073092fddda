// At most MAX_BATCH_TEXTURES textures in one WebGL batch. Pixi's batch shader picks each pixel's
// texture with an if-chain as long as the renderer's limit, which Pixi takes from the GPU
// (MAX_TEXTURE_IMAGE_UNITS: 32 in SwiftShader, Chromium's software WebGL), and software WebGL pays for
// the whole chain on every pixel drawn. Measured on /dev/scenes (CPU ms per frame, boxes scene): 33
// with 32 textures, 21 with 16, 16–19 with 8, 4, 2 or 1 (the battle and wheel scenes alike; the dice
// scene 15 → 13). A GPU loses at most a few draw calls when a frame uses more than four textures.
import { GlLimitsSystem } from 'pixi.js';

/** Textures per batch (and so branches in the batch shader). */
export const MAX_BATCH_TEXTURES = 4;

const contextChange = GlLimitsSystem.prototype.contextChange;
GlLimitsSystem.prototype.contextChange = function (this: GlLimitsSystem) {
  contextChange.call(this);
  this.maxBatchableTextures = Math.min(this.maxBatchableTextures, MAX_BATCH_TEXTURES);
};
