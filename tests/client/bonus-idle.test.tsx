// The bonus dialog never opens over a game in progress (issue 26 item 9): at the 4 s mark it waits
// while a game page reports busy (stores/game-busy.ts) and opens once every game is idle; a schedule
// cancelled while waiting never opens, and leaving a busy page counts as idle.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { modalContent } from '../../src/client/app/modal-registry.ts';
import { ModalHost } from '../../src/client/components/layout/modal-host.tsx';
import { useBonusDialog } from '../../src/client/components/layout/route-effects.ts';
import { BONUS_DELAY_MS, scheduleBonus } from '../../src/client/features/bonus/bonus-schedule.ts';
import { gameBusy, useGameBusy, useReportBusy, whenGameIdle } from '../../src/client/stores/game-busy.ts';
import { useModals } from '../../src/client/stores/modals.ts';

const tz = 'Europe/Berlin';

/** A game page as the bonus dialog sees it: it only reports busy. */
function FakeGame({ busy }: { busy: boolean }) {
  useReportBusy('fake', busy);
  return null;
}

function App({ game }: { game: boolean | null }) {
  useBonusDialog();
  return (
    <>
      {game !== null && <FakeGame busy={game} />}
      <ModalHost />
    </>
  );
}

beforeEach(() => {
  localStorage.clear();
  useModals.getState().closeAll();
  useGameBusy.setState({ sources: [] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('game-busy store', () => {
  it('is busy while any source is; whenGameIdle fires once, when the last one goes idle', () => {
    const go = vi.fn();
    expect(gameBusy()).toBe(false);
    whenGameIdle(go);
    expect(go).toHaveBeenCalledTimes(1); // idle now: at once
    useGameBusy.getState().set('dice', true);
    useGameBusy.getState().set('crash', true);
    useGameBusy.getState().set('dice', true); // twice is still one source
    expect(useGameBusy.getState().sources).toEqual(['dice', 'crash']);
    whenGameIdle(go);
    useGameBusy.getState().set('dice', false);
    expect(go).toHaveBeenCalledTimes(1); // rocket still rides
    useGameBusy.getState().set('crash', false);
    expect(go).toHaveBeenCalledTimes(2);
    useGameBusy.getState().set('dice', true);
    useGameBusy.getState().set('dice', false);
    expect(go).toHaveBeenCalledTimes(2); // once only
  });
});

describe('bonus schedule waits for idle', () => {
  beforeEach(() => vi.useFakeTimers());

  it('busy at the mark: opens when the game goes idle, not before', () => {
    const open = vi.fn();
    useGameBusy.getState().set('dice', true);
    scheduleBonus({ open, otherOpen: () => false, timeZone: tz, whenIdle: whenGameIdle });
    vi.advanceTimersByTime(BONUS_DELAY_MS + 60_000);
    expect(open).not.toHaveBeenCalled();
    useGameBusy.getState().set('dice', false);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('a schedule cancelled while waiting never opens; one dismissed today does not open again', () => {
    const open = vi.fn();
    useGameBusy.getState().set('crash', true);
    const cancel = scheduleBonus({ open, otherOpen: () => false, timeZone: tz, whenIdle: whenGameIdle });
    vi.advanceTimersByTime(BONUS_DELAY_MS);
    cancel();
    useGameBusy.getState().set('crash', false);
    expect(open).not.toHaveBeenCalled();

    scheduleBonus({ open, otherOpen: () => false, timeZone: tz, whenIdle: whenGameIdle });
    vi.advanceTimersByTime(BONUS_DELAY_MS);
    expect(open).toHaveBeenCalledTimes(1); // idle: shown (and the day remembered)
    useGameBusy.getState().set('crash', true);
    scheduleBonus({ open, otherOpen: () => false, timeZone: tz, whenIdle: whenGameIdle });
    vi.advanceTimersByTime(BONUS_DELAY_MS);
    useGameBusy.getState().set('crash', false);
    expect(open).toHaveBeenCalledTimes(1); // the same day: not again
  });
});

describe('the app with a game page', () => {
  it('the dialog waits while the page reports busy, and opens once it is idle', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await modalContent.bonus!.preload();
    const view = render(
      <MemoryRouter>
        <App game={true} />
      </MemoryRouter>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(BONUS_DELAY_MS + 10_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    view.rerender(
      <MemoryRouter>
        <App game={false} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('dialog', { name: '35% BONUS to deposit' })).toBeTruthy();
  });

  it('leaving a busy page counts as idle', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await modalContent.bonus!.preload();
    const view = render(
      <MemoryRouter>
        <App game={true} />
      </MemoryRouter>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(BONUS_DELAY_MS));
    expect(screen.queryByRole('dialog')).toBeNull();
    view.rerender(
      <MemoryRouter>
        <App game={null} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('dialog', { name: '35% BONUS to deposit' })).toBeTruthy();
  });
});
