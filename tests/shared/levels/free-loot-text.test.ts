// Free-loot texts: hh:mm:ss rounds seconds up (0 only when the wait is over) and the refusal messages.
import { expect, it } from 'vitest';
import { FREE_BOX_COOLDOWN_MS, cooldownMessage, formatHms, levelMessage } from '../../../src/shared/api/free-loot.ts';

it.each([
  [0, '00:00:00'],
  [1, '00:00:01'],
  [59_999, '00:01:00'],
  [FREE_BOX_COOLDOWN_MS, '24:00:00'],
  [FREE_BOX_COOLDOWN_MS - 1_000, '23:59:59'],
  [-5, '00:00:00'],
])('formatHms(%i) = %s', (ms, text) => {
  expect(formatHms(ms)).toBe(text);
});

it('words the refusals', () => {
  expect(cooldownMessage(3_600_000)).toBe('You can open this free box again in 01:00:00.');
  expect(levelMessage(20)).toBe('Reach level 20 to open this free box.');
});
