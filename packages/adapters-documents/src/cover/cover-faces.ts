/**
 * The faces a cover is set in, read with fontkit from the DejaVu files every document embeds (never system fonts:
 * the machine that draws the cover may have none). Text becomes outlines here, so no character of a title ever
 * reaches the SVG markup, only numbers.
 */
import * as fontkit from 'fontkit';
import { FONT_FILES, fontBuffers } from '../fonts.js';
import type { Measure } from './cover-layout.js';

export interface Face {
  readonly font: fontkit.Font;
  /** The width at size 1, kerned as fontkit lays it out. */
  readonly measure: Measure;
}

const cache = new Map<string, Face>();

function face(file: string): Face {
  let loaded = cache.get(file);
  if (loaded === undefined) {
    const buffer = fontBuffers().get(file);
    if (buffer === undefined) throw new Error(`${file} is not one of the bundled fonts`);
    const opened = fontkit.create(buffer);
    if (!('layout' in opened)) throw new Error(`${file} is a font collection, not a font`);
    const font = opened;
    loaded = { font, measure: (text) => font.layout(text).advanceWidth / font.unitsPerEm };
    cache.set(file, loaded);
  }
  return loaded;
}

/** The first face with a glyph for every character of the text: serif first, sans (wider coverage) second. */
export function faceFor(text: string, role: 'title' | 'subtitle'): Face {
  const candidates = role === 'title' ? [FONT_FILES.Serif.bold, FONT_FILES.Sans.bold] : [FONT_FILES.Sans.normal, FONT_FILES.Serif.normal];
  const faces = candidates.map(face);
  const covers = (candidate: Face): boolean => missingCharacters(candidate, text).length === 0;
  return faces.find(covers) ?? faces[0] ?? face(FONT_FILES.Serif.bold);
}

/** Characters of the text (white space aside) that the face would draw as an empty box. */
export function missingCharacters(candidate: Face, text: string): string[] {
  return Array.from(new Set(text)).filter((character) => !/\s/u.test(character) && !candidate.font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0));
}

/** The text without the characters the face lacks (an emoji, say): on a cover, a gap reads better than a box. */
export function drawableText(candidate: Face, text: string): string {
  const missing = new Set(missingCharacters(candidate, text));
  return missing.size === 0 ? text : Array.from(text).filter((character) => !missing.has(character)).join('');
}

/**
 * One line of text as SVG path data: glyph outlines placed from `left` along the baseline `baseline`, scaled to
 * `size` px, extra `tracking` (a share of the size) after each glyph. Font units point up; SVG's y points down.
 */
export function linePath(candidate: Face, text: string, at: { readonly left: number; readonly baseline: number; readonly size: number; readonly tracking?: number }): string {
  const { font } = candidate;
  const scale = at.size / font.unitsPerEm;
  const run = font.layout(text);
  const parts: string[] = [];
  let penX = at.left;
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    const dx = penX + (position?.xOffset ?? 0) * scale;
    const dy = at.baseline - (position?.yOffset ?? 0) * scale;
    const point = (x: number | undefined, y: number | undefined): string => `${round(dx + (x ?? 0) * scale)} ${round(dy - (y ?? 0) * scale)}`;
    for (const { command, args } of glyph.path.commands) {
      switch (command) {
        case 'moveTo': parts.push(`M${point(args[0], args[1])}`); break;
        case 'lineTo': parts.push(`L${point(args[0], args[1])}`); break;
        case 'quadraticCurveTo': parts.push(`Q${point(args[0], args[1])} ${point(args[2], args[3])}`); break;
        case 'bezierCurveTo': parts.push(`C${point(args[0], args[1])} ${point(args[2], args[3])} ${point(args[4], args[5])}`); break;
        case 'closePath': parts.push('Z'); break;
      }
    }
    penX += (position?.xAdvance ?? glyph.advanceWidth) * scale + (at.tracking ?? 0) * at.size;
  });
  return parts.join('');
}

/** The width of a line as `linePath` sets it, tracking included. */
export function trackedWidth(candidate: Face, text: string, tracking: number): number {
  const glyphCount = candidate.font.layout(text).glyphs.length;
  return candidate.measure(text) + tracking * Math.max(0, glyphCount - 1);
}

const round = (value: number): string => (Math.round(value * 10) / 10).toString();
