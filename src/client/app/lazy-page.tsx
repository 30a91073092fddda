// Loads a page chunk for the router. A chunk that fails to load (a deploy replaced the files)
// renders a component that reloads the browser at the target path, once.
import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { isChunkLoadError, reloadForChunk } from './chunk-reload.ts';

function ChunkFailed() {
  const location = useLocation();
  if (reloadForChunk(location.pathname + location.search)) return <p className="page">Loading...</p>;
  return (
    <section className="page" role="alert">
      <h1>Something went wrong</h1>
      <p className="muted">This page could not be loaded. Please check your connection and reload.</p>
    </section>
  );
}

/** The router's `lazy` for a page module with a default export. */
export async function lazyPage(load: () => Promise<{ default: ComponentType }>): Promise<{ Component: ComponentType }> {
  try {
    return { Component: (await load()).default };
  } catch (error) {
    if (isChunkLoadError(error)) return { Component: ChunkFailed };
    throw error;
  }
}
