// Free box tiles in jsdom: locked shows the level needed, available an Open button, cooling down
// a live hh:mm:ss countdown; the level bar shows XP to the next level.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { cardState, FreeBoxCard, promoBoxSlug } from '../../../src/client/features/free-loot/free-box-card.tsx';
import { LevelProgress } from '../../../src/client/features/free-loot/level-progress.tsx';
import type { FreeBox } from '../../../src/shared/api/free-loot.ts';

const box = (over: Partial<FreeBox> = {}): FreeBox => ({
  slug: 'free-level-10',
  name: 'Level 10 Free Box',
  img_url: '/b.svg',
  min_level: 10,
  items_count: 6,
  expected_value: 3.5,
  unlocked: true,
  available: true,
  next_available_at: null,
  ...over,
});

describe('free box card', () => {
  it('derives locked / available / cooldown from the box and the time left', () => {
    expect(cardState(box({ unlocked: false, available: false }), 0)).toBe('locked');
    expect(cardState(box(), 0)).toBe('available');
    expect(cardState(box({ available: false, next_available_at: '2026-01-01T00:00:00.000Z' }), 5_000)).toBe('cooldown');
    expect(cardState(box({ available: false, next_available_at: '2026-01-01T00:00:00.000Z' }), 0)).toBe('available'); // the countdown ran out
  });

  it('offers a promo opening only on the lowest-tier box, and only with a promo opening left', () => {
    const boxes = [
      box({ slug: 'free-level-20', min_level: 20 }),
      box({ slug: 'free-level-1', min_level: 1 }),
      box({ slug: 'free-level-110', min_level: 110 }),
    ];
    expect(promoBoxSlug(boxes, 1)).toBe('free-level-1');
    expect(promoBoxSlug(boxes, 0)).toBeUndefined();
    expect(promoBoxSlug([], 2)).toBeUndefined();
  });

  it('shows the level needed, the Open button, or the countdown', () => {
    const onOpen = vi.fn();
    const { rerender } = render(
      <FreeBoxCard
        box={box({ unlocked: false, available: false })}
        remainingMs={0}
        selected={false}
        promo={false}
        onOpen={onOpen}
      />,
    );
    expect(screen.getByTestId('free-box-locked').textContent).toBe('Unlocks at level 10');
    expect(screen.queryByTestId('free-box-select')).toBeNull();
    rerender(<FreeBoxCard box={box()} remainingMs={0} selected={false} promo={false} onOpen={onOpen} />);
    fireEvent.click(screen.getByTestId('free-box-select'));
    expect(onOpen).toHaveBeenCalledOnce();
    rerender(
      <FreeBoxCard
        box={box({ available: false, next_available_at: 'x' })}
        remainingMs={(23 * 3600 + 4 * 60 + 5) * 1000 + 1}
        selected={false}
        promo={false}
        onOpen={onOpen}
      />,
    );
    expect(screen.getByTestId('free-box-countdown').textContent).toBe('23:04:06');
  });

  it('shows XP towards the next level', () => {
    render(<LevelProgress level={{ level: 2, xp: 50, level_xp: 25, next_level_xp: 100 }} />);
    expect(screen.getByTestId('player-xp').textContent).toBe('50 / 100 XP to level 3');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33');
  });
});
