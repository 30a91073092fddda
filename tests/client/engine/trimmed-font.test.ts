// A trimmed glyph's quad is its ink and MARGIN texels around it, inside its frame, and moves by whole
// units of its offsets (so the glyph stays where it was); a glyph without ink keeps its quad.
import { describe, expect, it } from 'vitest';
import { Rectangle, Texture, TextureSource, type CharData } from 'pixi.js';
import { trimGlyphs } from '../../../src/client/engine/trimmed-font.ts';

const SIZE = 64;

/** A font page of SIZE² texels at `resolution` texels a unit, inked (alpha 255) over `ink` (texels). */
function page(resolution: number, ink: Rectangle[]): TextureSource {
  const pixels = new Uint8ClampedArray(SIZE * SIZE * 4);
  for (const r of ink)
    for (let y = r.y; y < r.y + r.height; y++)
      for (let x = r.x; x < r.x + r.width; x++) pixels[(y * SIZE + x) * 4 + 3] = 255;
  const canvas = { getContext: () => ({ getImageData: () => ({ data: pixels }) }) };
  return new TextureSource({ resource: canvas, width: SIZE / resolution, height: SIZE / resolution, resolution });
}

function glyph(source: TextureSource, frame: Rectangle): CharData {
  return { id: 1, xOffset: -4, yOffset: -4, xAdvance: 30, kerning: {}, texture: new Texture({ source, frame }) };
}

describe('trimGlyphs', () => {
  it('cuts a glyph to its ink and 8 texels around it, moving its offsets by the cut', () => {
    const source = page(1, [new Rectangle(14, 20, 10, 12)]); // ink: x 14–23, y 20–31
    const g = glyph(source, new Rectangle(0, 0, 40, 60));
    trimGlyphs({ a: g });
    expect(g.texture!.frame).toMatchObject({ x: 6, y: 12, width: 26, height: 28 });
    expect(g.xOffset).toBe(2);
    expect(g.yOffset).toBe(8);
    expect(g.xAdvance).toBe(30);
  });

  it('keeps the cut inside the frame, and a glyph without ink whole', () => {
    const source = page(1, [new Rectangle(42, 2, 4, 4)]);
    const inked = glyph(source, new Rectangle(40, 0, 20, 20));
    const blank = glyph(source, new Rectangle(0, 30, 20, 20));
    trimGlyphs({ a: inked, b: blank });
    expect(inked.texture!.frame).toMatchObject({ x: 40, y: 0, width: 14, height: 14 });
    expect([inked.xOffset, inked.yOffset]).toEqual([-4, -4]);
    expect(blank.texture!.frame).toMatchObject({ x: 0, y: 30, width: 20, height: 20 });
  });

  it('cuts whole units at another resolution (never into the margin)', () => {
    const source = page(2, [new Rectangle(41, 41, 2, 2)]); // units 20.5–21.5
    const g = glyph(source, new Rectangle(0, 0, 32, 32));
    trimGlyphs({ a: g });
    // ink ± 8 texels = units 16.5–25.5: the cut keeps units 16–26
    expect(g.texture!.frame).toMatchObject({ x: 16, y: 16, width: 10, height: 10 });
    expect([g.xOffset, g.yOffset]).toEqual([12, 12]);
  });
});
