// The daily deposit rule in jsdom: the banner states the rule and what was deposited, its Deposit
// button opens the deposit modal; a due box's Open is disabled with the reason unless a promo box is left.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DepositBanner, depositReason } from '../../../src/client/features/free-loot/deposit-banner.tsx';
import { FreeBoxCard } from '../../../src/client/features/free-loot/free-box-card.tsx';
import { useModals } from '../../../src/client/stores/modals.ts';
import type { FreeBox } from '../../../src/shared/api/free-loot.ts';

const box: FreeBox = {
  slug: 'free-level-1',
  name: 'Starter Free Box',
  img_url: '/b.svg',
  min_level: 1,
  items_count: 6,
  expected_value: 3.5,
  unlocked: true,
  available: false,
  next_available_at: null,
};

afterEach(() => useModals.getState().closeAll());

describe('free loot deposit rule', () => {
  it('the banner shows the rule and the 30-day deposits; Deposit opens the deposit modal', () => {
    render(<DepositBanner rule={{ min: 5, deposited_30d: 4.99, met: false }} />);
    expect(screen.getByTestId('deposit-banner').textContent).toContain(
      'Deposit $5.00 or more within 30 days to open daily free boxes.',
    );
    expect(screen.getByTestId('deposited-30d').textContent).toBe('$4.99');
    expect(useModals.getState().open).toBeNull();
    fireEvent.click(screen.getByTestId('deposit-banner-button'));
    expect(useModals.getState().open).toBe('deposit');
  });

  it("disables a due box's Open with the reason, but not a promo opening", () => {
    const onOpen = vi.fn();
    const reason = depositReason({ min: 5 });
    expect(reason).toBe('Deposit $5.00 to open daily free boxes');
    const { rerender } = render(
      <FreeBoxCard box={box} remainingMs={0} selected={false} promo={false} depositReason={reason} onOpen={onOpen} />,
    );
    const button = screen.getByTestId('free-box-select') as HTMLButtonElement;
    expect([button.textContent, button.disabled, button.title]).toEqual(['Open', true, reason]);
    expect(screen.getByTestId('free-box-deposit-needed').textContent).toBe(reason);
    rerender(<FreeBoxCard box={box} remainingMs={0} selected={false} promo depositReason={reason} onOpen={onOpen} />);
    expect([button.textContent, button.disabled]).toEqual(['Use promo box', false]);
    expect(screen.queryByTestId('free-box-deposit-needed')).toBeNull();
    rerender(
      <FreeBoxCard box={box} remainingMs={0} selected={false} promo={false} depositReason={null} onOpen={onOpen} />,
    );
    expect([button.textContent, button.disabled]).toEqual(['Open', false]);
  });
});
