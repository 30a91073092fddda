// Named route checks (spec §5 route access, §8): "auth" and "social-auth"; any other name fails
// with "Unknown route middleware" (shown by the route's error boundary).
import type { ComponentType } from 'react';
import { Outlet, useParams } from 'react-router';
import { socialProviders } from '../../shared/api/auth.ts';
import { RequireAuth } from './require-auth.tsx';

/** The spec §8 message for a route check name that does not exist. */
export const unknownRouteCheckMessage = 'Unknown route middleware';

/** Thrown when a route declares a check that does not exist. */
export class UnknownRouteCheckError extends Error {
  constructor(readonly check: string) {
    super(unknownRouteCheckMessage);
    this.name = 'UnknownRouteCheckError';
  }
}

/** The social-auth check: /auth/{provider} only for a known provider, else the not-found text. */
export function RequireSocialProvider() {
  const { provider = '' } = useParams();
  if ((socialProviders as readonly string[]).includes(provider)) return <Outlet />;
  return (
    <section className="page" data-testid="not-found">
      <h1>Page Not Found</h1>
    </section>
  );
}

const checks: Record<string, ComponentType> = { auth: RequireAuth, 'social-auth': RequireSocialProvider };

/** The guard element of a named route check; an unknown name gives a guard that throws the §8 error. */
export function routeCheck(name: string): ComponentType {
  const guard = Object.hasOwn(checks, name) ? checks[name] : undefined;
  if (guard) return guard;
  return function UnknownRouteCheck() {
    throw new UnknownRouteCheckError(name);
  };
}
