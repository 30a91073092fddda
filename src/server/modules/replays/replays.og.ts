// Link previews of the replay page /bets/{game}/{id}: Open Graph and Twitter tags put into index.html
// (http/static.ts) so a pasted link shows the bet — who, what, amount and multiplier. An unknown,
// unsettled or malformed bet, an address over its limit or any failure gets the site's generic tags:
// the page is still served and the client shows its own 404.
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { limits } from '../../plugins/rate-limit.ts';
import { GAME_NAMES } from '../../../shared/games/game-names.ts';
import { replayParamsSchema, replayPath, type Replay } from '../../../shared/api/replay.ts';
import { formatUsd, toCents } from '../../../shared/money.ts';
import { esc } from '../wallet/sandbox-pages.ts';
import type { ReplayContext } from './replays.context.ts';
import { findReplay } from './replays.service.ts';

const SITE_TITLE = 'Loot Arcade: a bet replay';
const SITE_DESCRIPTION = 'Replay any bet exactly as it was played, and verify it in one click.';
const REPLAY_PAGE = /^\/bets\/([^/]+)\/([^/]+)\/?$/;

const dollars = (v: number) => formatUsd(toCents(v, Infinity)); // the replay's dollars (2 decimals) as "$1,234.50"

/** "Won $12.40 at ×2.48 on Dice" (a loss: what was staked and what it paid). */
export function replayDescription(r: Replay): string {
  const at = r.multiplier === null ? '' : ` at ×${r.multiplier.toFixed(2)}`;
  const on = ` on ${GAME_NAMES[r.game]}`;
  return r.result === 'win'
    ? `Won ${dollars(r.payout)}${at}${on}`
    : `${dollars(r.stake)} bet paid ${dollars(r.payout)}${at}${on}`;
}

function tags(title: string, description: string, url: string): string {
  return [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${esc(title)}" />`,
    `<meta property="og:description" content="${esc(description)}" />`,
    `<meta property="og:url" content="${esc(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${esc(title)}" />`,
    `<meta name="twitter:description" content="${esc(description)}" />`,
  ].join('\n    ');
}

/** The head tags of a page path: a replay's preview, the generic ones for a replay that cannot be
 * shown, null for every other page. Never throws. */
export function replayPageHead(ctx: ReplayContext): (request: FastifyRequest) => Promise<string | null> {
  return async (request) => {
    const m = REPLAY_PAGE.exec(request.url.split('?')[0]!);
    if (!m) return null;
    const params = replayParamsSchema.safeParse({ game: m[1], id: m[2] });
    if (!params.success) return tags(SITE_TITLE, SITE_DESCRIPTION, ctx.siteUrl);
    const url = `${ctx.siteUrl}${replayPath(params.data.game, params.data.id)}`;
    try {
      await ctx.limiter.check(limits.replayIp, request.ip, ctx.now());
      const r = await findReplay(ctx.db, params.data.game, params.data.id, ctx.now(), null);
      return tags(`${r.player?.name ?? 'Hidden'}: ${r.title}`, replayDescription(r), url);
    } catch (e) {
      if (!(e instanceof HttpError)) request.log.error({ err: e }, 'replay preview failed'); // a 404 or 429: generic tags
      return tags(SITE_TITLE, SITE_DESCRIPTION, url);
    }
  };
}
