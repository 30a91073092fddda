// /profile/referral (Affiliates): the player's referral link with a copy button, the one code
// change, visitors and sign-ups through the link, referred players' wagers, the commission rate,
// earned and claimable commission, and Claim.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import { errorText } from '../../lib/api.ts';
import { claimCommission, getAffiliate, setReferralCode } from '../../lib/api/affiliates.ts';
import { formatDollars, formatNumber } from '../../lib/format.ts';
import { useApiData } from '../../lib/use-api-data.ts';
import { useSession } from '../../stores/session.ts';
import './referral.css';
import { onFormSubmit } from '../../lib/form-submit.ts';

function Stat({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div className="referral-stat">
      <dt>{label}</dt>
      <dd data-testid={id}>{value}</dd>
    </div>
  );
}

function CodeForm({ onChanged }: { onChanged(): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const r = await setReferralCode(code);
      toast.success(r.msg);
      setError(null);
      onChanged();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="referral-code-form" aria-label="Change your code" noValidate onSubmit={onFormSubmit(save)}>
      <label>
        Your own code (you can change it once: 4–20 letters, digits and hyphens)
        <input value={code} maxLength={20} onChange={(e) => setCode(e.target.value)} placeholder="my-channel" />
      </label>
      <Button type="submit" disabled={busy || !code.trim()}>
        Save code
      </Button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The Affiliates page. */
export default function ReferralPage() {
  const { data, error, reload } = useApiData(getAffiliate, []);
  const [claiming, setClaiming] = useState(false);
  const a = data?.data;
  const copy = async () => {
    if (!a) return;
    try {
      await navigator.clipboard.writeText(a.link);
      toast.success('Link copied');
    } catch {
      toast.error('Copy failed: select the link and copy it.');
    }
  };
  const claim = async () => {
    setClaiming(true);
    try {
      const r = await claimCommission();
      useSession.getState().applyBalance(r.balance);
      toast.success(r.msg);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setClaiming(false);
      reload();
    }
  };
  return (
    <section className="page page-wide referral-page" data-testid="referral-page">
      <h1>Affiliates</h1>
      {error && (
        <p className="notice notice-error" role="alert">
          Could not load your referral programme.
        </p>
      )}
      {a && (
        <>
          <div className="referral-link">
            <input readOnly value={a.link} aria-label="Your referral link" data-testid="referral-link" />
            <Button onClick={() => void copy()}>Copy</Button>
          </div>
          {a.code_editable ? (
            <CodeForm onChanged={reload} />
          ) : (
            <p className="muted small">You have chosen your code; it cannot be changed again.</p>
          )}
          <dl className="referral-stats">
            <Stat id="referral-visitors" label="Visitors" value={formatNumber(a.visitors)} />
            <Stat id="referral-signups" label="Sign-ups" value={formatNumber(a.signups)} />
            <Stat id="referral-wagered" label="Referred players wagered" value={formatDollars(a.referred_wagered)} />
            <Stat id="referral-rate" label="Commission" value={`${a.commission_rate}% of the house edge`} />
            <Stat id="referral-earned" label="Earned" value={formatDollars(a.earned)} />
            <Stat id="referral-claimable" label="Claimable" value={formatDollars(a.claimable)} />
          </dl>
          <Button variant="gradient" disabled={claiming || a.claimable <= 0} onClick={() => void claim()}>
            Claim {formatDollars(a.claimable)}
          </Button>
          <p className="muted small">
            You earn {a.commission_rate}% of the expected house profit on every wager of the players who signed up
            through your link. <Link to="/partnership">How the programme works</Link>
          </p>
        </>
      )}
    </section>
  );
}
