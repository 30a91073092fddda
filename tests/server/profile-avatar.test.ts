// Avatars on each database: a shipped one by name, or an upload (POST /api/profile/avatar, multipart
// field `avatar`) typed by its bytes, at most 2 MB, stored under DATA_DIR with a server-made name
// (the client's file name is ignored) and served back as uploaded.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../helpers/users.ts';

/** A PNG header (signature, IHDR) of `w` × `h` pixels. */
const pngOf = (w: number, h: number) => {
  const ihdr = Buffer.alloc(8);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), ihdr, Buffer.alloc(32, 7)]);
};
/** A JPEG (APP0, then a baseline frame header) of `w` × `h` pixels. */
const jpegOf = (w: number, h: number) => {
  const sof = Buffer.from('ffc0001108000000000301220002110103110100', 'hex');
  sof.writeUInt16BE(h, 5);
  sof.writeUInt16BE(w, 7);
  return Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), sof, Buffer.alloc(20, 3)]);
};
/** A lossy WebP (VP8 key frame header) of `w` × `h` pixels. */
const webpOf = (w: number, h: number) => {
  const frame = Buffer.from('000000' + '9d012a' + '00000000', 'hex');
  frame.writeUInt16LE(w, 6);
  frame.writeUInt16LE(h, 8);
  return Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([40, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.from([20, 0, 0, 0]),
    frame,
    Buffer.alloc(22),
  ]);
};
const PNG = pngOf(64, 64);
const JPEG = jpegOf(256, 200);
const WEBP = webpOf(120, 256);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = '----la-test-boundary-7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    const type = p.type ? `\r\nContent-Type: ${p.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describeEachDb('profile avatar', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    dir = join(t.config.dataDir, 'avatars');
  });
  afterAll(() => t.close());

  const player = () => createPlayer(t.database.db, t.config.secrets.appSecret);
  const upload = (p: TestPlayer | null, body: ReturnType<typeof multipart>) =>
    t.fastify.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      headers: { ...(p?.headers ?? {}), 'content-type': body.contentType },
      payload: body.payload,
    });
  const avatarOf = async (p: TestPlayer) =>
    (await t.database.db.selectFrom('users').select('avatar_url').where('id', '=', p.id).executeTakeFirstOrThrow())
      .avatar_url;
  const files = () => (existsSync(dir) ? readdirSync(dir).sort() : []);

  it('stores a PNG, JPEG or WebP under DATA_DIR by its content and serves it back', async () => {
    const p = await player();
    for (const [bytes, ext, mime] of [
      [PNG, 'png', 'image/png'],
      [JPEG, 'jpg', 'image/jpeg'],
      [WEBP, 'webp', 'image/webp'],
    ] as const) {
      // The declared type and name say otherwise: only the bytes count.
      const res = await upload(p, multipart([{ name: 'avatar', filename: 'me.gif', type: 'image/gif', data: bytes }]));
      expect(res.statusCode, ext).toBe(200);
      const url = res.json().data.avatar_url as string;
      expect(url).toMatch(new RegExp(`^/uploads/avatars/${p.id}-[0-9a-f]{24}\\.${ext}$`));
      expect(res.json().msg).toBe('Your avatar has been changed.');
      expect(await avatarOf(p)).toBe(url);
      const name = url.split('/').pop()!;
      expect(readFileSync(join(dir, name)).equals(bytes)).toBe(true);
      const served = await t.fastify.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
    // Each upload replaced the previous file: only the last one is left.
    expect(files().filter((f) => f.startsWith(`${p.id}-`))).toEqual([(await avatarOf(p))!.split('/').pop()]);
  });

  it('ignores the client file name: no path from it is ever used', async () => {
    const a = await player();
    const b = await player();
    const first = (await upload(a, multipart([{ name: 'avatar', filename: 'a.png', data: PNG }]))).json().data;
    const aName = first.avatar_url.split('/').pop();
    for (const filename of ['../../../evil.png', `/${aName}`, aName, '..\\..\\x.png']) {
      const res = await upload(b, multipart([{ name: 'avatar', filename, data: JPEG }]));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.avatar_url).toMatch(new RegExp(`^/uploads/avatars/${b.id}-[0-9a-f]{24}\\.jpg$`));
    }
    expect(readFileSync(join(dir, aName)).equals(PNG)).toBe(true); // a's file untouched
    expect(await avatarOf(a)).toBe(first.avatar_url);
    expect(existsSync(join(t.config.dataDir, '..', 'evil.png'))).toBe(false);
    expect(files().every((f) => /^\d+-[0-9a-f]{24}\.(png|jpg|webp)$/.test(f))).toBe(true);
  });

  it('refuses other types, too-large files, a missing field and non-multipart bodies; nothing changes', async () => {
    const p = await player();
    await upload(p, multipart([{ name: 'avatar', filename: 'ok.png', data: PNG }]));
    const kept = await avatarOf(p);
    const before = files();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length + 1)]);
    const huge = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const cases: [ReturnType<typeof multipart>, number, string][] = [
      [multipart([{ name: 'avatar', filename: 'a.png', type: 'image/png', data: GIF }]), 422, 'PNG, JPEG or WebP'],
      [multipart([{ name: 'avatar', filename: 'a.png', type: 'image/png', data: SVG }]), 422, 'PNG, JPEG or WebP'],
      [multipart([{ name: 'avatar', filename: 'a.png', data: 'just text' }]), 422, 'PNG, JPEG or WebP'],
      [multipart([{ name: 'avatar', filename: 'a.png', data: '' }]), 422, 'Choose an image file'],
      [multipart([{ name: 'picture', filename: 'a.png', data: PNG }]), 422, 'Choose an image file'],
      [multipart([{ name: 'avatar', filename: 'a.png', data: pngOf(257, 10) }]), 422, 'at most 256 × 256 pixels'],
      [multipart([{ name: 'avatar', filename: 'a.jpg', data: jpegOf(100, 1024) }]), 422, 'at most 256 × 256 pixels'],
      [multipart([{ name: 'avatar', filename: 'a.webp', data: webpOf(4000, 3000) }]), 422, 'at most 256 × 256 pixels'],
      [multipart([{ name: 'avatar', filename: 'a.png', data: PNG.subarray(0, 20) }]), 422, 'could not be read'],
      [
        multipart([{ name: 'avatar', filename: 'a.jpg', data: Buffer.from('ffd8ffd9', 'hex') }]),
        422,
        'could not be read',
      ],
      [multipart([{ name: 'avatar', filename: 'a.png', data: pngOf(0, 10) }]), 422, 'could not be read'],
      [multipart([{ name: 'avatar', filename: 'a.png', data: big }]), 413, 'larger than 2 MB'],
      [multipart([{ name: 'avatar', filename: 'a.png', data: huge }]), 413, 'larger than 2 MB'],
      [
        { payload: Buffer.from('--x\r\nbroken'), contentType: 'multipart/form-data; boundary=x' },
        400,
        'could not be read',
      ],
      [{ payload: Buffer.from('{"avatar":"x"}'), contentType: 'application/json' }, 415, 'multipart/form-data'],
      [{ payload: PNG, contentType: 'multipart/form-data' }, 415, 'multipart/form-data'],
    ];
    for (const [body, status, text] of cases) {
      const res = await upload(p, body);
      expect(res.statusCode, `${status} ${text}`).toBe(status);
      expect(res.json().msg).toContain(text);
      expect(res.json().message).toBe(res.json().msg);
    }
    expect(await avatarOf(p)).toBe(kept);
    expect(files()).toEqual(before);
    const guest = await upload(null, multipart([{ name: 'avatar', data: PNG }]));
    expect(guest.statusCode).toBe(401);
    expect(files()).toEqual(before);
  });

  it('sets a shipped avatar (served from assets) and removes the replaced upload', async () => {
    const p = await player();
    const up = (await upload(p, multipart([{ name: 'avatar', filename: 'a.webp', data: WEBP }]))).json().data;
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/profile/avatar/preset',
      headers: p.headers,
      payload: { avatar: 'fox' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.avatar_url).toBe('/img/avatars/fox.svg');
    expect(existsSync(join(dir, up.avatar_url.split('/').pop()))).toBe(false);
    const svg = await t.fastify.inject({ method: 'GET', url: '/img/avatars/fox.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    for (const avatar of ['hacker', '../fox', 7, null]) {
      const bad = await t.fastify.inject({
        method: 'POST',
        url: '/api/profile/avatar/preset',
        headers: p.headers,
        payload: { avatar },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ avatar: ['Choose one of the avatars shown.'] });
    }
    expect(await avatarOf(p)).toBe('/img/avatars/fox.svg');
  });

  it('serves only stored names: anything else is a JSON 404', async () => {
    for (const url of [
      '/uploads/avatars/..%2F..%2Fdev-secrets.json',
      '/uploads/avatars/1-000000000000000000000000.png',
      '/uploads/avatars/dev-secrets.json',
      '/uploads/avatars/1-abc.svg',
    ]) {
      const res = await t.fastify.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().msg).toBeTruthy();
    }
  });
});
