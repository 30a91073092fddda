// A bitmap font whose glyph quads are cut to the glyphs' ink. Pixi's bitmap font gives each glyph a
// quad as tall as the line plus padding (a digit's is about twice its ink), and software WebGL
// (SwiftShader) samples and blends every pixel of every quad: Rocket's multiplier, redrawn every
// frame of a flight, cost about 2 ms of browser CPU a frame. A cut keeps MARGIN empty texels around
// the ink and moves the quad by whole units of the glyph's offsets: the glyphs stay where they were
// and lay out the same (advances and kerning are untouched). Characters the font adds later (not in
// `chars`) keep their whole quads.
import {
  BitmapFontManager,
  Cache,
  Rectangle,
  Texture,
  type CharData,
  type ICanvas,
  type TextStyleOptions,
  type TextureSource,
} from 'pixi.js';

/** Texels kept around the ink: what linear filtering reads beyond it from the mip levels of a label
 * drawn down to a quarter of the font's size (two levels down: blocks of four texels, and one more). */
const MARGIN = 8;

/** Installs bitmap font `name` for `style` with `chars` cut to their ink, once per page. Call it before
 * the first draw, not at construction: it needs a canvas. */
export function installTrimmedFont(name: string, style: TextStyleOptions, chars: string): void {
  if (Cache.has(`${name}-bitmap`)) return;
  trimGlyphs(BitmapFontManager.install({ name, style, chars }).chars);
}

/** Cuts each glyph of a bitmap font (its `chars`) to its ink and MARGIN texels around it. */
export function trimGlyphs(chars: Record<string, CharData>): void {
  const pages = new Map<TextureSource, Uint8ClampedArray>();
  for (const data of Object.values(chars)) trimGlyph(data, pages);
}

/** The pixels of a font page (its canvas), read once. */
function pagePixels(source: TextureSource, pages: Map<TextureSource, Uint8ClampedArray>): Uint8ClampedArray | null {
  const known = pages.get(source);
  if (known) return known;
  const context = (source.resource as ICanvas).getContext('2d');
  if (!context) return null;
  const pixels = context.getImageData(0, 0, source.pixelWidth, source.pixelHeight).data;
  pages.set(source, pixels);
  return pixels;
}

/** Cuts one glyph's texture to its ink and MARGIN texels around it, moving its offsets by as much. */
function trimGlyph(data: CharData, pages: Map<TextureSource, Uint8ClampedArray>): void {
  const texture = data.texture;
  const pixels = texture && pagePixels(texture.source, pages);
  if (!texture || !pixels) return;
  const { frame, source } = texture;
  const res = source.pixelWidth / source.width; // texels per unit of the frame and the offsets
  const x0 = Math.ceil(frame.x * res);
  const y0 = Math.ceil(frame.y * res);
  const x1 = Math.floor((frame.x + frame.width) * res);
  const y1 = Math.floor((frame.y + frame.height) * res);
  let left = x1;
  let right = x0 - 1;
  let top = y1;
  let bottom = y0 - 1;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++)
      if (pixels[(y * source.pixelWidth + x) * 4 + 3]! > 0) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  if (right < left) return; // no ink (a space): nothing is drawn for it anyway
  // whole units inside the frame: the quad moves by as much as its offsets, so the glyph does not
  const cutLeft = Math.max(0, Math.floor((left - MARGIN) / res - frame.x));
  const cutTop = Math.max(0, Math.floor((top - MARGIN) / res - frame.y));
  const cutRight = Math.max(0, Math.floor(frame.x + frame.width - (right + 1 + MARGIN) / res));
  const cutBottom = Math.max(0, Math.floor(frame.y + frame.height - (bottom + 1 + MARGIN) / res));
  data.texture = new Texture({
    source,
    frame: new Rectangle(
      frame.x + cutLeft,
      frame.y + cutTop,
      frame.width - cutLeft - cutRight,
      frame.height - cutTop - cutBottom,
    ),
  });
  data.xOffset += cutLeft;
  data.yOffset += cutTop;
}
