// Toasts (spec §8: errors and successes appear as toasts; §9 auto-close 2000 ms) through sonner.
import { Toaster as Sonner } from 'sonner';

/** Toast auto-close delay (ms). */
export const TOAST_MS = 2000;

/** The toast outlet, mounted once by the layout. */
export function Toaster() {
  return <Sonner duration={TOAST_MS} position="top-right" theme="dark" richColors closeButton />;
}

export { toast } from 'sonner';
