// /freeloot (login required): the player's level and XP bar, the curve explained, the free boxes
// per level tier (locked / Open / live countdown) and the reel of the chosen box. Countdowns run on
// the server's clock (server_time offset) so a wrong browser clock cannot show a box as ready.
// Daily openings need a recent deposit: a banner with a Deposit button and disabled Open buttons.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNow } from '../../components/ui/use-now.ts';
import { errorText } from '../../lib/api.ts';
import { getBox } from '../../lib/api/boxes.ts';
import { listFreeBoxes, openFreeBox } from '../../lib/api/free-loot.ts';
import { useSession } from '../../stores/session.ts';
import { formatHms, type FreeBox } from '../../../shared/api/free-loot.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { BoxDrops, DropsStrip } from '../drops/index.ts';
import { DepositBanner, depositReason } from './deposit-banner.tsx';
import { cardState, FreeBoxCard, promoBoxSlug } from './free-box-card.tsx';
import { CurveExplained, LevelProgress } from './level-progress.tsx';
import { AllowancePanel, allowanceReason } from './allowance-panel.tsx';
import '../boxes/boxes.css';
import './free-loot.css';
import { PageError, PageLoading } from '../../components/ui/page-status.tsx';

const BoxOpener = lazy(() => import('../../games/boxes/box-opener.tsx'));

/** The reel of one free box; daily when ready, else the promo opening when the player has one. */
function FreeOpenerPanel(props: {
  box: FreeBox;
  remainingMs: number;
  promoOpenings: number;
  blocked: string | null;
  onOpening(): void;
  onSettled(): void;
}) {
  const { box, remainingMs, promoOpenings, blocked } = props;
  const { data, error } = useApiData(getBox, [box.slug]);
  const due = cardState(box, remainingMs) === 'available';
  const ready = due && !blocked;
  const promo = !ready && promoOpenings > 0;
  if (error)
    return (
      <p className="notice notice-error" role="alert">
        {errorText(error)}
      </p>
    );
  if (!data || data.data.slug !== box.slug) return <p className="muted">Loading the reel...</p>; // never a stale box's reel
  const label = ready
    ? 'Open free box'
    : promo
      ? 'Open with your promo box'
      : due
        ? blocked!
        : `Next free opening in ${formatHms(remainingMs)}`;
  return (
    <div className="free-opener" data-testid="free-opener" data-slug={box.slug}>
      <h2>{box.name}</h2>
      <Suspense fallback={<p className="muted">Loading the reels...</p>}>
        <BoxOpener
          key={box.slug}
          box={data.data}
          free={{
            label,
            disabled: !ready && !promo,
            open: () => {
              props.onOpening();
              return openFreeBox(box.slug, promo);
            },
            onSettled: props.onSettled,
          }}
        />
      </Suspense>
    </div>
  );
}

/** The Free loot page. */
export default function FreeLootPage() {
  const { data, error, reload } = useApiData(listFreeBoxes, []);
  const now = useNow();
  const [offset, setOffset] = useState(0); // ms: server clock − browser clock
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    if (!data) return;
    setOffset(Date.parse(data.server_time) - Date.now());
    // the header badge reads the session user: keep its level in step with what wagering earned
    const user = useSession.getState().user;
    if (user && data.level && user.user_level.level !== data.level.level)
      useSession.getState().setUser({ ...user, user_level: data.level });
  }, [data]);

  if (error && !data) return <PageError error={error} />;
  if (!data) return <PageLoading />;
  const rule = data.deposit_required;
  const noDeposit = rule && !rule.met ? depositReason(rule) : null; // why daily openings are off
  const blockedFor = (b: FreeBox) => noDeposit ?? allowanceReason(b, data.allowance); // deposit, then allowance
  const remaining = (b: FreeBox) => (b.next_available_at ? Date.parse(b.next_available_at) - (now + offset) : 0);
  // a promo opening opens only the lowest-tier free box (the server answers 403 for any other)
  const promoSlug = promoBoxSlug(data.data, data.promo_openings);
  const lowestSlug = promoBoxSlug(data.data, 1);
  const lowest = data.data.find((b) => b.slug === lowestSlug);
  const current =
    data.data.find((b) => b.slug === selected) ??
    data.data.find((b) => cardState(b, remaining(b)) === 'available') ??
    data.data.find((b) => b.unlocked) ??
    null;

  return (
    <section className="page page-wide" data-testid="freeloot-page">
      <h1>Free loot</h1>
      {data.level && <LevelProgress level={data.level} />}
      {rule && !rule.met && <DepositBanner rule={rule} />}
      <CurveExplained />
      <AllowancePanel allowance={data.allowance} boxes={data.data} />
      {data.promo_openings > 0 && (
        <p className="notice promo-banner" data-testid="promo-banner">
          You have {data.promo_openings === 1 ? 'a promo free box' : `${data.promo_openings} promo free boxes`}{' '}
          (case35): open the {lowest?.name ?? 'lowest-level free box'} once more, even while it is cooling down.
        </p>
      )}
      {current && (
        <FreeOpenerPanel
          box={current}
          remainingMs={remaining(current)}
          promoOpenings={current.slug === promoSlug ? data.promo_openings : 0}
          blocked={blockedFor(current)}
          onOpening={() => setSelected(current.slug)}
          onSettled={reload}
        />
      )}
      <h2>Free boxes</h2>
      <div className="free-box-grid">
        {data.data.map((b) => (
          <FreeBoxCard
            key={b.slug}
            box={b}
            remainingMs={remaining(b)}
            selected={b.slug === current?.slug}
            promo={b.slug === promoSlug}
            depositReason={blockedFor(b)}
            onOpen={() => setSelected(b.slug)}
          />
        ))}
      </div>
      {current && <BoxDrops slug={current.slug} kind="free" />}
      <h2>Live drops</h2>
      <DropsStrip />
    </section>
  );
}
