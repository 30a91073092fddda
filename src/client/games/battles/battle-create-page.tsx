// /battles/create (login required): pick boxes (search, +/− counts; each box is one round, in the order
// picked), the mode (the chosen one pressed) and options (HUD kit switches), a summary line of what
// Create makes and the rules for bot seats (the creator pays each; a bot's winnings stay with the
// house — battles.settle.ts), then Create. A failure shows the server's msg and, for box problems, the
// first message of errors.boxes (spec §5, §8).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { BoxSummary } from '../../../shared/api/boxes.ts';
import {
  BATTLE_LIMITS,
  BATTLE_MODES,
  BATTLE_WAIT_MS,
  MODE_LAYOUT,
  type BattleMode,
} from '../../../shared/api/battles.ts';
import { HudSegmented } from '../../components/hud/hud-select.tsx';
import { HudToggle } from '../../components/hud/hud-toggle.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import { listBoxes } from '../../lib/api/boxes.ts';
import { formatDollars } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { toast } from '../../components/ui/toaster.tsx';
import { createBattle } from './battle-api.ts';
import {
  battleCost,
  battleSummary,
  botFillCost,
  boxCounts,
  OPTION_LABELS,
  pickBox,
  unpickBox,
} from './battle-picks.ts';
import './battles.css';
import { ErrorNotice } from '../../components/ui/page-status.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { SearchInput } from '../../components/ui/query-filters.tsx';

/** The search + box grid with a count per box. */
function BoxPicker({
  picks,
  onPick,
  onUnpick,
}: {
  picks: BoxSummary[];
  onPick(b: BoxSummary): void;
  onUnpick(slug: string): void;
}) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim()); // search a moment after typing stops
  const { data, error } = useApiData(listBoxes, [{ sort: 'price_asc', search }]);
  const counts = boxCounts(picks);
  const full = picks.length >= BATTLE_LIMITS.maxBoxes;
  return (
    <div data-testid="box-picker">
      <div className="filters">
        <SearchInput label="Find boxes" value={text} onText={setText} placeholder="Box name" aria-label="Find boxes" />
      </div>
      <ErrorNotice error={error} />
      {data && data.data.length === 0 && <p className="notice">No boxes match.</p>}
      <div className="battle-picker-grid">
        {data?.data.map((b) => {
          const n = counts.get(b.slug) ?? 0;
          return (
            <div
              key={b.slug}
              className={n ? 'picker-box picked' : 'picker-box'}
              data-testid="picker-box"
              data-slug={b.slug}
            >
              <img src={b.img_url} alt="" width={80} height={80} loading="lazy" />
              <span>{b.name}</span>
              <span className="battle-cost">{formatDollars(b.price)}</span>
              <span className="picker-count">
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={!n}
                  onClick={() => onUnpick(b.slug)}
                  aria-label={`Remove one ${b.name}`}
                >
                  −
                </button>
                <span data-testid="picker-count">{n}</span>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={full}
                  onClick={() => onPick(b)}
                  aria-label={`Add ${b.name}`}
                >
                  +
                </button>
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The create page. */
export default function BattleCreatePage() {
  const navigate = useNavigate();
  const [picks, setPicks] = useState<BoxSummary[]>([]);
  const [mode, setMode] = useState<BattleMode>('1v1');
  const [options, setOptions] = useState({ crazy: false, terminal: false, private: false });
  const [sending, setSending] = useState(false);
  const [boxError, setBoxError] = useState<string | null>(null);
  const cost = battleCost(picks);

  const create = async () => {
    setSending(true);
    setBoxError(null);
    try {
      const { path } = await createBattle({ boxes: picks.map((b) => b.slug), mode, ...options });
      void navigate(path); // a private battle's page carries its invite code: the creator sees the link
    } catch (e) {
      const first = e instanceof ApiError ? e.body.errors?.boxes?.[0] : undefined;
      setBoxError(first ?? null);
      toast.error(first ?? errorText(e));
      setSending(false);
    }
  };

  return (
    <section className="page page-wide battle-create" data-testid="battle-create">
      <h1>Create a battle</h1>
      <div className="battle-create-layout">
        <BoxPicker
          picks={picks}
          onPick={(b) => setPicks((p) => pickBox(p, b))}
          onUnpick={(s) => setPicks((p) => unpickBox(p, s))}
        />
        <aside className="battle-summary" aria-label="Battle settings">
          <div className="mode-picker" data-testid="mode-picker">
            <HudSegmented label="Mode" options={BATTLE_MODES} value={mode} onChange={setMode} />
          </div>
          <div className="battle-options" data-testid="battle-options">
            {(['crazy', 'terminal', 'private'] as const).map((k) => (
              <HudToggle
                key={k}
                label={OPTION_LABELS[k]}
                checked={options[k]}
                onChange={(on) => setOptions((o) => ({ ...o, [k]: on }))}
              />
            ))}
          </div>
          <p className="muted battle-rules" data-testid="battle-rules">
            A private battle is seen and joined only through its invite link. A battle that does not fill within{' '}
            {BATTLE_WAIT_MS / 60_000} minutes is canceled and every seat refunded; players who joined may leave while it
            waits.
          </p>
          <p className="battle-rules" data-testid="bot-rules">
            Bot seats: you, the creator, pay for every bot you add at the seat cost ({formatDollars(cost)} each,{' '}
            {formatDollars(botFillCost(mode, cost))} to fill all {MODE_LAYOUT[mode].seats - 1} other seats). Bots win
            nothing for anyone: a winning bot&apos;s items stay with the house, and in 2v2 and 3v3 the winning
            team&apos;s value is split equally per seat — a bot teammate&apos;s share goes to the house, you get only
            your own share.
          </p>
          <p className="muted" data-testid="rounds">
            {picks.length} {picks.length === 1 ? 'box' : 'boxes'} · {picks.length}{' '}
            {picks.length === 1 ? 'round' : 'rounds'}
          </p>
          <p className="battle-create-summary" data-testid="create-summary">
            {battleSummary(mode, picks.length, cost, options)}
          </p>
          <p>
            Seat cost{' '}
            <span className="battle-total" data-testid="battle-total">
              {formatDollars(cost)}
            </span>
          </p>
          {boxError && (
            <p className="notice notice-error" role="alert" data-testid="box-error">
              {boxError}
            </p>
          )}
          <button
            type="button"
            className="btn btn-gradient"
            data-testid="create-button"
            disabled={sending || picks.length === 0}
            onClick={() => void create()}
          >
            Create for {formatDollars(cost)}
          </button>
          {picks.length > 0 && (
            <button type="button" className="btn btn-sm btn-outline" onClick={() => setPicks([])}>
              Clear boxes
            </button>
          )}
        </aside>
      </div>
    </section>
  );
}
