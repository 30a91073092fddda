// /ref/{code}: remembers the referral for registration and opens the register modal on /.
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { referralKey } from './referral.ts';

/** The referral landing page. */
export default function RefPage() {
  const { link = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    if (link && link.length <= 32) localStorage.setItem(referralKey, link);
    void navigate('/?modal=register', { replace: true });
  }, [link, navigate]);
  return <p className="page">Loading...</p>;
}
