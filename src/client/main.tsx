// Client entry: mounts the React root with the router.
import './zod-jitless.ts'; // first: ES modules run in import order, and later ones may touch zod
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.tsx';
import './styles.css';
import { ensureLocaleCookie } from './lib/cookies.ts';

// The locale cookie the cookie policy lists (365 days, renewed on each visit).
ensureLocaleCookie();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
