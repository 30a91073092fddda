// A mystery crate drawing per box: theme colour, a question mark and the box type's emblem.

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour. */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) =>
    Math.round(amount >= 0 ? v + (255 - v) * amount : v * (1 + amount)),
  );
  return `#${ch.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

const emblems: Record<string, string> = {
  sneakers: '<path d="M-34 10 C-32 -8 -22 -16 -10 -16 C-2 -6 12 -2 30 0 C40 2 44 8 44 14 H-34 Z" fill="#fff"/>',
  fashion:
    '<path d="M-14 -20 L-36 -8 L-28 6 L-20 2 V24 H20 V2 L28 6 L36 -8 L14 -20 C8 -12 -8 -12 -14 -20 Z" fill="#fff"/>',
  tech: '<rect x="-16" y="-26" width="32" height="52" rx="6" fill="#fff"/><rect x="-11" y="-20" width="22" height="38" rx="2" fill="#222"/>',
  gaming:
    '<path d="M-30 -8 H30 C42 -8 44 18 38 24 C32 28 26 22 22 16 H-22 C-26 22 -32 28 -38 24 C-44 18 -42 -8 -30 -8 Z" fill="#fff"/>',
  accessories:
    '<path d="M-24 -4 H24 L28 26 H-28 Z" fill="#fff"/><path d="M-12 -4 C-12 -22 12 -22 12 -4" stroke="#fff" stroke-width="5" fill="none"/>',
  mixed: '<path d="M0 -26 L8 -8 L27 -8 L12 4 L18 24 L0 12 L-18 24 L-12 4 L-27 -8 L-8 -8 Z" fill="#fff"/>',
};

/** The SVG of a box. */
export function boxSvg(name: string, type: string, color: string): string {
  const d = shade(color, -0.35);
  const dd = shade(color, -0.6);
  const l = shade(color, 0.4);
  const label = name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" role="img" aria-label="${label} box">
<title>${label}</title>
<defs><radialGradient id="g" cx="50%" cy="45%" r="55%"><stop offset="0" stop-color="${l}" stop-opacity=".55"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs>
<circle cx="128" cy="124" r="124" fill="url(#g)"/>
<path d="M40 104 L128 140 L216 104 V196 L128 236 L40 196 Z" fill="${d}" stroke="${dd}" stroke-width="5" stroke-linejoin="round"/>
<path d="M128 140 V236 L216 196 V104 Z" fill="${dd}" opacity=".55"/>
<path d="M28 84 L128 44 L228 84 L128 124 Z" fill="${color}" stroke="${dd}" stroke-width="5" stroke-linejoin="round"/>
<path d="M28 84 V104 L128 144 L228 104 V84 L128 124 Z" fill="${l}" stroke="${dd}" stroke-width="5" stroke-linejoin="round"/>
<path d="M78 64 L178 104" stroke="${l}" stroke-width="10" opacity=".8"/>
<text x="84" y="206" font-family="Arial, Helvetica, sans-serif" font-size="64" font-weight="900" fill="${l}" text-anchor="middle" transform="skewY(22) translate(0 -40)">?</text>
<g transform="translate(170 178) skewY(-22) scale(.9)">${emblems[type] ?? emblems.mixed}</g>
</svg>
`;
}
