// Plain server-rendered HTML of the sandbox providers' hosted pages (no client bundle).
import { formatUsd } from '../../../shared/money.ts';

/** Escapes text for HTML. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A sandbox skin the skins checkout offers. */
export interface SandboxSkin {
  id: number;
  name: string;
  cents: number;
}

/** The sandbox inventory every player "owns" on the skins checkout. */
export const SANDBOX_SKINS: readonly SandboxSkin[] = [
  { id: 1, name: 'P250 | Sand Dune', cents: 3 },
  { id: 2, name: 'Glock-18 | Candy Apple', cents: 45 },
  { id: 3, name: 'MP9 | Hypnotic', cents: 120 },
  { id: 4, name: 'USP-S | Cortex', cents: 315 },
  { id: 5, name: 'AK-47 | Redline', cents: 1250 },
  { id: 6, name: 'M4A1-S | Printstream', cents: 4800 },
  { id: 7, name: 'AWP | Asiimov', cents: 9900 },
  { id: 8, name: 'Karambit | Doppler', cents: 52000 },
];

/** Wraps a body in the sandbox page frame. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font:16px system-ui,sans-serif;background:#10131c;color:#eee;display:flex;justify-content:center;padding:40px 16px}main{background:#1b2030;border-radius:12px;padding:24px 28px;max-width:460px;width:100%}h1{font-size:20px;margin:0 0 4px}.note{color:#9aa3b8;font-size:13px}dl{display:grid;grid-template-columns:1fr auto;gap:6px 12px}dd{margin:0;text-align:right;font-weight:600}button{font:inherit;padding:10px 18px;border-radius:8px;border:0;cursor:pointer;margin-right:8px}.pay{background:#2ecc71;color:#041}.decline{background:#e74c3c;color:#fff}label{display:flex;justify-content:space-between;padding:4px 0}.err{color:#ff8080}input[type=text]{width:100%;padding:8px;box-sizing:border-box}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The card checkout: amount, bonus, Pay and Decline. */
export function zenCheckout(ref: string, amountCents: number, bonusCents: number): string {
  return page(
    'Zen sandbox checkout',
    `<h1>Card payment</h1><p class="note">Sandbox checkout — no real card is charged.</p>
<dl><dt>Amount</dt><dd data-testid="amount">${formatUsd(amountCents)}</dd><dt>Promo bonus</dt><dd data-testid="bonus">${formatUsd(bonusCents)}</dd><dt>You receive</dt><dd>${formatUsd(amountCents + bonusCents)}</dd></dl>
<form method="post" action="/sandbox/zen/${esc(ref)}/pay" style="display:inline"><button class="pay" type="submit">Pay ${formatUsd(amountCents)}</button></form>
<form method="post" action="/sandbox/zen/${esc(ref)}/decline" style="display:inline"><button class="decline" type="submit">Decline</button></form>`,
  );
}

/** The skins checkout: pick skins worth at least the amount. */
export function skinsCheckout(ref: string, amountCents: number, bonusNote: string, error = ''): string {
  const rows = SANDBOX_SKINS.map(
    (s) =>
      `<label><span><input type="checkbox" name="skin_${s.id}" value="1"> ${esc(s.name)}</span><span>${formatUsd(s.cents)}</span></label>`,
  ).join('');
  return page(
    'Skinsback sandbox checkout',
    `<h1>Deposit skins</h1><p class="note">Sandbox inventory. Choose skins worth at least ${formatUsd(amountCents)}. ${esc(bonusNote)}</p>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/sandbox/skinsback/${esc(ref)}/pay">${rows}<p><button class="pay" type="submit">Send skins</button></p></form>
<form method="post" action="/sandbox/skinsback/${esc(ref)}/decline"><button class="decline" type="submit">Decline</button></form>`,
  );
}

/** A one-line message page. */
export function messagePage(title: string, text: string): string {
  return page(
    title,
    `<h1>${esc(title)}</h1><p>${esc(text)}</p><p><a href="/" style="color:#8cf">Back to the site</a></p>`,
  );
}

/** The development page of the sandbox crypto chain. */
export function chainPage(message = ''): string {
  return page(
    'Sandbox chain',
    `<h1>Sandbox crypto chain</h1><p class="note">Send a transfer to a deposit address, then confirm it.</p>
${message ? `<p role="status">${message}</p>` : ''}
<form method="post" action="/sandbox/alphapo/send"><p><input type="text" name="address" placeholder="Deposit address" aria-label="Deposit address"></p><p><input type="text" name="amount" placeholder="Amount, e.g. 0.001" aria-label="Amount"></p><button class="pay" type="submit">Send</button></form>
<form method="post" action="/sandbox/alphapo/confirm"><p><input type="text" name="tx" placeholder="Transaction hash" aria-label="Transaction hash"></p><button class="pay" type="submit">Add a confirmation</button></form>`,
  );
}
