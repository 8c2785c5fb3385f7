// Colour helpers for the drawn images: mixing, a product colour's palette, and a small hash.

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const v = m ? parseInt(m[1]!, 16) : 0x777777;
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function toHex([r, g, b]: Rgb): string {
  const c = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export interface Palette {
  base: string;
  dark: string;
  darker: string;
  light: string;
  hw: string;
  hwDark: string;
  stitch: string;
  lining: string;
}

export function palette(hex: string, hardware: 'gold' | 'silver'): Palette {
  const isLight = luminance(hex) > 0.45;
  return {
    base: hex,
    dark: mix(hex, '#000000', isLight ? 0.18 : 0.28),
    darker: mix(hex, '#000000', isLight ? 0.34 : 0.5),
    light: mix(hex, '#ffffff', 0.22),
    hw: hardware === 'gold' ? '#c8a15a' : '#b9bec4',
    hwDark: hardware === 'gold' ? '#8c6b2f' : '#7d838a',
    stitch: isLight ? mix(hex, '#000000', 0.45) : mix(hex, '#ffffff', 0.55),
    lining: isLight ? '#3b3a36' : '#e9e1d1',
  };
}

/** Small deterministic hash (FNV-1a) for picking variations. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

