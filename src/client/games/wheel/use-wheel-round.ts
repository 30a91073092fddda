// The wheel page's live data: the /wheel socket (`wheel:game` and the connection's changes into the
// round machine — malformed events dropped —, `wheel:bets` into this round's bet list), the bets of the current round from GET /api/wheel/current, and the
// last 100 results (GET /api/wheel/recent-games, then each ended round as it arrives).
import { useEffect, useState } from 'react';
import type { Actor } from 'xstate';
import { getWheelCurrent, getWheelRecentGames } from '../../lib/api/wheel.ts';
import { acquireRoundSocket } from '../../lib/socket.ts';
import type { roundMachine, RoundGameEvent } from '../../engine/machines/round.machine.ts';
import { wheelGameEventSchema, type WheelBetsEvent } from '../../../shared/api/rounds.ts';
import type { WheelBet } from '../../../shared/api/wheel.ts';

/** A bet as the panels show it (the socket's bet plus its status). */
export type PanelBet = Pick<WheelBet, 'id' | 'round_id' | 'user' | 'amount' | 'color' | 'payout'> & {
  status: WheelBet['status'];
};

/** A finished round in the history strip. */
export interface HistoryItem {
  id: number;
  segment: number;
  color: WheelBet['color'];
  multiplier: number;
}

const STATUS_OF: Record<WheelBetsEvent['type'], PanelBet['status']> = {
  placed: 'active',
  canceled: 'canceled',
  won: 'won',
  lost: 'lost',
};

/** Merges a bet into a round's list (a newer status wins; canceled bets leave the list). */
export function mergeBet(bets: PanelBet[], bet: PanelBet): PanelBet[] {
  const rest = bets.filter((b) => b.id !== bet.id);
  return bet.status === 'canceled' ? rest : [...rest, bet].sort((a, b) => a.id - b.id);
}

/** Subscribes the page to the wheel's rounds. */
export function useWheelRound(actor: Actor<typeof roundMachine>) {
  const [bets, setBets] = useState<{ roundId: number; list: PanelBet[] }>({ roundId: 0, list: [] });
  const [history, setHistory] = useState<HistoryItem[]>([]);

  useEffect(() => {
    let lease: Awaited<ReturnType<typeof acquireRoundSocket<'/wheel'>>> | null = null;
    let stopped = false;
    const loadRound = async () => {
      const current = await getWheelCurrent().catch(() => null);
      if (current && !stopped) setBets({ roundId: current.data.id, list: current.data.bets });
    };
    const onGame = (raw: unknown) => {
      const parsed = wheelGameEventSchema.safeParse(raw);
      if (!parsed.success) return;
      const game = parsed.data;
      actor.send({ type: 'GAME', game: game as RoundGameEvent });
      setBets((b) => (b.roundId === game.id ? b : { roundId: game.id, list: [] }));
      if (game.status === 'ended' && game.segment !== undefined && game.color && game.multiplier !== undefined) {
        const item = { id: game.id, segment: game.segment, color: game.color, multiplier: game.multiplier };
        setHistory((h) => (h.some((x) => x.id === game.id) ? h : [item, ...h].slice(0, 100)));
      }
    };
    const onConnect = () => {
      actor.send({ type: 'CONNECTED' });
      void loadRound();
    };
    const onDisconnect = () => actor.send({ type: 'DISCONNECTED' });
    const onBets = (e: WheelBetsEvent) => {
      const bet = { ...e.bet, round_id: e.round_id, status: STATUS_OF[e.type] };
      setBets((b) => (b.roundId === e.round_id ? { ...b, list: mergeBet(b.list, bet) } : b));
    };
    void getWheelRecentGames(100).then(
      (r) =>
        !stopped && setHistory((h) => [...h, ...r.data.filter((x) => !h.some((y) => y.id === x.id))].slice(0, 100)),
      () => undefined,
    );
    void acquireRoundSocket('/wheel').then((l) => {
      if (stopped) return l.release();
      lease = l;
      l.socket.on('wheel:game', onGame);
      l.socket.on('wheel:bets', onBets);
      l.socket.on('connect', onConnect);
      l.socket.on('disconnect', onDisconnect);
      if (l.socket.connected) onConnect();
    });
    return () => {
      stopped = true;
      if (lease) {
        lease.socket.off('wheel:game', onGame);
        lease.socket.off('wheel:bets', onBets);
        lease.socket.off('connect', onConnect);
        lease.socket.off('disconnect', onDisconnect);
        lease.release();
      }
    };
  }, [actor]);

  return { bets, setBets, history };
}
