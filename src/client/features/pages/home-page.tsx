// Home (/): hero, featured boxes (most opened), games grid linking every game, live drops strip. The
// ?modal=, promocode and amount query parameters are handled by the layout and the deposit form.
// /index-old-winter renders the same page in its winter dress.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { Button } from '../../components/ui/button.tsx';
import { DropsStrip } from '../drops/index.ts';
import { FeaturedBoxes } from './featured-boxes.tsx';
import './home.css';

/** Every game, in the order of the sidebar. */
export const homeGames = [
  { to: '/boxes', label: 'Boxes', text: 'Open mystery boxes with branded items and listed odds.' },
  { to: '/battles', label: 'Battles', text: 'Open the same boxes against other players; best total takes all.' },
  { to: '/upgrade', label: 'Upgrade', text: 'Trade an item for a chance at a better one.' },
  { to: '/rocket', label: 'Rocket', text: 'Cash out before the rocket crashes.' },
  { to: '/wheel', label: 'Crazy Wheel', text: 'Pick a colour and spin the wheel.' },
  { to: '/bounce', label: 'Bounce', text: 'Drop a ball through the pegs.' },
  { to: '/dice', label: 'Dice', text: 'Roll over or under your number.', isNew: true },
  { to: '/freeloot', label: 'Free loot', text: 'Free boxes for levelled-up players.' },
] as const;

/** A titled block of the home page (its h2 names the section). */
function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="home-section">
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** The home page. */
export default function HomePage() {
  const { pathname } = useLocation();
  const winter = pathname === '/index-old-winter';
  const user = useSession((s) => s.user);
  const show = useModals((s) => s.show);
  return (
    <div className={winter ? 'page home home-winter' : 'page home'} data-testid="home">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Open Mystery Boxes, provably fair and authentic</h1>
        <p>
          {winter
            ? 'Winter drops are here: unwrap authentic sneakers, tech and streetwear.'
            : 'Authentic sneakers, tech and streetwear — every result checkable with seeds you control.'}
        </p>
        <div className="hero-actions">
          {user ? (
            <Button variant="gradient" size="lg" onClick={() => show('deposit', true)}>
              Deposit
            </Button>
          ) : (
            <Button variant="gradient" size="lg" onClick={() => show('register', false)}>
              Sign up and play
            </Button>
          )}
          <Link className="btn btn-outline btn-lg" to="/provably-fair">
            How fairness works
          </Link>
        </div>
      </section>

      <HomeSection id="featured" title="Featured boxes">
        <FeaturedBoxes />
      </HomeSection>

      <HomeSection id="games" title="Games">
        <ul className="games-grid" data-testid="games-grid">
          {homeGames.map((g) => (
            <li key={g.to}>
              <Link to={g.to} className="game-card">
                <span className="game-name">
                  {g.label}
                  {'isNew' in g && g.isNew && <span className="badge-new">New</span>}
                </span>
                <span className="game-text">{g.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="drops" title="Live drops">
        <DropsStrip />
      </HomeSection>
    </div>
  );
}
