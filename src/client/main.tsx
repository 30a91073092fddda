// Client entry: mounts the React root with the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.tsx';
import './styles.css';
import { config as zodConfig } from 'zod/v4/core';

// The site's CSP forbids eval: zod must not probe `new Function` for its JIT (a reported violation).
zodConfig({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
