// Dev pages register only outside production: under Vite's dev server, or when the server marked
// index.html (it does so only when NODE_ENV ≠ production).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devPagesEnabled, devRoutes } from '../../src/client/app/dev-pages.ts';
import { storyFor } from '../../src/client/games/dev-scenes/scene-stories.ts';

afterEach(() => vi.unstubAllEnvs());

const page = (head: string) => new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');

describe('dev pages', () => {
  it('a production build registers them only on a page the server marked', () => {
    vi.stubEnv('DEV', false);
    expect(devPagesEnabled(page(''))).toBe(false);
    expect(devPagesEnabled(page('<meta name="la-dev-pages" content="on" />'))).toBe(true);
    expect(devPagesEnabled(undefined)).toBe(false);
  });

  it('the dev server registers them', () => {
    vi.stubEnv('DEV', true);
    expect(devPagesEnabled(page(''))).toBe(true);
    expect(devRoutes.map((r) => r.path)).toEqual(['/dev/scenes']);
  });

  it('stories refuse bad parameters with a clear message', () => {
    expect(() => storyFor(new URLSearchParams('scene=nope'))).toThrow(/scene must be one of dice, upgrade, boxes/);
    expect(() => storyFor(new URLSearchParams('scene=dice&outcome=101'))).toThrow(/outcome must be a number/);
    expect(() => storyFor(new URLSearchParams('scene=boxes&outcome=9'))).toThrow(/item indices/);
    expect(() => storyFor(new URLSearchParams('scene=dice&mode=fast'))).toThrow(/mode must be/);
  });
});
