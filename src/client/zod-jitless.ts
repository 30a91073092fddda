// The site's CSP forbids eval: zod must not probe `new Function` for its JIT (a reported violation).
// Imported first by main.tsx, so it runs before any module that builds or parses a schema at load.
import { config as zodConfig } from 'zod/v4/core';

zodConfig({ jitless: true });
