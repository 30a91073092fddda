// Chunk-load failures reload once to the target path, never in a loop.
import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunk } from '../../src/client/app/chunk-reload.ts';

describe('chunk reload', () => {
  it("recognises the browsers' dynamic import failures and nothing else", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads to the path once, then not again within 10 s, then again later', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    } as Storage;
    expect(reloadForChunk('/battles', storage, 1000)).toBe(true);
    expect(reloadForChunk('/battles', storage, 5000)).toBe(false);
    expect(reloadForChunk('/battles', storage, 20_000)).toBe(true);
    expect(assign).toHaveBeenCalledTimes(2);
    expect(assign).toHaveBeenLastCalledWith('/battles');
    vi.unstubAllGlobals();
  });
});
