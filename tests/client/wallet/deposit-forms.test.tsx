// Deposit modal and forms in jsdom against a fake API: card presets, Other, min 5, Pay label and
// disabled state, promo apply/remove texts and ?promocode, Apply/Redeem disabled while empty,
// crypto grid without XRP and a local QR, gift card list and links, error texts of spec §8, and
// the mobile method list.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '../../../src/client/components/ui/toaster.tsx';
import { CardForm } from '../../../src/client/features/wallet/card-form.tsx';
import { CRYPTO_TEXTS, CryptoForm } from '../../../src/client/features/wallet/crypto-form.tsx';
import DepositModal from '../../../src/client/features/wallet/deposit-modal.tsx';
import { depositReturnText } from '../../../src/client/features/wallet/deposit-return.tsx';
import { GiftCardForm } from '../../../src/client/features/wallet/gift-card-form.tsx';
import { SkinsForm } from '../../../src/client/features/wallet/skins-form.tsx';
import { VOUCHER_TOOLTIP, VoucherBox } from '../../../src/client/features/wallet/voucher-box.tsx';
import { browser } from '../../../src/client/features/wallet/wallet-forms.ts';
import { createAnalytics, trackDeposit } from '../../../src/client/lib/analytics.ts';
import { useSession } from '../../../src/client/stores/session.ts';

type Call = { url: string; body: unknown };
let calls: Call[] = [];

function mockApi(routes: Record<string, [number, unknown]>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
      const [status, body] = routes[url] ?? [404, { message: 'Not found.', msg: 'Not found.' }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const currencies = ['BTC', 'ETH', 'LTC', 'XRP', 'USDT'].map((c) => ({
  currency: c,
  name: c.toLowerCase(),
  network: c,
  minimum_amount: '0.001',
  rate_from: '1',
  rate_to: '1000.5',
}));
const case35 = { promocode: { code: 'case35', value: 35, is_fixed_value: false } };

function setWidth(w: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: w });
}

