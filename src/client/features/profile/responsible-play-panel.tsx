// Responsible play on /profile: daily / weekly / monthly deposit limits (a raise shows as pending
// until its 24 h pass) and self-exclusion with a confirm step; while excluded, its end date.
import { useState, type FormEvent } from 'react';
import { errorText } from '../../lib/api.ts';
import { getLimits, selfExclude, setDepositLimit } from '../../lib/api/profile.ts';
import { formatDateTime, formatDollars } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import type { DepositLimit, Limits } from '../../../shared/api/programmes.ts';
import { SELF_EXCLUSION_DAYS } from '../../../shared/constants.ts';
import { ProfilePanel } from './profile-panel.tsx';

const PERIOD_LABEL = { day: 'Daily', week: 'Weekly', month: 'Monthly' } as const;

/** "Rises to $250.00 on 26.11.26, 12:00" / "Removed on …" for a pending change, else null. */
export function pendingText(l: DepositLimit): string | null {
  if (!l.pending_from) return null;
  const when = formatDateTime(l.pending_from);
  return l.pending_amount === null ? `Removed on ${when}` : `Rises to ${formatDollars(l.pending_amount)} on ${when}`;
}

function LimitRow({ limit, onSaved }: { limit: DepositLimit; onSaved(l: Limits): void }) {
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async (value: number | null) => {
    setBusy(true);
    try {
      const res = await setDepositLimit(limit.period, value);
      toast.success(res.msg);
      setAmount('');
      onSaved(res.data);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(Number(amount));
  };
  const label = PERIOD_LABEL[limit.period];
  const pending = pendingText(limit);
  return (
    <form className="limit-row" onSubmit={submit} data-testid={`limit-${limit.period}`}>
      <span className="limit-name">{label} limit</span>
      <strong data-testid={`limit-${limit.period}-amount`}>
        {limit.amount === null ? 'No limit' : formatDollars(limit.amount)}
      </strong>
      {pending && (
        <span className="muted" data-testid={`limit-${limit.period}-pending`}>
          {pending}
        </span>
      )}
      <input
        type="number"
        min="0.01"
        step="0.01"
        inputMode="decimal"
        aria-label={`${label} deposit limit in dollars`}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        required
      />
      <Button type="submit" size="sm" loading={busy}>
        Set
      </Button>
      {limit.amount !== null && !pending && (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void save(null)}>
          Remove
        </Button>
      )}
    </form>
  );
}

function SelfExclusion({ until, onSaved }: { until: string | null; onSaved(l: Limits): void }) {
  const [days, setDays] = useState('30');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const exclude = async () => {
    setBusy(true);
    try {
      const res = await selfExclude(Number(days));
      toast.success(res.msg);
      setConfirming(false);
      onSaved(res.data);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="self-exclusion" data-testid="self-exclusion">
      <h3>Self-exclusion</h3>
      {until ? (
        <p role="status" data-testid="self-excluded-until">
          You are self-excluded until <strong>{formatDateTime(until)}</strong>. Bets, openings and deposits are closed
          until then; withdrawals stay open.
        </p>
      ) : (
        <p className="muted">
          Take a break: no bets, openings or deposits for the days you choose. It cannot be undone.
        </p>
      )}
      <label>
        Days ({SELF_EXCLUSION_DAYS.min}–{SELF_EXCLUSION_DAYS.max}){' '}
        <input
          type="number"
          min={SELF_EXCLUSION_DAYS.min}
          max={SELF_EXCLUSION_DAYS.max}
          step="1"
          value={days}
          onChange={(e) => {
            setDays(e.target.value);
            setConfirming(false);
          }}
        />
      </label>
      {confirming ? (
        <div className="confirm" role="alertdialog" aria-label="Confirm self-exclusion">
          <p>
            Exclude yourself for {days} days? You will not be able to bet, open boxes or deposit, and this cannot be
            shortened.
          </p>
          <Button variant="gradient" loading={busy} onClick={() => void exclude()}>
            Confirm self-exclusion
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          {until ? 'Extend self-exclusion' : 'Self-exclude'}
        </Button>
      )}
    </div>
  );
}

/** The responsible-play panel. */
export function ResponsiblePlayPanel() {
  const { data, error } = useApiData(getLimits, []);
  const [fresh, setFresh] = useState<Limits | null>(null);
  const limits = fresh ?? data?.data ?? null;
  return (
    <ProfilePanel
      title="Responsible play"
      testId="responsible-play"
      className="responsible-play"
      data={limits}
      error={error}
      what="Limits"
    >
      {(limits) => (
        <>
          <p className="muted">
            Deposit limits count your deposits over the last 24 hours, 7 days and 30 days. Lowering applies at once;
            raising or removing takes 24 hours.
          </p>
          {limits.deposit_limits.map((l) => (
            <LimitRow key={l.period} limit={l} onSaved={setFresh} />
          ))}
          <SelfExclusion until={limits.self_excluded_until} onSaved={setFresh} />
        </>
      )}
    </ProfilePanel>
  );
}
