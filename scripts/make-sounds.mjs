// Synthesises the small game sounds into assets/sounds/*.wav (16-bit mono, 22.05 kHz).
// Run: node scripts/make-sounds.mjs. Deterministic: the same files every run.
import { writeFileSync, mkdirSync } from 'node:fs';

const RATE = 22050;

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(RATE, 24);
  h.writeUInt32LE(RATE * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

// A tone sequence: [frequency Hz, duration s] with a short attack and exponential decay.
function tones(notes, { wave = 'sine', decay = 8, gain = 0.6 } = {}) {
  const out = [];
  for (const [f, d] of notes) {
    const n = Math.round(d * RATE);
    for (let i = 0; i < n; i++) {
      const t = i / RATE;
      const phase = (f * t) % 1;
      const v =
        wave === 'square'
          ? (phase < 0.5 ? 1 : -1) * 0.4
          : wave === 'tri'
            ? 4 * Math.abs(phase - 0.5) - 1
            : Math.sin(2 * Math.PI * phase);
      out.push(v * gain * Math.min(1, t * 400) * Math.exp(-decay * t));
    }
  }
  return out;
}

// A falling rumble for the crash: noise through a one-pole low-pass, deterministic (LCG, fixed seed).
function noiseBurst(seconds) {
  const out = [];
  let seed = 12345;
  let low = 0;
  const n = Math.round(seconds * RATE);
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const white = (seed / 2147483648) * 2 - 1;
    const t = i / RATE;
    low += (white - low) * (0.25 - 0.2 * (t / seconds));
    out.push(low * 1.6 * Math.min(1, t * 300) * Math.exp(-5 * t));
  }
  return out;
}

const sounds = {
  bet: tones([[880, 0.06]], { wave: 'tri', decay: 40 }),
  roll: tones([[1320, 0.03]], { wave: 'square', decay: 90, gain: 0.3 }),
  win: tones(
    [
      [523, 0.09],
      [659, 0.09],
      [784, 0.09],
      [1047, 0.25],
    ],
    { wave: 'tri', decay: 6 },
  ),
  lose: tones(
    [
      [196, 0.12],
      [147, 0.28],
    ],
    { wave: 'sine', decay: 7 },
  ),
  tick: tones([[1760, 0.025]], { wave: 'sine', decay: 120, gain: 0.35 }),
  cashout: tones(
    [
      [988, 0.07],
      [1319, 0.16],
    ],
    { wave: 'tri', decay: 9 },
  ),
  crash: noiseBurst(0.55),
};

mkdirSync('assets/sounds', { recursive: true });
for (const [name, samples] of Object.entries(sounds)) writeFileSync(`assets/sounds/${name}.wav`, wav(samples));
console.log(
  `wrote ${Object.keys(sounds)
    .map((n) => `assets/sounds/${n}.wav`)
    .join(', ')}`,
);
