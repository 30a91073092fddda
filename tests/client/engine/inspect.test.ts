// The ?inspect adapter (src/client/engine/inspect.ts): which mode the URL asks for, and the
// forwarding of an actor's inspection events to @statelyai/inspect 0.7, whose inspector exposes
// `inspect` as an observer ({ next }). The library itself is mocked: the subject is our adapter,
// which must queue events until the inspector has loaded and never break the actor when the
// inspector cannot start (offline, blocked) or throws.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type InspectionEvent } from 'xstate';
import { inspectMode, resetStatelyInspect, statelyInspect } from '../../../src/client/engine/inspect.ts';

const lib = vi.hoisted(() => ({
  next: vi.fn<(event: unknown) => void>(),
  createBrowserInspector: vi.fn<(options?: unknown) => { inspect: { next: (event: unknown) => void } }>(),
}));
vi.mock('@statelyai/inspect', () => ({ createBrowserInspector: lib.createBrowserInspector }));

const toggle = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { FLIP: 'on' } }, on: {} } });

/** Lets the mocked dynamic import and its `then`s settle. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const typesOf = (calls: unknown[][]) => calls.map(([e]) => (e as InspectionEvent).type);

describe('inspectMode', () => {
  it.each([
    ['', 'off'],
    ['?foo=1', 'off'],
    ['?inspect', 'full'],
    ['?inspect=', 'full'],
    ['?inspect=1', 'full'],
    ['?a=b&inspect', 'full'],
    ['?inspect=panel', 'panel'],
    ['?x=1&inspect=panel', 'panel'],
  ])('%j → %s', (search, mode) => {
    expect(inspectMode(search)).toBe(mode);
  });

  it('reads the page URL by default', () => {
    window.history.replaceState(null, '', '/dice?inspect=panel');
    expect(inspectMode()).toBe('panel');
  });
});

describe('statelyInspect', () => {
  beforeEach(() => {
    resetStatelyInspect();
    lib.next.mockReset();
    lib.createBrowserInspector.mockReset();
    lib.createBrowserInspector.mockImplementation(() => ({ inspect: { next: lib.next } }));
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it.each(['/dice', '/dice?inspect=panel'])('is off without a bare ?inspect (%s): nothing is loaded', async (url) => {
    window.history.replaceState(null, '', url);
    expect(statelyInspect()).toBeUndefined();
    await settle();
    expect(lib.createBrowserInspector).not.toHaveBeenCalled();
  });

  it('with ?inspect, forwards an actor’s events to the inspector observer’s next, queued until it loads', async () => {
    window.history.replaceState(null, '', '/dice?inspect');
    const inspect = statelyInspect();
    expect(inspect).toBeDefined();
    expect(typeof inspect!.next).toBe('function');
    const actor = createActor(toggle, { inspect }).start();
    actor.send({ type: 'FLIP' });
    expect(lib.next).not.toHaveBeenCalled(); // the library is still loading: queued
    expect(actor.getSnapshot().value).toBe('on');

    await settle();
    expect(lib.createBrowserInspector).toHaveBeenCalledTimes(1);
    expect(lib.createBrowserInspector).toHaveBeenCalledWith({ autoStart: true });
    const queued = typesOf(lib.next.mock.calls);
    expect(queued).toContain('@xstate.actor');
    expect(queued).toContain('@xstate.event');
    const flip = lib.next.mock.calls.find(
      ([e]) =>
        (e as InspectionEvent).type === '@xstate.event' && (e as { event: { type: string } }).event.type === 'FLIP',
    );
    expect(flip).toBeDefined();

    // once loaded, events go straight through
    lib.next.mockClear();
    actor.send({ type: 'FLIP' }); // ignored by the machine, still an inspection event
    expect(typesOf(lib.next.mock.calls)).toContain('@xstate.event');
    actor.stop();
  });

  it('loads one inspector for every actor of the page', async () => {
    window.history.replaceState(null, '', '/rocket?inspect');
    const a = createActor(toggle, { inspect: statelyInspect() }).start();
    const b = createActor(toggle, { inspect: statelyInspect() }).start();
    await settle();
    expect(lib.createBrowserInspector).toHaveBeenCalledTimes(1);
    const sessions = new Set(lib.next.mock.calls.map(([e]) => (e as InspectionEvent).actorRef.sessionId));
    expect(sessions).toEqual(new Set([a.sessionId, b.sessionId]));
    a.stop();
    b.stop();
  });

  it('when the inspector cannot start (offline, blocked), the actor runs unconnected and nothing rejects', async () => {
    window.history.replaceState(null, '', '/dice?inspect');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    lib.createBrowserInspector.mockImplementation(() => {
      throw new Error('window.open blocked');
    });
    try {
      const actor = createActor(toggle, { inspect: statelyInspect() }).start();
      await settle();
      actor.send({ type: 'FLIP' });
      expect(actor.getSnapshot().value).toBe('on');
      await settle();
      expect(lib.next).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
      actor.stop();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('an inspector that throws is dropped; the actor goes on', async () => {
    window.history.replaceState(null, '', '/dice?inspect');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    lib.next.mockImplementation(() => {
      throw new Error('postMessage failed');
    });
    const actor = createActor(toggle, { inspect: statelyInspect() }).start();
    await settle();
    actor.send({ type: 'FLIP' });
    expect(actor.getSnapshot().value).toBe('on');
    expect(lib.next).toHaveBeenCalledTimes(1); // the first failure stops the forwarding
    expect(warn).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('keeps at most MAX_QUEUED events while the inspector loads', async () => {
    window.history.replaceState(null, '', '/dice?inspect');
    const { MAX_QUEUED } = await import('../../../src/client/engine/inspect.ts');
    const inspect = statelyInspect()!;
    const actor = createActor(toggle);
    for (let i = 0; i < MAX_QUEUED + 50; i++)
      inspect.next!({
        type: '@xstate.event',
        actorRef: actor,
        rootId: actor.sessionId,
        event: { type: `E${i}` },
        sourceRef: undefined,
      } as InspectionEvent);
    await settle();
    expect(lib.next).toHaveBeenCalledTimes(MAX_QUEUED);
    expect((lib.next.mock.calls[0]![0] as { event: { type: string } }).event.type).toBe('E50'); // the oldest dropped
  });
});
