// Card and skins deposits both end the same way: POST the amount and promo code to a provider's
// redirect endpoint, then the browser leaves for redirect_url (errors become a toast).
import { useState } from 'react';
import { toast } from '../../components/ui/toaster.tsx';
import { browser, msgFirst } from './wallet-forms.ts';

import { startRedirectDeposit, type RedirectProvider } from '../../lib/api/wallet.ts';
/** `busy` while the request runs; `checkout(amount, promocode)` posts to `provider`'s redirect and leaves for it. */
export function useRedirectCheckout(provider: RedirectProvider) {
  const [busy, setBusy] = useState(false);
  const checkout = async (amount: number, promocode: string) => {
    setBusy(true);
    try {
      const r = await startRedirectDeposit(provider, amount, promocode);
      browser.go(r.redirect_url);
    } catch (e) {
      toast.error(msgFirst(e));
      setBusy(false);
    }
  };
  return { busy, checkout };
}
