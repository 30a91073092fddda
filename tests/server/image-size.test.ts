// Image sizes read from headers (no decoding): PNG IHDR, JPEG frame headers after other segments,
// WebP lossy (VP8), lossless (VP8L) and extended (VP8X); unreadable headers give null.
import { describe, expect, it } from 'vitest';
import { imageSize } from '../../src/server/modules/profile/image-size.ts';
import { sniffImage } from '../../src/server/modules/profile/avatar-file.ts';

const size = (b: Buffer) => imageSize(b, sniffImage(b)!);
const riff = (chunk: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.alloc(4),
    Buffer.from(`WEBP${chunk}`),
    Buffer.alloc(4),
    data,
    Buffer.alloc(16),
  ]);

describe('imageSize', () => {
  it('reads PNG and JPEG (skipping APPn, fill bytes and tables before the frame header)', () => {
    const ihdr = Buffer.alloc(8);
    ihdr.writeUInt32BE(300, 0);
    ihdr.writeUInt32BE(20, 4);
    expect(
      size(Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), ihdr, Buffer.alloc(9)])),
    ).toEqual({
      width: 300,
      height: 20,
    });
    const jpeg = Buffer.from('ffd8ffe1000400ffffdb00030affc2001108007b01c803', 'hex'); // EXIF, fill, DQT, progressive SOF2
    expect(size(Buffer.concat([jpeg, Buffer.alloc(10)]))).toEqual({ width: 456, height: 123 });
    expect(size(Buffer.from('ffd8ffda0002', 'hex'))).toBeNull(); // scan before any frame
    expect(size(Buffer.from('ffd8ffe0ffff', 'hex'))).toBeNull(); // a segment running past the end
  });

  it('reads WebP VP8, VP8L and VP8X', () => {
    const vp8 = Buffer.from('0000009d012a00000000', 'hex');
    vp8.writeUInt16LE(200, 6);
    vp8.writeUInt16LE(0xc000 | 100, 8); // top bits are the scale, not the size
    expect(size(riff('VP8 ', vp8))).toEqual({ width: 200, height: 100 });
    const vp8l = Buffer.alloc(5);
    vp8l[0] = 0x2f;
    vp8l.writeUInt32LE((640 - 1) | ((480 - 1) << 14), 1);
    expect(size(riff('VP8L', vp8l))).toEqual({ width: 640, height: 480 });
    const vp8x = Buffer.alloc(10);
    vp8x.writeUIntLE(255, 4, 3);
    vp8x.writeUIntLE(99, 7, 3);
    expect(size(riff('VP8X', vp8x))).toEqual({ width: 256, height: 100 });
    expect(size(riff('ANIM', Buffer.alloc(10)))).toBeNull();
  });
});
