// The HUD kit's choices and fields in jsdom: the select (numbers back as numbers, its name and
// label), the segmented control and tabs (pressed / selected, locked), the labelled input and its
// message, the toggles (Turbo, and Mute on the one sound store).
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { HudSegmented, HudSelect } from '../../../src/client/components/hud/hud-select.tsx';
import { HudTabs } from '../../../src/client/components/hud/hud-tabs.tsx';
import { HudInput } from '../../../src/client/components/hud/hud-input.tsx';
import { HudToggle, MuteToggle } from '../../../src/client/components/hud/hud-toggle.tsx';
import { useSound } from '../../../src/client/stores/sound.ts';

describe('HudSelect', () => {
  it('is a named, labelled select that gives numbers back as numbers', () => {
    const onChange = vi.fn();
    render(<HudSelect label="Rows" name="rows" options={[8, 12, 16]} value={12} onChange={onChange} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Rows');
    expect(select.name).toBe('rows');
    expect(select.className).toBe('hud-select');
    expect(select.value).toBe('12');
    fireEvent.change(select, { target: { value: '16' } });
    expect(onChange).toHaveBeenCalledWith(16);
  });

  it('shows labels for values and locks', () => {
    render(
      <HudSelect
        label="Speed"
        name="auto-speed"
        options={[{ value: 'slow', label: 'Slow' }, 'fast']}
        value="fast"
        onChange={() => {}}
        disabled
      />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Speed');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['slow', 'Slow'],
      ['fast', 'fast'],
    ]);
    expect(select.disabled).toBe(true);
  });
});

describe('HudSegmented and HudTabs', () => {
  function Counts() {
    const [n, setN] = useState(1);
    return (
      <HudSegmented
        label="Boxes to open"
        options={[1, 2, 3].map((v) => ({ value: v, label: `×${v}` }))}
        value={n}
        onChange={setN}
      />
    );
  }

  it('presses the chosen segment in a named group', () => {
    render(<Counts />);
    expect(screen.getByRole('group', { name: 'Boxes to open' })).toBeTruthy();
    const three = screen.getByRole('button', { name: '×3' });
    expect(three.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(three);
    expect(three.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '×1' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('selects a tab, and locks the tabs', () => {
    const onChange = vi.fn();
    const tabs = [
      { value: 'manual', label: 'Manual' },
      { value: 'auto', label: 'Auto' },
    ] as const;
    const { rerender } = render(<HudTabs tabs={tabs} value="manual" onChange={onChange} />);
    expect(screen.getByRole('tab', { name: 'Manual' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Auto' }));
    expect(onChange).toHaveBeenCalledWith('auto');
    rerender(<HudTabs tabs={tabs} value="manual" onChange={onChange} disabled />);
    expect(screen.getByRole<HTMLButtonElement>('tab', { name: 'Auto' }).disabled).toBe(true);
  });
});

describe('HudInput', () => {
  it('is named by its label only, and its message marks it invalid', () => {
    const { rerender } = render(<HudInput label="Auto cash-out" value="" onChange={() => {}} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Auto cash-out' });
    expect(input.className).toBe('hud-input');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    rerender(<HudInput label="Auto cash-out" value="1" onChange={() => {}} error="Auto cash-out from 1.01×" />);
    expect(screen.getByRole('textbox', { name: 'Auto cash-out' })).toBe(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Auto cash-out from 1.01×',
    );
  });
});

describe('HudToggle and MuteToggle', () => {
  it('Turbo is a checkbox named by its label', () => {
    const onChange = vi.fn();
    render(<HudToggle label="Turbo" checked={false} onChange={onChange} />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Turbo' });
    expect(box.className).toBe('hud-toggle-input');
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('Mute shows and sets the one sound flag', () => {
    useSound.setState({ muted: false });
    render(<MuteToggle />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Mute' });
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(useSound.getState().muted).toBe(true);
    expect(box.checked).toBe(true);
    useSound.setState({ muted: false });
  });
});
