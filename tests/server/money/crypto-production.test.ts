// Issue 12 item 4: in production, without a real crypto provider, the crypto deposit routes answer
// 503 like the card and skins redirects (on main they handed out HMAC-derived addresses nobody
// holds a key for: real coins sent there would be lost). Outside production the sandbox still works.
import { expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createWalletTest } from '../../helpers/wallet.ts';

const PROD = {
  NODE_ENV: 'production',
  APP_SECRET: 'x'.repeat(32),
  PUSHER_APP_KEY: 'k',
  PUSHER_APP_SECRET: 'y'.repeat(16),
  OAUTH_CLIENT_SECRET: 'z'.repeat(16),
};

describeEachDb('crypto deposits without a real provider', (dialect) => {
  it('answer 503 in production and store no address', async () => {
    const w = await createWalletTest(dialect, PROD);
    try {
      const p = await w.player();
      for (const [url, body] of [
        ['/api/deposit/alphapo/available-currencies', {}],
        ['/api/deposit/alphapo/deposit-address', { currency: 'BTC' }],
      ] as const) {
        const res = await w.post(url, p, body);
        expect(res.statusCode, url).toBe(503);
        expect(res.json()).toEqual({
          message: 'This payment method is not available right now.',
          msg: 'This payment method is not available right now.',
          request_id: expect.any(String),
        });
      }
      expect(await w.database.db.selectFrom('crypto_addresses').select('id').execute()).toEqual([]);
      expect((await w.post('/api/deposit/alphapo/deposit-address', null, { currency: 'BTC' })).statusCode).toBe(401);
    } finally {
      await w.close();
    }
  });

  it('still serve the sandbox outside production', async () => {
    const w = await createWalletTest(dialect);
    try {
      const p = await w.player();
      const res = await w.post('/api/deposit/alphapo/deposit-address', p, { currency: 'BTC' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.currency).toBe('BTC');
    } finally {
      await w.close();
    }
  });
});
