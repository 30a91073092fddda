// /ref/{code}: remembers the referral for registration, reports the visit (the server counts it
// once per browser and UTC day) and opens the register modal on /.
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { referralKey } from './referral.ts';
import { countReferralVisit } from '../../lib/api/affiliates.ts';

/** The referral landing page. */
export default function RefPage() {
  const { link = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    if (link && link.length <= 32) {
      localStorage.setItem(referralKey, link);
      // the server counts this browser (its la_visitor cookie) once per code and UTC day
      void countReferralVisit(link).catch(() => undefined);
    }
    void navigate('/?modal=register', { replace: true });
  }, [link, navigate]);
  return <p className="page">Loading...</p>;
}
