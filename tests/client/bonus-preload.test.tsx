// The bonus dialog's code loads before the 4 s mark: the schedule starts the chunk when it sets its
// timer, and the dialog then opens with its content, never the "Loading..." placeholder.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { modalContent } from '../../src/client/app/modal-registry.ts';
import { ModalHost } from '../../src/client/components/layout/modal-host.tsx';
import { useBonusDialog } from '../../src/client/components/layout/route-effects.ts';
import { BONUS_DELAY_MS, BONUS_SEEN_KEY, scheduleBonus } from '../../src/client/features/bonus/bonus-schedule.ts';
import { useModals } from '../../src/client/stores/modals.ts';

/** Records whether "Loading..." ever appears in the document. */
function watchLoading() {
  const seen = { loading: false };
  const check = () => {
    if (document.body.textContent?.includes('Loading...')) seen.loading = true;
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { seen, stop: () => observer.disconnect(), check };
}

function BonusApp() {
  useBonusDialog();
  return <ModalHost />;
}

beforeEach(() => {
  localStorage.clear();
  useModals.getState().closeAll();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('bonus dialog preload', () => {
  it('the schedule loads the chunk before 4 s; the dialog opens with its content, never "Loading..."', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // the import itself runs for real
    const preload = vi.spyOn(modalContent.bonus!, 'preload');
    const watch = watchLoading();
    render(
      <MemoryRouter>
        <BonusApp />
      </MemoryRouter>,
    );
    expect(preload).toHaveBeenCalledTimes(1); // started when the timer was set
    await preload.mock.results[0]!.value; // the chunk arrives (well) before the mark
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(BONUS_DELAY_MS));
    const dialog = screen.getByRole('dialog', { name: '35% BONUS to deposit' }); // open at once, no await
    expect(screen.getByTestId('bonus-deposit')).toBeTruthy();
    expect(dialog.textContent).not.toContain('Loading...');
    watch.check();
    watch.stop();
    expect(watch.seen.loading).toBe(false);
  });

  it('a preloaded dialog body renders without suspending', async () => {
    await modalContent.bonus!.preload();
    const watch = watchLoading();
    render(
      <MemoryRouter>
        <ModalHost />
      </MemoryRouter>,
    );
    act(() => useModals.getState().show('bonus', false));
    expect(screen.getByTestId('bonus-countdown').textContent).toMatch(/^\d\d:\d\d:\d\d$/);
    watch.check();
    watch.stop();
    expect(watch.seen.loading).toBe(false);
  });
});

describe('bonus schedule with a preload', () => {
  const tz = 'Europe/Berlin';
  beforeEach(() => vi.useFakeTimers());

  it('when the code is still loading at the mark, the dialog opens once it is there', async () => {
    let finish!: () => void;
    const preload = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const open = vi.fn();
    scheduleBonus({ open, otherOpen: () => false, timeZone: tz, preload });
    expect(preload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BONUS_DELAY_MS);
    expect(open).not.toHaveBeenCalled();
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('a failed load still opens the dialog at the mark; a cancelled schedule never opens', async () => {
    const open = vi.fn();
    scheduleBonus({ open, otherOpen: () => false, timeZone: tz, preload: () => Promise.reject(new Error('chunk')) });
    await vi.advanceTimersByTimeAsync(BONUS_DELAY_MS);
    expect(open).toHaveBeenCalledTimes(1);
    localStorage.clear();
    let finish!: () => void;
    const cancel = scheduleBonus({
      open,
      otherOpen: () => false,
      timeZone: tz,
      preload: () => new Promise<void>((r) => (finish = r)),
    });
    await vi.advanceTimersByTimeAsync(BONUS_DELAY_MS);
    cancel();
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('does not load the code when the dialog was already shown today', () => {
    localStorage.setItem(BONUS_SEEN_KEY, new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date()));
    const preload = vi.fn(() => Promise.resolve());
    scheduleBonus({ open: vi.fn(), otherOpen: () => false, timeZone: tz, preload });
    expect(preload).not.toHaveBeenCalled();
  });
});
