// The 404 page for an unknown route.
import { useLocation } from 'react-router';

/** Shows "Page not found: {path}". */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="page" data-testid="not-found">
      <h1>404</h1>
      <p>Page not found: {pathname}</p>
    </section>
  );
}
