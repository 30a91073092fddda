// A failed page chunk load (a deploy replaced the files) triggers one full reload to the target path.

const key = 'chunk-reload-at';

/** True for the errors browsers raise when a dynamic import cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Failed to fetch/i.test(
    text,
  );
}

/** Reloads the page at `path` unless that was just tried (avoids a reload loop). Returns whether it reloads. */
export function reloadForChunk(path: string, storage: Storage = sessionStorage, now = Date.now()): boolean {
  const last = storage.getItem(key);
  if (last) {
    const [at, where] = last.split(' ');
    if (where === path && now - Number(at) < 10_000) return false;
  }
  storage.setItem(key, `${now} ${path}`);
  window.location.assign(path);
  return true;
}
