// An honest placeholder for a route whose feature has not landed yet.
import { useMatches } from 'react-router';

/** "Coming soon" page naming the feature. */
export default function ComingSoonPage() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? 'This page';
  return (
    <section className="page" data-testid="coming-soon">
      <h1>{title}</h1>
      <p>Coming soon. This part of Loot Arcade is being built and is not playable yet.</p>
    </section>
  );
}
