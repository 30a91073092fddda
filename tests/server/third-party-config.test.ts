// Spec §7 configuration (issue 26 item 15): the staging socket host (SOCKET_URL_STAGING) and the
// rating widget's script (RATING_WIDGET_URL) are validated, reach the client through GET /api/config,
// and the CSP allows them only when they are configured.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config.ts';
import { siteCsp } from '../../src/server/http/security-headers.ts';
import { publicConfig } from '../../src/server/modules/config/config.service.ts';
import { testConfig } from '../helpers/test-app.ts';

/** The sources of one CSP directive. */
function directive(csp: string, name: string): string[] {
  return (
    csp
      .split('; ')
      .find((d) => d.startsWith(`${name} `))
      ?.split(' ')
      .slice(1) ?? []
  );
}

describe('staging socket host (SOCKET_URL_STAGING)', () => {
  it('is none by default: the public config names no staging host and the CSP adds no socket origin', () => {
    const config = testConfig();
    expect(config.socketUrlStaging).toBeNull();
    expect(publicConfig(config).socket_url_staging).toBeNull();
    expect(directive(siteCsp(config), 'connect-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('when set, the public config gives its origin and the CSP lets the page open its socket', () => {
    const config = testConfig({ SOCKET_URL_STAGING: 'https://game-stage.example.com/' });
    expect(publicConfig(config).socket_url_staging).toBe('https://game-stage.example.com');
    expect(publicConfig(config).socket_url).toBe('http://localhost:3000'); // the production host is unchanged
    expect(directive(siteCsp(config), 'connect-src')).toContain('wss://game-stage.example.com');
  });

  it('refuses a value that is not an http(s) URL', () => {
    expect(() => testConfig({ SOCKET_URL_STAGING: 'game-stage' })).toThrow(ConfigError);
    expect(() => testConfig({ SOCKET_URL_STAGING: 'ftp://game-stage.example.com' })).toThrow(/SOCKET_URL_STAGING/);
  });
});

describe('rating widget (RATING_WIDGET_URL)', () => {
  const url = 'https://widget.ratings.example/js/widget.js?id=loot';

  it('without it: no widget in the public config and script-src is this origin only', () => {
    const config = testConfig();
    expect(publicConfig(config).rating_widget_url).toBeNull();
    expect(directive(siteCsp(config), 'script-src')).toEqual(["'self'"]);
  });

  it('with it: the public config names the script and script-src allows its origin (and nothing else new)', () => {
    const config = testConfig({ RATING_WIDGET_URL: url });
    expect(publicConfig(config).rating_widget_url).toBe(url);
    const script = directive(siteCsp(config), 'script-src');
    expect(script).toEqual(["'self'", 'https://widget.ratings.example']);
    expect(script.some((s) => s.startsWith('https://') && url.startsWith(s))).toBe(true);
  });

  it('refuses a non-https script URL', () => {
    expect(() => testConfig({ RATING_WIDGET_URL: 'http://widget.ratings.example/w.js' })).toThrow(/RATING_WIDGET_URL/);
    expect(() => testConfig({ RATING_WIDGET_URL: 'not a url' })).toThrow(ConfigError);
  });
});
