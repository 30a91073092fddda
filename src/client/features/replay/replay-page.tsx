// /bets/{game}/{id}: the public replay of one settled bet (GET /api/bets/{game}/{id}). The game's own
// scene replays the settled outcome through the live page's script (replay-story.ts), beside the bet
// slip: player (or "Hidden"), game, stake, multiplier, payout, time; Verify once the seed is revealed,
// Copy link, Share to chat (its owner: `mine`, who also sees their own name when hidden from others),
// Replay again. An unknown game or id, or an unsettled bet, is
// the site's 404 "Page Not Found".
import { useMemo, useReducer, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { getBetReplay } from '../../lib/api/replays.ts';
import { formatDateTime, formatDollars } from '../../lib/format.ts';
import { useSession } from '../../stores/session.ts';
import { EngineClock } from '../../engine/clock.ts';
import { motionMode, useMotion } from '../../engine/motion.ts';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import { PageError, PageLoading } from '../../components/ui/page-status.tsx';
import { throwPageNotFound } from '../boxes/index.ts';
import { GAME_NAMES } from '../../../shared/games/game-names.ts';
import { copyText } from '../../games/battles/battle-invite.tsx';
import { useStoryStage } from '../../games/dev-scenes/use-story-stage.ts';
import { replayParamsSchema, type Replay } from '../../../shared/api/replay.ts';
import type { ArchiveGame } from '../../../shared/api/profile-bets.ts';
import { replayStory } from './replay-story.ts';
import { useBattleReelItems } from './use-battle-reel-items.ts';
import type { BattleReelItem } from '../../games/battles/battle-reel.ts';
import { ShareToChat, shareMessage } from './share-to-chat.tsx';
import './replay.css';

/** What the page says instead of Verify while the seed is secret. */
export const SEALED_NOTE: Record<ArchiveGame, string> = {
  dice: 'The server seed is revealed after rotation.',
  upgrade: 'The server seed is revealed after rotation.',
  plinko: 'The server seed is revealed after rotation.',
  box: 'The server seed is revealed after rotation.',
  crash: "The round's hash is revealed once the round has ended.",
  wheel: "The day's server seed is revealed once the day is over.",
  battle: 'The server seed is revealed once the battle has ended.',
};

/** The page: the path checked, then one replay per bet. */
export default function ReplayPage() {
  const params = replayParamsSchema.safeParse(useParams());
  const raw = useParams().id ?? '';
  if (!params.success || !/^[1-9]\d*$/.test(raw)) throwPageNotFound();
  const { game, id } = params.data;
  return <ReplayLoader key={`${game}/${id}`} game={game} id={id} />;
}

function ReplayLoader({ game, id }: { game: ArchiveGame; id: number }) {
  const { data, error } = useApiData(getBetReplay, [game, id]);
  if (error instanceof ApiError && (error.status === 404 || error.status === 422)) throwPageNotFound();
  if (error && !data) return <PageError error={error} />;
  if (!data) return <PageLoading />;
  return <ReplayReels replay={data.data} />;
}

/** Waits for a battle's reel items (the live page's reels), then the replay. */
function ReplayReels({ replay }: { replay: Replay }) {
  const items = useBattleReelItems(replay);
  if (!items) return <PageLoading />;
  return <ReplayView replay={replay} items={items} />;
}

function ReplayView({ replay, items }: { replay: Replay; items: ReadonlyMap<string, readonly BattleReelItem[]> }) {
  const [clock] = useState(() => new EngineClock());
  const story = useMemo(
    () => replayStory(replay, clock, motionMode(useMotion.getState()), items),
    [replay, clock, items],
  );
  const [ends, ended] = useReducer((n: number) => n + 1, 0);
  const { ready, reached: atRest, play, onReady, onError } = useStoryStage(story, clock, ended);
  const myName = useSession((s) => s.user?.name ?? null);
  const owner = replay.mine; // the server's word: the token it was asked with is the bet's owner
  const reached = ends > 0 && atRest;
  return (
    <section className="page page-wide replay-page" data-testid="replay-page" data-game={replay.game}>
      <h1 className="replay-title">
        {GAME_NAMES[replay.game]} <span className="muted">#{replay.id}</span>
      </h1>
      <div className="replay-layout">
        <div className="replay-stage" data-testid="replay-stage" data-scene={story.name} data-reached={String(reached)}>
          <PixiStage background="#0d0e1c" onReady={onReady} onError={onError} />
        </div>
        <aside className="replay-slip" data-testid="bet-slip" aria-label="Bet slip">
          <BetSlip replay={replay} player={replay.player?.name ?? (owner ? myName : null)} />
          <div className="replay-actions">
            <button type="button" className="btn" onClick={play} disabled={!ready} data-testid="replay-again">
              Replay again
            </button>
            {replay.fair.verify_link ? (
              <Link className="btn" to={replay.fair.verify_link} data-testid="replay-verify">
                Verify
              </Link>
            ) : (
              <p className="muted replay-sealed" data-testid="replay-sealed">
                {SEALED_NOTE[replay.game]}
              </p>
            )}
            <button
              type="button"
              className="btn"
              onClick={() => void copyText(window.location.href, 'Link copied.')}
              data-testid="copy-link"
            >
              Copy link
            </button>
            {owner && (
              <ShareToChat
                game={replay.game}
                id={replay.id}
                message={shareMessage(replay.title, replay.stake, replay.payout)}
              />
            )}
          </div>
        </aside>
      </div>
    </section>
  );
}

/** The slip's rows: who (the owner sees their own name even when hidden from others), what, how much, when. */
function BetSlip({ replay, player }: { replay: Replay; player: string | null }) {
  const rows: [string, string, string][] = [
    ['player', 'Player', player ?? 'Hidden'],
    ['game', 'Game', `${GAME_NAMES[replay.game]} · ${replay.title}`],
    ['stake', 'Stake', formatDollars(replay.stake)],
    ['multiplier', 'Multiplier', replay.multiplier === null ? '—' : `×${replay.multiplier.toFixed(2)}`],
    ['payout', 'Payout', formatDollars(replay.payout)],
    ['time', 'Time', formatDateTime(replay.created_at)],
  ];
  return (
    <dl className="replay-fields" data-result={replay.result}>
      {rows.map(([key, label, value]) => (
        <div key={key} className={key === 'payout' ? `replay-field bet-${replay.result}` : 'replay-field'}>
          <dt>{label}</dt>
          <dd data-testid={`slip-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
