// jsdom setup of the client project: unmount React trees between tests, and start every test file
// on a fresh page. The project runs without isolation (vite.config.ts: a worker's files share one
// jsdom window and one module registry, about a fifth of the CPU of a fresh worker per file), so the
// top level of this file, which runs before each test file, undoes what an earlier file left behind.
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';

// Lazy routes load their modules on first render: allow for a cold, busy 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
// An import a file left running (a lazy route it did not wait for) ends with the file, so that the
// module reset below never lands on a module still evaluating.
afterAll(() => vi.dynamicImportSettled());

/** The window as the first file of this worker found it. */
interface FirstPage {
  href: string;
  head: Node[]; // what node_modules put there at load (sonner's styles)
  widths: [PropertyDescriptor | undefined, PropertyDescriptor | undefined]; // innerWidth, innerHeight
}
const holder = globalThis as { __laFirstPage?: FirstPage };
const first = (holder.__laFirstPage ??= {
  href: window.location.href,
  head: [...document.head.childNodes],
  widths: [
    Object.getOwnPropertyDescriptor(window, 'innerWidth'),
    Object.getOwnPropertyDescriptor(window, 'innerHeight'),
  ],
});

// Every module of src evaluated afresh, with this file's vi.mock factories: zustand stores start
// from their initial state, module caches and flags are new, and no module keeps a mocked import
// of an earlier file (modules in node_modules are loaded once per worker and stay).
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
toast.dismiss(); // sonner's queue lives in node_modules: a new <Toaster /> would replay earlier toasts
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]!.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
window.history.replaceState(null, '', first.href);
document.title = '';
document.head.replaceChildren(...first.head);
document.body.innerHTML = '';
document.body.removeAttribute('class');
document.body.removeAttribute('style');
document.documentElement.removeAttribute('class');
document.documentElement.removeAttribute('style');
delete (window as { grecaptcha?: unknown }).grecaptcha;
for (const key of Object.getOwnPropertyNames(navigator)) delete (navigator as unknown as Record<string, unknown>)[key]; // clipboard, userActivation stubs
for (const [name, descriptor] of [
  ['innerWidth', first.widths[0]],
  ['innerHeight', first.widths[1]],
] as const) {
  if (descriptor) Object.defineProperty(window, name, descriptor);
  else delete (window as unknown as Record<string, unknown>)[name];
}