beforeEach(() => {
  setWidth(1280);
  window.history.replaceState(null, '', '/');
  useSession.getState().clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pay = () => screen.getByRole('button', { name: /^Pay/ }) as HTMLButtonElement;
const amountInput = () => screen.getByLabelText('Amount') as HTMLInputElement;

describe('card form', () => {
  it('defaults to 25, presets set the amount, Other sets 50', () => {
    render(<CardForm />);
    expect(amountInput().value).toBe('25');
    expect(pay().textContent).toBe('Pay $25.00');
    const presets = within(screen.getByRole('group', { name: 'Amount presets' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(presets).toEqual(['5', '25', '100', '250', '500', 'Other']);
    fireEvent.click(screen.getByRole('button', { name: '250' }));
    expect(amountInput().value).toBe('250');
    expect(pay().textContent).toBe('Pay $250.00');
    fireEvent.click(screen.getByRole('button', { name: 'Other' }));
    expect(amountInput().value).toBe('50');
  });

  it('takes ?amount from the URL', () => {
    window.history.replaceState(null, '', '/?modal=deposit&amount=120');
    render(<CardForm />);
    expect(amountInput().value).toBe('120');
  });

  it('below 5 after blur: message and Pay disabled; valid again enables it', async () => {
    render(<CardForm />);
    expect(pay().disabled).toBe(false);
    fireEvent.change(amountInput(), { target: { value: '4.99' } });
    fireEvent.blur(amountInput());
    expect(await screen.findByText('Minimum amount is 5.')).toBeTruthy();
    await waitFor(() => expect(pay().disabled).toBe(true));
    fireEvent.change(amountInput(), { target: { value: '' } });
    fireEvent.blur(amountInput());
    expect(await screen.findByText('Amount is not valid.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '5' }));
    await waitFor(() => expect(pay().disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('promo: Apply disabled while empty, accepted toast, code/bonus/Active/extra, remove', async () => {
    mockApi({ '/api/deposit/promocode/validate': [200, case35] });
    render(
      <>
        <Toaster />
        <CardForm />
      </>,
    );
    expect(screen.getByLabelText(/use bonus5 for a 5% bonus/)).toBeTruthy();
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Promo code/), { target: { value: 'case35' } });
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    expect(await screen.findByText('Promo code accepted')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ url: '/api/deposit/promocode/validate', body: { promocode: 'case35' } });
    const applied = screen.getByTestId('promo-applied');
    expect(applied.textContent).toContain('case35');
    expect(applied.textContent).toContain('+35%');
    expect(within(applied).getByText('Active')).toBeTruthy();
    expect(within(applied).getByText("You'll receive an extra $8.75")).toBeTruthy();
    expect(pay().textContent).toBe('Pay $25.00 + $8.75 bonus');
    fireEvent.click(screen.getByRole('button', { name: '100' }));
    expect(screen.getByText("You'll receive an extra $35.00")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove promo code' }));
    expect(screen.queryByTestId('promo-applied')).toBeNull();
    expect(pay().textContent).toBe('Pay $100.00');
  });

  it('a refused promo shows msg (else message) and leaves no promo', async () => {
    mockApi({ '/api/deposit/promocode/validate': [422, { message: 'Unknown promo code.' }] });
    render(
      <>
        <Toaster />
        <CardForm />
      </>,
    );
    fireEvent.change(screen.getByLabelText(/Promo code/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Unknown promo code.')).toBeTruthy();
    expect(screen.queryByTestId('promo-applied')).toBeNull();
  });

  it('?promocode applies on load; Pay posts amount and code and goes to redirect_url', async () => {
    window.history.replaceState(null, '', '/?modal=deposit&promocode=case35&amount=100');
    mockApi({
      '/api/deposit/promocode/validate': [200, case35],
      '/api/deposit/zen/redirect': [200, { redirect_url: '/sandbox/zen/abc' }],
    });
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    render(<CardForm />);
    expect(await screen.findByTestId('promo-applied')).toBeTruthy();
    expect(pay().textContent).toBe('Pay $100.00 + $35.00 bonus');
    fireEvent.click(pay());
    await waitFor(() => expect(go).toHaveBeenCalledWith('/sandbox/zen/abc'));
    expect(calls.at(-1)).toEqual({ url: '/api/deposit/zen/redirect', body: { amount: 100, promocode: 'case35' } });
  });
});

describe('skins form', () => {
  it('defaults to 3.15 and Checkout posts with an empty promocode', async () => {
    mockApi({ '/api/deposit/skinsback/redirect': [200, { redirect_url: '/sandbox/skinsback/x' }] });
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    render(<SkinsForm />);
    expect(amountInput().value).toBe('3.15');
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/sandbox/skinsback/x'));
    expect(calls.at(-1)?.body).toEqual({ amount: 3.15, promocode: '' });
  });
});

describe('crypto form', () => {
  it('grid without XRP; Next shows address, QR, note, rate, minimum and both warnings; Back returns', async () => {
    mockApi({
      '/api/deposit/alphapo/available-currencies': [200, { data: currencies }],
      '/api/deposit/alphapo/deposit-address': [200, { data: { wallet: 'bc1qexampleaddress0000', currency: 'BTC' } }],
    });
    render(<CryptoForm />);
    const tiles = await screen.findAllByRole('radio');
    expect(tiles.map((t) => t.querySelector('strong')?.textContent)).toEqual(['BTC', 'ETH', 'LTC', 'USDT']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('crypto-address')).toBeTruthy();
    expect((screen.getByDisplayValue('bc1qexampleaddress0000') as HTMLInputElement).readOnly).toBe(true);
    const qr = (await screen.findByTestId('crypto-qr')) as HTMLImageElement;
    expect(qr.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(screen.getByDisplayValue('1 BTC = 1,000.50 coins')).toBeTruthy();
    for (const t of Object.values(CRYPTO_TEXTS)) expect(screen.getByText(t)).toBeTruthy();
    expect(CRYPTO_TEXTS.minimum).toBe('Minimum deposit 35 USD');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findAllByRole('radio')).toHaveLength(4);
  });

  it('a failed address call shows no message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      '/api/deposit/alphapo/available-currencies': [200, { data: currencies }],
      '/api/deposit/alphapo/deposit-address': [500, {}],
    });
    render(
      <>
        <Toaster />
        <CryptoForm />
      </>,
    );
    await screen.findAllByRole('radio');
    const toasts = document.querySelectorAll('[data-sonner-toast]').length;
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('crypto-address')).toBeNull();
    expect(document.querySelectorAll('[data-sonner-toast]').length).toBe(toasts);
    expect(screen.queryByText(/Request failed|Network error/)).toBeNull();
  });
});

describe('gift cards and voucher', () => {
  it('six denominations with 1,1,2,2,2,3 coins and Buy links (the configured reseller) in a new tab', async () => {
    mockApi({ '/api/config': [200, { giftcard_reseller_url: 'https://cards.test/shop?ref=loot' }] });
    render(<GiftCardForm />);
    expect(screen.getByRole('heading', { name: 'Purchase a Gift Card' })).toBeTruthy();
    const coins = [10, 50, 100, 250, 500, 1000].map(
      (d) => screen.getByTestId(`gift-${d}`).querySelectorAll('img').length,
    );
    expect(coins).toEqual([1, 1, 2, 2, 2, 3]);
    const links = (await screen.findAllByRole('link', { name: 'Buy' })) as HTMLAnchorElement[];
    expect(links.map((l) => l.href)).toEqual(
      [10, 50, 100, 250, 500, 1000].map((d) => `https://cards.test/shop?ref=loot&amount=${d}`),
    );
    for (const l of links) {
      expect(l.target).toBe('_blank');
      expect(l.rel).toContain('noopener');
    }
    expect(document.body.innerHTML).not.toContain('example.com');
    expect(screen.getByText(/only through the links listed on our site/)).toBeTruthy();
  });

  it('Redeem is disabled while empty; success toasts msg, applies the balance and tracks', async () => {
    useSession.getState().setUser({
      id: 1,
      name: 'A',
      email: 'a@x.io',
      avatar_url: null,
      balance: 5,
      user_level: { level: 1 },
      created_at: '2026-01-01T00:00:00.000Z',
    } as never);
    mockApi({
      '/api/config': [200, { gtm_id: null }],
      '/api/deposit/gift-code/redeem': [200, { msg: 'Gift card redeemed: $50.00 added.', balance: 55 }],
    });
    render(
      <>
        <Toaster />
        <GiftCardForm />
      </>,
    );
    const redeem = screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement;
    expect(redeem.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Gift card code'), { target: { value: ' GIFT-1 ' } });
    expect(redeem.disabled).toBe(false);
    fireEvent.click(redeem);
    expect(await screen.findByText('Gift card redeemed: $50.00 added.')).toBeTruthy();
    expect(useSession.getState().user?.balance).toBe(55);
    expect(calls.find((c) => c.url.endsWith('/redeem'))?.body).toEqual({ code: 'GIFT-1' });
  });

  it('gift failure shows data.message; voucher failure shows message first, then msg', async () => {
    mockApi({
      '/api/deposit/gift-code/redeem': [422, { message: 'This gift code is not valid.', msg: 'other' }],
      '/api/deposit/voucher/redeem': [422, { msg: 'Voucher already used.' }],
    });
    render(
      <>
        <Toaster />
        <GiftCardForm />
        <VoucherBox />
      </>,
    );
    fireEvent.change(screen.getByLabelText('Gift card code'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('This gift code is not valid.')).toBeTruthy();
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.change(screen.getByPlaceholderText('Enter voucher code'), { target: { value: 'V1' } });
    fireEvent.click(apply);
    expect(await screen.findByText('Voucher already used.')).toBeTruthy();
    expect(screen.getByRole('img', { name: VOUCHER_TOOLTIP })).toBeTruthy();
    expect(VOUCHER_TOOLTIP).toMatch(/social media/);
    expect(VOUCHER_TOOLTIP).toMatch(/emails/);
  });
});

describe('deposit modal', () => {
  it('desktop opens on step 1 (card) with the four methods and the voucher box', async () => {
    mockApi({});
    render(<DepositModal />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Credit card+20 payment methods',
      'Cryptobonus 35%',
      'Giftcards',
      'Skins',
    ]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: /^Pay/ })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Voucher' })).toBeTruthy();
    fireEvent.click(tabs[2]!);
    expect(screen.getByRole('heading', { name: 'Purchase a Gift Card' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Voucher' })).toBeTruthy();
  });

  it('mobile opens on the method list with a back arrow; Skins is "By skins"; back returns to the list', async () => {
    setWidth(500);
    mockApi({});
    const { unmount } = render(<DepositModal />);
    expect(screen.getByRole('heading', { name: 'Chose payment method' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByText('By skins')).toBeTruthy();
    expect(screen.getByText('+20 payment methods')).toBeTruthy();
    expect(screen.getByText('bonus 35%')).toBeTruthy();
    fireEvent.click(screen.getByText('By skins'));
    expect(screen.getByRole('heading', { name: 'By skins' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Voucher' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Chose payment method' })).toBeTruthy();
    fireEvent.click(screen.getByText('Credit card'));
    unmount(); // closing the modal unmounts its content
    render(<DepositModal />);
    expect(screen.getByRole('heading', { name: 'Chose payment method' })).toBeTruthy();
  });
});

describe('deposit tracking', () => {
  it('reads the checkout return query', () => {
    expect(depositReturnText('?deposit=success&method=card&amount=100.00&bonus=35.00')).toEqual({
      ok: true,
      text: 'Deposit successful: $100.00 + $35.00 bonus',
      method: 'card',
      amount: 100,
    });
    expect(depositReturnText('?deposit=declined')?.ok).toBe(false);
    expect(depositReturnText('?modal=deposit')).toBeNull();
  });

  it('pushes a deposit event to the tag manager data layer', async () => {
    const win = { dataLayer: [] as unknown[], document } as unknown as Window & { dataLayer: unknown[] };
    const analytics = createAnalytics('GTM-TEST', win);
    await trackDeposit('card', 100, async () => analytics);
    expect(win.dataLayer.at(-1)).toEqual({ event: 'deposit', method: 'card', amount: 100 });
    await act(async () => undefined);
  });
});
