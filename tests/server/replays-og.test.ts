// Link previews of /bets/{game}/{id} on each database: the served index.html carries the bet's Open
// Graph and Twitter tags, HTML-escaped; an unknown or malformed bet, or an address over the replay
// limit, still gets the page with the generic tags (never a 500). The API's limit answers 429.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPlayer } from '../helpers/users.ts';
import { limits } from '../../src/server/plugins/rate-limit.ts';

const NAME = `<b>"Ann" & 'co'</b>`;

describeEachDb('replay link previews', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'la-client-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Loot</title></head><body></body></html>');
    t = await createTestApp(dialect, { clientDir: dir, env: { PUBLIC_URL: 'https://lootarcade.test' } });
  });
  afterEach(() => t.close());

  const page = async (url: string, remoteAddress = '203.0.113.7') => {
    const res = await t.fastify.inject({ method: 'GET', url, headers: { accept: 'text/html' }, remoteAddress });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    return res.body;
  };
  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
  const dice = async () => {
    const p = await createPlayer(t.database.db, t.config.secrets.appSecret, { name: NAME, balanceCents: 100_00 });
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/dice/bet',
      headers: p.headers,
      payload: { amount: 5, target: 2, direction: 'over' }, // 98 % to win ×1.01
    });
    return res.json().data as { id: number; win: boolean; payout: number; roll: number };
  };

  it('puts the bet into the page’s head, escaped', async () => {
    const bet = await dice();
    const html = await page(`/bets/dice/${bet.id}`);
    expect(html).toContain('<title>Loot</title>'); // the client's page, untouched otherwise
    expect(meta(html, 'og:title')).toBe(
      `&lt;b&gt;&quot;Ann&quot; &amp; &#39;co&#39;&lt;/b&gt;: Dice over 2.00: rolled ${bet.roll.toFixed(2)}`,
    );
    expect(html).not.toContain(NAME);
    const payout = `$${bet.payout.toFixed(2)}`;
    const mult = `×${(bet.payout / 5).toFixed(2)}`;
    expect(meta(html, 'og:description')).toBe(
      bet.win ? `Won ${payout} at ${mult} on Dice` : `$5.00 bet paid ${payout} at ${mult} on Dice`,
    );
    expect(meta(html, 'og:url')).toBe(`https://lootarcade.test/bets/dice/${bet.id}`);
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(meta(html, 'og:type')).toBe('website');
  });

  it('serves the page with generic tags for an unknown, malformed or rate-limited bet', async () => {
    const bet = await dice();
    const generic = (html: string) => {
      expect(meta(html, 'og:title')).toBe('Loot Arcade: a bet replay');
      expect(meta(html, 'twitter:card')).toBe('summary');
      expect(html).not.toContain('Ann');
    };
    generic(await page(`/bets/dice/${bet.id + 1}`));
    expect(meta(await page(`/bets/dice/${bet.id + 1}`), 'og:url')).toBe(
      `https://lootarcade.test/bets/dice/${bet.id + 1}`,
    );
    generic(await page('/bets/poker/1'));
    generic(await page('/bets/dice/%3Cscript%3E'));
    expect(await page('/bets/dice/"><script>alert(1)</script>')).not.toContain('<script>alert');
    // other pages carry no preview tags
    expect(meta(await page('/boxes'), 'og:title')).toBeUndefined();

    // one address over the limit: the API answers 429, the page generic tags
    const max = Math.ceil(limits.replayIp.max * t.config.rateLimitScale);
    const api = () =>
      t.fastify.inject({ method: 'GET', url: `/api/bets/dice/${bet.id}`, remoteAddress: '198.51.100.9' });
    for (let i = 0; i < max; i++) expect((await api()).statusCode).toBe(200);
    const refused = await api();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toHaveProperty('message');
    generic(await page(`/bets/dice/${bet.id}`, '198.51.100.9'));
    expect(meta(await page(`/bets/dice/${bet.id}`), 'og:title')).toContain('Dice over 2.00'); // another address
  });
});
