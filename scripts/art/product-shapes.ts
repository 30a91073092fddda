// Simple, recognisable vector drawings per product kind on a 256×256 canvas. `c` is the main
// colour, `d` a darker and `l` a lighter shade of it; `ink` an outline colour.
import type { ProductKind } from '../../src/server/modules/boxes/catalog.data.ts';

/** Colours a drawing uses. */
export interface Palette {
  c: string;
  d: string;
  l: string;
  ink: string;
}

type Draw = (p: Palette) => string;

const sole = (y: number, p: Palette) =>
  `<path d="M24 ${y} h196 q14 0 14 12 v6 H24 z" fill="#f7f7f7" stroke="${p.ink}" stroke-width="4"/>`;

const shapes: Record<ProductKind, Draw> = {
  sneaker: (
    p,
  ) => `<path d="M28 176 C30 140 46 112 70 108 L98 104 C112 124 138 132 170 136 C206 140 230 152 232 176 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>
<path d="M80 112 L96 140 M96 108 L112 136 M112 116 L126 138" stroke="${p.l}" stroke-width="6" stroke-linecap="round"/>
<path d="M140 150 C170 148 196 156 214 170" fill="none" stroke="${p.d}" stroke-width="8" stroke-linecap="round"/>${sole(176, p)}`,
  hightop: (
    p,
  ) => `<path d="M40 176 V72 Q40 60 54 60 H100 Q108 110 150 126 C196 136 228 148 230 176 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>
<circle cx="70" cy="84" r="10" fill="${p.l}" stroke="${p.ink}" stroke-width="3"/>
<path d="M104 100 L120 124 M96 120 L114 140" stroke="${p.l}" stroke-width="6" stroke-linecap="round"/>
<path d="M60 150 C110 140 150 150 200 160" fill="none" stroke="${p.d}" stroke-width="10" stroke-linecap="round"/>${sole(176, p)}`,
  boot: (
    p,
  ) => `<path d="M52 180 V56 H118 V124 C160 128 206 140 222 180 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>
<rect x="48" y="48" width="76" height="18" rx="6" fill="${p.d}" stroke="${p.ink}" stroke-width="4"/>
<path d="M118 80 h-22 M118 100 h-22 M118 120 h-22" stroke="${p.l}" stroke-width="6" stroke-linecap="round"/>
<rect x="40" y="180" width="190" height="20" rx="6" fill="${p.d}" stroke="${p.ink}" stroke-width="4"/>`,
  tee: (
    p,
  ) => `<path d="M84 44 L44 64 L20 108 L54 124 L66 104 V212 H190 V104 L202 124 L236 108 L212 64 L172 44 C160 62 96 62 84 44 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>
<path d="M84 44 C96 70 160 70 172 44" fill="none" stroke="${p.d}" stroke-width="6"/>
<rect x="104" y="104" width="48" height="34" rx="6" fill="${p.l}" opacity=".8"/>`,
  hoodie: (
    p,
  ) => `<path d="M80 56 L40 76 L18 196 L52 204 L66 120 V220 H190 V120 L204 204 L238 196 L216 76 L176 56 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>
<path d="M92 58 C92 20 164 20 164 58 C156 90 100 90 92 58 Z" fill="${p.d}" stroke="${p.ink}" stroke-width="4"/>
<path d="M118 84 v40 M138 84 v40" stroke="${p.l}" stroke-width="4" stroke-linecap="round"/>
<path d="M92 170 H164 V198 H92 Z" fill="${p.d}" opacity=".7"/>`,
  jacket: (
    p,
  ) => `<path d="M82 44 L42 66 L22 206 L60 212 L70 120 V222 H186 V120 L196 212 L234 206 L214 66 L174 44 L128 70 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>
<path d="M128 70 V222" stroke="${p.ink}" stroke-width="4"/>
<path d="M70 100 H186 M70 140 H186 M70 180 H186" stroke="${p.d}" stroke-width="5" opacity=".7"/>
<path d="M82 44 L128 70 L174 44 L160 34 H96 Z" fill="${p.l}" stroke="${p.ink}" stroke-width="4"/>`,
  pants: (
    p,
  ) => `<path d="M70 32 H186 L200 226 H142 L128 100 L114 226 H56 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>
<rect x="70" y="32" width="116" height="18" fill="${p.d}" stroke="${p.ink}" stroke-width="4"/>
<rect x="64" y="120" width="34" height="30" rx="4" fill="${p.d}" opacity=".8"/><rect x="158" y="120" width="34" height="30" rx="4" fill="${p.d}" opacity=".8"/>`,
  phone: (p) => `<rect x="76" y="20" width="104" height="216" rx="20" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<rect x="86" y="34" width="84" height="184" rx="10" fill="#10131f"/><path d="M90 160 L170 80 V130 L120 180 H90 Z" fill="${p.l}" opacity=".35"/>
<rect x="112" y="26" width="32" height="6" rx="3" fill="${p.ink}"/>`,
  laptop: (
    p,
  ) => `<rect x="46" y="52" width="164" height="112" rx="10" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<rect x="58" y="64" width="140" height="88" rx="4" fill="#10131f"/><path d="M70 140 L150 72 H190 L110 140 Z" fill="${p.l}" opacity=".3"/>
<path d="M18 170 H238 L226 196 H30 Z" fill="${p.d}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>`,
  tablet: (
    p,
  ) => `<rect x="38" y="36" width="180" height="184" rx="18" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<rect x="50" y="48" width="156" height="160" rx="8" fill="#10131f"/><circle cx="128" cy="128" r="30" fill="${p.l}" opacity=".35"/>`,
  headphones: (
    p,
  ) => `<path d="M48 150 V120 C48 50 208 50 208 120 V150" fill="none" stroke="${p.d}" stroke-width="18" stroke-linecap="round"/>
<rect x="28" y="130" width="52" height="84" rx="22" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<rect x="176" y="130" width="52" height="84" rx="22" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<rect x="40" y="146" width="28" height="52" rx="12" fill="${p.l}" opacity=".6"/><rect x="188" y="146" width="28" height="52" rx="12" fill="${p.l}" opacity=".6"/>`,
  earbuds: (
    p,
  ) => `<rect x="56" y="110" width="144" height="104" rx="44" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<path d="M56 150 H200" stroke="${p.d}" stroke-width="4"/><circle cx="128" cy="180" r="6" fill="${p.l}"/>
<path d="M80 40 a22 22 0 1 1 0 44 v30" fill="${p.l}" stroke="${p.ink}" stroke-width="5"/><path d="M176 40 a22 22 0 1 0 0 44 v30" fill="${p.l}" stroke="${p.ink}" stroke-width="5"/>`,
  watch: (p) => `<rect x="96" y="12" width="64" height="232" rx="18" fill="${p.d}" stroke="${p.ink}" stroke-width="4"/>
<rect x="70" y="68" width="116" height="120" rx="28" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<rect x="82" y="80" width="92" height="96" rx="18" fill="#10131f"/><path d="M128 98 V128 L148 140" stroke="${p.l}" stroke-width="6" stroke-linecap="round" fill="none"/>
<rect x="186" y="110" width="10" height="26" rx="4" fill="${p.l}" stroke="${p.ink}" stroke-width="3"/>`,
  camera: (
    p,
  ) => `<path d="M30 80 H86 L100 56 H156 L170 80 H226 V200 H30 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>
<circle cx="128" cy="138" r="48" fill="${p.d}" stroke="${p.ink}" stroke-width="5"/><circle cx="128" cy="138" r="28" fill="#10131f"/>
<circle cx="116" cy="126" r="8" fill="${p.l}"/><rect x="186" y="94" width="24" height="12" rx="3" fill="${p.l}"/>`,
  speaker: (
    p,
  ) => `<rect x="60" y="24" width="136" height="208" rx="40" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<circle cx="128" cy="150" r="44" fill="${p.d}" stroke="${p.ink}" stroke-width="4"/><circle cx="128" cy="150" r="16" fill="${p.l}"/>
<circle cx="128" cy="72" r="18" fill="${p.d}" stroke="${p.ink}" stroke-width="4"/>`,
  console: (
    p,
  ) => `<path d="M70 28 C110 20 150 20 190 28 L200 228 H60 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>
<path d="M120 28 V228 M136 28 V228" stroke="${p.d}" stroke-width="8"/><circle cx="96" cy="200" r="6" fill="${p.l}"/>`,
  gamepad: (
    p,
  ) => `<path d="M52 84 H204 C236 84 246 150 240 184 C234 214 206 210 190 186 L172 160 H84 L66 186 C50 210 22 214 16 184 C10 150 20 84 52 84 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>
<path d="M66 116 v34 M49 133 h34" stroke="${p.d}" stroke-width="12" stroke-linecap="round"/>
<circle cx="182" cy="118" r="9" fill="${p.l}"/><circle cx="200" cy="136" r="9" fill="${p.d}"/><circle cx="164" cy="136" r="9" fill="${p.d}"/><circle cx="182" cy="154" r="9" fill="${p.l}"/>`,
  keyboard: (
    p,
  ) => `<rect x="14" y="76" width="228" height="104" rx="12" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
${[0, 1, 2].map((r) => Array.from({ length: 9 }, (_, i) => `<rect x="${26 + i * 24}" y="${88 + r * 26}" width="18" height="18" rx="3" fill="${(i + r) % 3 ? p.l : p.d}" opacity=".9"/>`).join('')).join('')}
<rect x="66" y="166" width="124" height="8" rx="3" fill="${p.d}"/>`,
  mouse: (
    p,
  ) => `<path d="M128 28 C184 28 196 90 196 150 C196 206 166 232 128 232 C90 232 60 206 60 150 C60 90 72 28 128 28 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<path d="M128 28 V110 M60 110 H196" stroke="${p.d}" stroke-width="4"/><rect x="120" y="56" width="16" height="30" rx="8" fill="${p.l}" stroke="${p.ink}" stroke-width="3"/>`,
  headset: (
    p,
  ) => `<path d="M50 150 V118 C50 46 206 46 206 118 V150" fill="none" stroke="${p.c}" stroke-width="20" stroke-linecap="round"/>
<rect x="30" y="128" width="50" height="80" rx="20" fill="${p.d}" stroke="${p.ink}" stroke-width="5"/><rect x="176" y="128" width="50" height="80" rx="20" fill="${p.d}" stroke="${p.ink}" stroke-width="5"/>
<path d="M60 200 C70 232 110 236 128 226" fill="none" stroke="${p.ink}" stroke-width="6" stroke-linecap="round"/><circle cx="132" cy="224" r="9" fill="${p.l}"/>`,
  vr: (p) => `<rect x="22" y="80" width="212" height="100" rx="34" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<path d="M22 130 H8 M234 130 H248" stroke="${p.d}" stroke-width="14" stroke-linecap="round"/>
<rect x="40" y="96" width="176" height="56" rx="22" fill="#10131f"/><path d="M60 140 L100 104 H130 L90 140 Z" fill="${p.l}" opacity=".35"/>`,
  bag: (p) => `<path d="M84 88 V70 C84 30 172 30 172 70 V88" fill="none" stroke="${p.d}" stroke-width="12"/>
<path d="M40 88 H216 L230 220 H26 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>
<path d="M40 120 H216" stroke="${p.d}" stroke-width="5"/><rect x="114" y="112" width="28" height="18" rx="4" fill="${p.l}" stroke="${p.ink}" stroke-width="3"/>`,
  backpack: (p) => `<path d="M96 52 C96 22 160 22 160 52" fill="none" stroke="${p.d}" stroke-width="12"/>
<rect x="56" y="48" width="144" height="184" rx="44" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<rect x="80" y="140" width="96" height="70" rx="16" fill="${p.d}" stroke="${p.ink}" stroke-width="4"/><path d="M80 160 H176" stroke="${p.l}" stroke-width="5"/>`,
  sunglasses: (p) => `<path d="M20 100 H236" stroke="${p.c}" stroke-width="10" stroke-linecap="round"/>
<path d="M30 100 H118 C118 150 100 170 72 170 C42 170 30 140 30 100 Z" fill="#141824" stroke="${p.c}" stroke-width="8"/>
<path d="M138 100 H226 C226 140 214 170 184 170 C156 170 138 150 138 100 Z" fill="#141824" stroke="${p.c}" stroke-width="8"/>
<path d="M48 116 L70 110 M156 116 L178 110" stroke="${p.l}" stroke-width="6" stroke-linecap="round" opacity=".7"/>`,
  wallet: (
    p,
  ) => `<rect x="28" y="64" width="200" height="136" rx="16" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<path d="M28 100 H228" stroke="${p.d}" stroke-width="5"/><rect x="160" y="116" width="68" height="44" rx="10" fill="${p.d}" stroke="${p.ink}" stroke-width="4"/><circle cx="182" cy="138" r="7" fill="${p.l}"/>`,
  cap: (
    p,
  ) => `<path d="M40 156 C40 80 80 52 128 52 C176 52 216 80 216 156 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"/>
<path d="M128 52 V156 M84 64 C76 100 76 130 80 156 M172 64 C180 100 180 130 176 156" stroke="${p.d}" stroke-width="4" fill="none"/>
<path d="M30 156 H236 C236 184 200 190 140 184 C90 180 40 176 30 156 Z" fill="${p.d}" stroke="${p.ink}" stroke-width="5"/><circle cx="128" cy="52" r="8" fill="${p.l}"/>`,
  necklace: (
    p,
  ) => `<path d="M48 40 C40 150 90 196 128 196 C166 196 216 150 208 40" fill="none" stroke="${p.c}" stroke-width="10" stroke-dasharray="14 6"/>
<path d="M128 186 L156 214 L128 246 L100 214 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="4"/><path d="M128 196 L146 214 L128 234 Z" fill="${p.l}" opacity=".7"/>`,
  // a ring on a short chain holding a small crate fob
  keychain: (p) => `<circle cx="128" cy="58" r="30" fill="none" stroke="#c9c9c9" stroke-width="9"/>
<path d="M128 88 V120" stroke="#9a9a9a" stroke-width="7" stroke-dasharray="9 5"/>
<rect x="84" y="120" width="88" height="88" rx="12" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<path d="M84 146 H172 M128 120 V208" stroke="${p.d}" stroke-width="6"/><circle cx="128" cy="120" r="8" fill="#c9c9c9" stroke="${p.ink}" stroke-width="3"/>`,
  // a fanned stack of die-cut stickers: a star, a heart and a round one, white-edged
  stickers: (
    p,
  ) => `<rect x="36" y="60" width="150" height="150" rx="18" fill="#f4f4f8" stroke="${p.ink}" stroke-width="4" transform="rotate(-12 111 135)"/>
<rect x="72" y="46" width="150" height="150" rx="18" fill="#fafafa" stroke="${p.ink}" stroke-width="4" transform="rotate(8 147 121)"/>
<path d="M118 74 L128 100 L156 100 L134 116 L142 142 L118 126 L94 142 L102 116 L80 100 L108 100 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="3" stroke-linejoin="round"/>
<path d="M178 150 C178 136 198 132 202 146 C206 132 226 136 226 150 C226 168 202 180 202 180 C202 180 178 168 178 150 Z" fill="${p.l}" stroke="${p.ink}" stroke-width="3" transform="translate(-30 0)"/>
<circle cx="110" cy="176" r="20" fill="${p.d}" stroke="${p.ink}" stroke-width="3"/><path d="M100 176 h20 M110 166 v20" stroke="#fafafa" stroke-width="5" stroke-linecap="round"/>`,
  belt: (p) => `<path d="M10 112 H246 V148 H10 Z" fill="${p.c}" stroke="${p.ink}" stroke-width="5"/>
<rect x="96" y="96" width="64" height="68" rx="10" fill="none" stroke="#c9c9c9" stroke-width="10"/><path d="M128 104 V156" stroke="#c9c9c9" stroke-width="6"/>
${[180, 200, 220].map((x) => `<circle cx="${x}" cy="130" r="4" fill="${p.d}"/>`).join('')}`,
};

/** The SVG markup of one product kind. */
export function productShape(kind: ProductKind, palette: Palette): string {
  return shapes[kind](palette);
}
