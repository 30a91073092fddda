// UI kit in jsdom: button, text input (password toggle, copy tooltip for 1 s), checkbox, level
// badge tiers, timer chip, sounds toggle with its persisted flag and howler binding.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Button } from '../../src/client/components/ui/button.tsx';
import { TextInput } from '../../src/client/components/ui/text-input.tsx';
import { Checkbox } from '../../src/client/components/ui/checkbox.tsx';
import { LevelBadge, TIERS, tierKey } from '../../src/client/components/ui/level-badge.tsx';
import { TimerChip } from '../../src/client/components/ui/timer-chip.tsx';
import { SoundsToggle } from '../../src/client/components/ui/sounds-toggle.tsx';
import { bindHowler, SOUND_VOLUME, useSound } from '../../src/client/stores/sound.ts';

describe('Button', () => {
  it('renders each style and calls onClick', () => {
    const click = vi.fn();
    render(
      <>
        <Button onClick={click}>Default</Button>
        <Button variant="outline">Outline</Button>
        <Button variant="outline-gray">Gray</Button>
        <Button variant="gradient">Gradient</Button>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Default' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Outline' }).className).toContain('btn-outline');
    expect(screen.getByRole('button', { name: 'Gray' }).className).toContain('btn-outline-gray');
    expect(screen.getByRole('button', { name: 'Gradient' }).className).toContain('btn-gradient');
  });

  it('shows a spinner and ignores clicks while loading', () => {
    const click = vi.fn();
    render(
      <Button loading onClick={click}>
        Pay
      </Button>,
    );
    const btn = screen.getByRole('button', { name: /Pay/ });
    expect(btn.getAttribute('aria-busy')).toBe('true');
    expect((btn as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    fireEvent.click(btn);
    expect(click).not.toHaveBeenCalled();
  });
});

describe('TextInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('labels the input, shows a prefix image and an error', () => {
    render(<TextInput label="Email" prefixImage={{ src: '/x.svg', alt: 'Mail' }} error="Email is required" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('img', { name: 'Mail' })).toBeTruthy();
    expect(screen.getByText('Email is required').id).toBe(input.getAttribute('aria-describedby'));
  });

  it('toggles a password between hidden and shown', () => {
    render(<TextInput label="Password" type="password" defaultValue="secret1" />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('copies the value and shows "Copied!" for 1000 ms', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<TextInput label="Address" readOnly copyable value="bc1qexample" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith('bc1qexample');
    expect(screen.getByRole('status').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByText('Copied!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Copied!')).toBeNull();
  });
});

describe('Checkbox', () => {
  it('is toggled through its label', () => {
    render(<Checkbox label="I'd like to receive valuable promotions via email" />);
    const box = screen.getByLabelText("I'd like to receive valuable promotions via email") as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByText("I'd like to receive valuable promotions via email"));
    expect(box.checked).toBe(true);
  });
});

describe('LevelBadge', () => {
  it('maps levels to the 12 tiers: below 10 → 1, else floored to ten, capped at 110', () => {
    expect(TIERS.map((t) => t.key)).toEqual([1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110]);
    expect([0, 1, 9, 10, 19, 20, 55, 99, 100, 110, 119, 250].map(tierKey)).toEqual([
      1, 1, 1, 10, 10, 20, 50, 90, 100, 110, 110, 110,
    ]);
    expect(new Set(TIERS.map((t) => t.image)).size).toBe(12);
  });

  it('shows the level with its tier image and colours', () => {
    render(<LevelBadge level={37} />);
    const badge = screen.getByTestId('level-badge');
    expect(badge.getAttribute('data-tier')).toBe('30');
    expect(badge.textContent).toContain('37');
    expect(badge.getAttribute('style')).toContain('linear-gradient');
  });
});

describe('TimerChip', () => {
  const H = 3_600_000;
  it('shows days only when more than 0', () => {
    const { rerender } = render(<TimerChip remaining={5 * H + 4 * 60_000 + 3000} />);
    expect(screen.getByTestId('timer-chip').textContent).toBe('05h04m03s');
    rerender(<TimerChip remaining={2 * 24 * H + 5 * H} />);
    expect(screen.getByTestId('timer-chip').textContent).toBe('2d05h00m00s');
  });
});

describe('sounds', () => {
  beforeEach(() => {
    localStorage.clear();
    useSound.setState({ muted: false });
  });

  it('the toggle mutes and unmutes and the flag is persisted', () => {
    render(<SoundsToggle />);
    fireEvent.click(screen.getByRole('button', { name: 'Mute sounds' }));
    expect(useSound.getState().muted).toBe(true);
    expect(JSON.parse(localStorage.getItem('sound')!).state.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute sounds' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('sets howler volume 0.1 from the first gesture on and follows the muted flag', async () => {
    const howler = { volume: vi.fn(), mute: vi.fn() };
    useSound.setState({ muted: true });
    let gesture!: () => void;
    const stop = bindHowler(
      async () => ({ Howler: howler }),
      () => new Promise<void>((r) => (gesture = r)),
    );
    await new Promise((r) => setTimeout(r, 10));
    useSound.getState().toggle();
    useSound.getState().toggle();
    expect(howler.volume).not.toHaveBeenCalled(); // no audio before a gesture
    expect(howler.mute).not.toHaveBeenCalled();
    gesture();
    await vi.waitFor(() => expect(howler.volume).toHaveBeenCalledWith(SOUND_VOLUME));
    expect(howler.mute).toHaveBeenLastCalledWith(true);
    useSound.getState().toggle();
    expect(howler.mute).toHaveBeenLastCalledWith(false);
    stop();
    useSound.getState().toggle();
    expect(howler.mute).toHaveBeenCalledTimes(2);
  });
});
