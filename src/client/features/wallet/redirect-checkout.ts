// Card and skins deposits both end the same way: POST the amount and promo code to a provider's
// redirect endpoint, then the browser leaves for redirect_url (errors become a toast).
import { useState } from 'react';
import type { z } from 'zod';
import type { redirectResponse } from '../../../shared/api/wallet.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { api } from '../../lib/api.ts';
import { browser, msgFirst } from './wallet-forms.ts';

/** `busy` while the request runs; `checkout(amount, promocode)` posts to `path` and leaves for the provider. */
export function useRedirectCheckout(path: string) {
  const [busy, setBusy] = useState(false);
  const checkout = async (amount: number, promocode: string) => {
    setBusy(true);
    try {
      const r = await api<z.infer<typeof redirectResponse>>('POST', path, { amount, promocode });
      browser.go(r.redirect_url);
    } catch (e) {
      toast.error(msgFirst(e));
      setBusy(false);
    }
  };
  return { busy, checkout };
}
