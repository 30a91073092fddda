// Every history row names its bet, so it links to its replay (issue 29), on each database: the
// player's settled Crazy Wheel bets (GET /api/wheel/my-bets), Rocket's leaderboard rows (the bet id)
// and the box drop feeds (the reel's opening id, in GET /api/last-drops, a box's last drops and the
// live lastDrop event alike); each id's public replay is that row's bet.
import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { gameRig } from '../helpers/game-rig.ts';
import { replayResponseSchema, type Replay } from '../../src/shared/api/replay.ts';
import type { Drop } from '../../src/shared/api/boxes.ts';
import type { WheelBet } from '../../src/shared/api/wheel.ts';
import type { CrashLeaderboardEntry } from '../../src/shared/api/crash.ts';
import type { ChannelEvent, LocalPublisher } from '../../src/server/realtime/publisher.ts';

describeEachDb('history rows link to replays', (dialect) => {
  const rig = gameRig(dialect);
  const { app, db, player, post, crashWin, wheelRound } = rig;
  const get = (url: string, headers?: Record<string, string>) => app().fastify.inject({ method: 'GET', url, headers });
  const replay = async (game: string, id: number): Promise<Replay> => {
    const res = await get(`/api/bets/${game}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return replayResponseSchema.parse(res.json()).data;
  };

  it("the wheel's my bets: the player's settled bets only, newest first, each replayable", async () => {
    const p = await player(100_00);
    const other = await player(100_00);
    const ids: number[] = [];
    await wheelRound(async () => {
      for (const color of ['grey', 'red', 'gold'])
        ids.push((await post(p, '/api/wheel/bet', { amount: 1, color })).data.id);
      const canceled = (await post(p, '/api/wheel/bet', { amount: 2, color: 'blue' })).data.id;
      await post(p, `/api/wheel/bet/${canceled}/cancel`);
      await post(other, '/api/wheel/bet', { amount: 1, color: 'grey' });
    });
    const res = await get('/api/wheel/my-bets', p.headers);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().data as WheelBet[];
    expect(mine.map((b) => b.id)).toEqual([...ids].reverse());
    for (const b of mine) {
      expect(b.user.id).toBe(p.id);
      expect(['won', 'lost']).toContain(b.status);
      const r = await replay('wheel', b.id);
      expect(r).toMatchObject({ stake: b.amount, payout: b.payout, player: { id: p.id } });
      expect(r.outcome).toMatchObject({ game: 'wheel', round_id: b.round_id, choice: b.color });
    }
    expect((await get('/api/wheel/my-bets?limit=2', p.headers)).json().data.map((b: WheelBet) => b.id)).toEqual(
      [...ids].reverse().slice(0, 2),
    );
    expect((await get('/api/wheel/my-bets')).statusCode).toBe(401);
    for (const limit of ['0', '101', 'x'])
      expect((await get(`/api/wheel/my-bets?limit=${limit}`, p.headers)).statusCode).toBe(422);
  });

  it("Rocket's leaderboard rows carry their bet id, which replays that cash-out", async () => {
    const p = await player(1_000_00);
    await crashWin(p);
    const rows = (await get('/api/crash/leaderboard?period=all')).json().data as CrashLeaderboardEntry[];
    const row = rows.find((r) => r.user.id === p.id)!;
    const bet = await db().selectFrom('crash_bets').select('id').where('user_id', '=', p.id).executeTakeFirstOrThrow();
    expect(row.id).toBe(Number(bet.id));
    const r = await replay('crash', row.id);
    expect(r).toMatchObject({ stake: row.amount, payout: row.win_amount, multiplier: row.multiplier });
    expect(r.outcome).toMatchObject({ game: 'crash', round_id: row.round_id, cashed_out_at: row.multiplier });
  });

  it('every drop feed carries the reel it is (opening_id), live and listed; its replay is that reel', async () => {
    const p = await player(1_000_00);
    const events: ChannelEvent[] = [];
    const off = (app().fastify.publisher as LocalPublisher).subscribe((e) => events.push(e));
    const opened = (await post(p, '/api/boxes/penny-box/open', { count: 2 })).data;
    off();
    const live = events.filter((e) => e.event === 'lastDrop').map((e) => e.data as Drop);
    const listed = (await get('/api/last-drops')).json().data as Drop[];
    const boxList = (await get('/api/boxes/penny-box/last-drops')).json().data as Drop[];
    const rows = await db()
      .selectFrom('box_openings')
      .select(['id', 'drop_id'])
      .where('user_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    const byDrop = new Map(rows.map((r) => [Number(r.drop_id), Number(r.id)]));
    expect(live).toHaveLength(2);
    for (const list of [live, listed.slice(0, 2), boxList.slice(0, 2)])
      for (const d of list) expect(d.opening_id, `drop ${d.id}`).toBe(byDrop.get(d.id));
    for (const [i, reel] of opened.reels.entries()) {
      const r = await replay('box', live[i]!.opening_id!);
      expect(r.outcome).toMatchObject({ game: 'box', ticket: reel.ticket, item: { id: reel.item.id } });
      expect(r.player?.id).toBe(p.id);
    }
  });
});
