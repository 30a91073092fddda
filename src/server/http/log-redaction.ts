// Logged URLs never carry secrets: login codes, reset and access tokens, OAuth state and the like in
// the query string are replaced by [REDACTED] before pino writes the request line.
import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose value is a credential (matched case-insensitively on the name). */
const SECRET_PARAM = /(code|token|secret|password|passwd|state|sig|signature|auth|key|otp|ticket|nonce|session)/i;

/** `url` with the values of secret-looking query parameters replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return eq !== -1 && SECRET_PARAM.test(decoded) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** pino options for the app: the level, an optional destination, and the redacting request serializer. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host ?? req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
