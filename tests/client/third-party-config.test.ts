// Spec §7 on the client (issue 26 item 15): a page whose host name contains "stage" opens its sockets
// on the staging host when one is configured; the rating widget's script tag is added only when
// GET /api/config names one, and only once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { socketOrigin } from '../../src/client/lib/socket.ts';
import { loadRatingWidget, startRatingWidget } from '../../src/client/lib/rating-widget.ts';

const config = { socket_url: 'https://lootarcade.example', socket_url_staging: 'https://game-stage.example' };

describe('staging socket host rule', () => {
  it('a host name containing "stage" uses the staging host', () => {
    expect(socketOrigin(config, 'stage.lootarcade.example')).toBe('https://game-stage.example');
    expect(socketOrigin(config, 'lootarcade-stage-eu.example')).toBe('https://game-stage.example');
    expect(socketOrigin(config, 'STAGE2.lootarcade.example')).toBe('https://game-stage.example');
  });

  it('any other host uses socket_url; so does a staging page when no staging host is configured', () => {
    expect(socketOrigin(config, 'lootarcade.example')).toBe('https://lootarcade.example');
    expect(socketOrigin(config, 'localhost')).toBe('https://lootarcade.example');
    expect(socketOrigin(config, 'staging.lootarcade.example')).toBe('https://lootarcade.example'); // "stag-ing" has no "stage"
    expect(socketOrigin({ ...config, socket_url_staging: null }, 'stage.lootarcade.example')).toBe(
      'https://lootarcade.example',
    );
  });

  it('reads the page host name by default (jsdom: localhost)', () => {
    expect(location.hostname).toBe('localhost');
    expect(socketOrigin(config)).toBe('https://lootarcade.example');
  });
});

describe('rating widget loader', () => {
  const tags = () => document.head.querySelectorAll('script[data-widget="rating"]');
  afterEach(() => tags().forEach((t) => t.remove()));

  it('adds no script when none is configured', async () => {
    expect(loadRatingWidget(null)).toBe(false);
    startRatingWidget(async () => ({ rating_widget_url: null }));
    await new Promise((r) => setTimeout(r, 0));
    expect(tags()).toHaveLength(0);
  });

  it('adds the configured script once, async', async () => {
    const url = 'https://widget.ratings.example/js/widget.js?id=loot';
    const config = vi.fn(async () => ({ rating_widget_url: url }));
    startRatingWidget(config);
    await vi.waitFor(() => expect(tags()).toHaveLength(1));
    const script = tags()[0] as HTMLScriptElement;
    expect(script.src).toBe(url);
    expect(script.async).toBe(true);
    startRatingWidget(config); // a second start (StrictMode, remount) adds nothing
    await new Promise((r) => setTimeout(r, 0));
    expect(config).toHaveBeenCalledTimes(2);
    expect(tags()).toHaveLength(1);
  });

  it('a config failure leaves the widget out', async () => {
    startRatingWidget(() => Promise.reject(new Error('config 500')));
    await new Promise((r) => setTimeout(r, 0));
    expect(tags()).toHaveLength(0);
  });
});
