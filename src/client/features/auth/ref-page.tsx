// /ref/{code}: remembers the referral for registration, counts the visit (once per browser and
// code) and opens the register modal on /.
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { referralKey } from './referral.ts';
import { api } from '../../lib/api.ts';

/** The referral landing page. */
export default function RefPage() {
  const { link = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    if (link && link.length <= 32) {
      localStorage.setItem(referralKey, link);
      const seen = `${referralKey}-visited:${link}`;
      if (!localStorage.getItem(seen)) {
        localStorage.setItem(seen, '1');
        void api('POST', `/api/affiliates/visit/${encodeURIComponent(link)}`).catch(() => undefined);
      }
    }
    void navigate('/?modal=register', { replace: true });
  }, [link, navigate]);
  return <p className="page">Loading...</p>;
}
