// A page's own check failed: throwing this during render shows the router's 404 "Page Not Found".

/** Throws a route error response with status 404 (what react-router's isRouteErrorResponse accepts). */
export function throwPageNotFound(): never {
  throw { status: 404, statusText: 'Page Not Found', internal: false, data: null };
}
