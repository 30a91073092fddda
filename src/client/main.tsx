// Client entry: mounts the React root with the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.tsx';
import './styles.css';
import { config as zodConfig } from 'zod/v4/core';
import { ensureLocaleCookie } from './lib/cookies.ts';

// The site's CSP forbids eval: zod must not probe `new Function` for its JIT (a reported violation).
zodConfig({ jitless: true });
// The locale cookie the cookie policy lists (365 days, renewed on each visit).
ensureLocaleCookie();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
