// The rating widget (spec §7 third-party scripts): its script (GET /api/config rating_widget_url,
// from RATING_WIDGET_URL) is added once when the app starts, only when configured; the CSP allows its
// origin only then. Nothing is loaded otherwise.
import { runtimeConfig } from './runtime-config.ts';

/** Adds the widget's script to `doc` once; does nothing without a URL. Returns whether it is there. */
export function loadRatingWidget(url: string | null, doc: Document = document): boolean {
  if (!url) return false;
  if (doc.querySelector('script[data-widget="rating"]')) return true;
  const script = doc.createElement('script');
  script.src = url;
  script.async = true;
  script.dataset.widget = 'rating';
  script.addEventListener('error', () => console.warn('rating widget script failed to load'));
  doc.head.appendChild(script);
  return true;
}

/** Loads the widget when the public config names one (a config failure just leaves it out). */
export function startRatingWidget(config: () => Promise<{ rating_widget_url: string | null }> = runtimeConfig): void {
  config()
    .then((c) => loadRatingWidget(c.rating_widget_url))
    .catch(() => undefined);
}
