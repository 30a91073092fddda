// Footer (spec §2): the 12 links, "Join our Community" with three external links and
// "Accepted Networks" with the 7 payment images.
import { Link } from 'react-router';
import visa from '../../../../assets/payments/visa.svg';
import mastercard from '../../../../assets/payments/mastercard.svg';
import bitcoin from '../../../../assets/payments/bitcoin.svg';
import ethereum from '../../../../assets/payments/ethereum.svg';
import tether from '../../../../assets/payments/tether.svg';
import solana from '../../../../assets/payments/solana.svg';
import litecoin from '../../../../assets/payments/litecoin.svg';
import xIcon from '../../../../assets/social/x.svg';
import instagram from '../../../../assets/social/instagram.svg';
import telegram from '../../../../assets/social/telegram.svg';
import { footerLinks, socialLinks } from './nav-links.ts';

/** The 7 accepted payment networks. */
export const payments = [
  { src: visa, alt: 'Visa' },
  { src: mastercard, alt: 'Mastercard' },
  { src: bitcoin, alt: 'Bitcoin' },
  { src: ethereum, alt: 'Ethereum' },
  { src: tether, alt: 'Tether' },
  { src: solana, alt: 'Solana' },
  { src: litecoin, alt: 'Litecoin' },
];

const icons = { x: xIcon, instagram, telegram };

/** The site footer. */
export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Footer" className="footer-links">
        <ul>
          {footerLinks.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="footer-row">
        <section aria-labelledby="footer-community">
          <h2 id="footer-community">Join our Community</h2>
          <ul className="footer-social">
            {socialLinks.map((s) => (
              <li key={s.href}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label}>
                  <img src={icons[s.icon]} alt="" width={22} height={22} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-networks">
          <h2 id="footer-networks">Accepted Networks</h2>
          <ul className="footer-payments">
            {payments.map((p) => (
              <li key={p.alt}>
                <img src={p.src} alt={p.alt} width={72} height={30} />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="footer-legal">
        © 2026 Loot Arcade. Play responsibly; players must be 18 or older. Every result on this site can be verified on
        the <Link to="/provably-fair">provably fair</Link> page.
      </p>
    </footer>
  );
}
