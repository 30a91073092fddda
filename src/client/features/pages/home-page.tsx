// Home: what the site is and where to go.
import { Link } from 'react-router';

const games = [
  ['/boxes', 'Boxes'],
  ['/battles', 'Battles'],
  ['/upgrade', 'Upgrade'],
  ['/rocket', 'Rocket'],
  ['/wheel', 'Crazy Wheel'],
  ['/bounce', 'Bounce'],
  ['/dice', 'Dice'],
] as const;

/** The home page. */
export default function HomePage() {
  return (
    <section className="page" data-testid="home">
      <h1>Open Mystery Boxes, provably fair and authentic</h1>
      <p className="muted">Every result comes from seeds you can check yourself.</p>
      <ul>
        {games.map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
