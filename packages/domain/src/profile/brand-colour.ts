/**
 * A brand colour put to work where it must stay readable: text on it (white or near-black, or black: white or black
 * always reaches 4.5:1), and the colour as text or a link on white (darkened until it does).
 * WCAG 2.x relative luminance and contrast ratio.
 */
const channel = (hex: string, at: number): number => parseInt(hex.slice(at, at + 2), 16) / 255;
const linear = (value: number): number => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);

export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => linear(channel(hex, at)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

export const WHITE = '#ffffff';
export const NEAR_BLACK = '#1f2328';

/**
 * The text colour to set on `background`: white or a soft near-black where either reads at 4.5:1, else pure black
 * (a mid grey such as #777777 reads at 4.5:1 with black alone).
 */
export function inkOn(background: string): string {
  const [white, soft, black] = [WHITE, NEAR_BLACK, '#000000'].map((ink) => contrastRatio(background, ink));
  if ((white ?? 0) >= 4.5 && (white ?? 0) >= (soft ?? 0)) return WHITE;
  if ((soft ?? 0) >= 4.5) return NEAR_BLACK;
  return (white ?? 0) > (black ?? 0) ? WHITE : '#000000';
}

const hex2 = (value: number): string => Math.round(Math.max(0, Math.min(255, value))).toString(16).padStart(2, '0');

/** `colour` mixed with `toward` by `share` (0: unchanged, 1: `toward`). */
export function mix(colour: string, toward: string, share: number): string {
  const [a, b] = [colour, toward].map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));
  return `#${[0, 1, 2].map((index) => hex2((a?.[index] ?? 0) * (1 - share) + (b?.[index] ?? 0) * share)).join('')}`;
}

/** `colour`, darkened in small steps until it reads on `background` at `ratio` (4.5:1, WCAG AA for body text). */
export function readableOn(colour: string, background: string = WHITE, ratio = 4.5): string {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mix(colour, '#000000', step / 20);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return '#000000';
}
