/**
 * Draws a cover as SVG: background, a double rule frame, the title, an ornament for the kind of product and the
 * subtitle, stacked and centred. Text arrives as glyph outlines; the markup holds only numbers and theme colours.
 * With `photoCount` photos, the text and its frame take the part below the photos' band (see `PHOTO_COVER`); the
 * photos themselves are laid on afterwards (`cover-photos.ts`).
 */
import type { CoverRequest, ProductType } from '@larder/domain';
import { brandColours, COVER, coloursFor, PHOTO_COVER, type CoverColours } from './cover-theme.js';
import { drawableText, faceFor, linePath, trackedWidth, type Face } from './cover-faces.js';
import { fitText, memoised, normalisedText, type FittedText } from './cover-layout.js';

export interface CoverDrawing {
  readonly svg: string;
  readonly title: FittedText;
  readonly subtitle: FittedText;
}

/** Where the text goes and how large it may be: the whole picture, or the part under the photos. */
interface TextArea {
  readonly top: number;
  readonly bottom: number;
  /** Where the text block is centred down to: `bottom`, or above the creator's name. */
  readonly textBottom: number;
  readonly frameInset: number;
  readonly titleHeight: number;
  readonly title: typeof COVER.title | typeof PHOTO_COVER.title;
  readonly subtitle: typeof COVER.subtitle | typeof PHOTO_COVER.subtitle;
  readonly ornament: typeof COVER.ornament | typeof PHOTO_COVER.ornament;
  readonly opticalLift: number;
}

const baseTextArea = (photoCount: number): TextArea =>
  photoCount === 0
    ? { top: 0, bottom: COVER.height, textBottom: COVER.height, frameInset: COVER.frame.inset, titleHeight: COVER.titleHeight, title: COVER.title, subtitle: COVER.subtitle, ornament: COVER.ornament, opticalLift: COVER.opticalLift }
    : {
        top: PHOTO_COVER.band,
        bottom: COVER.height,
        textBottom: COVER.height,
        frameInset: PHOTO_COVER.frame.inset,
        titleHeight: PHOTO_COVER.titleHeight,
        title: PHOTO_COVER.title,
        subtitle: PHOTO_COVER.subtitle,
        ornament: PHOTO_COVER.ornament,
        opticalLift: PHOTO_COVER.opticalLift,
      };

/** With a creator's name, the text is centred above the name's band, the title given that much less height. */
function textArea(photoCount: number, named: boolean): TextArea {
  const area = baseTextArea(photoCount);
  if (!named) return area;
  const band = COVER.name.band;
  return { ...area, textBottom: area.bottom - band, titleHeight: Math.max(area.title.maxSize, area.titleHeight - (photoCount === 0 ? band / 2 : band)), opticalLift: 0 };
}

/** The creator's name in tracked capitals, centred at the foot of the frame (shrunk to fit the frame's width). */
function nameLine(name: string, colours: CoverColours, area: TextArea): string {
  const text = normalisedText(name).toLocaleUpperCase('en');
  const face = faceFor(text, 'subtitle');
  const drawable = normalisedText(drawableText(face, text));
  const { size: largest, minSize, letterSpacing, opacity, baselineFromBottom } = COVER.name;
  const room = COVER.textWidth;
  const width = trackedWidth(face, drawable, letterSpacing);
  const size = Math.max(minSize, Math.min(largest, width === 0 ? largest : room / width));
  const baseline = area.bottom - area.frameInset - COVER.frame.gap - baselineFromBottom;
  const path = linePath(face, drawable, { left: COVER.width / 2 - (trackedWidth(face, drawable, letterSpacing) * size) / 2, baseline, size, tracking: letterSpacing });
  return `<path fill="${colours.ink}" fill-opacity="${opacity}" d="${path}"/>`;
}

export function coverSvg(request: CoverRequest, photoCount = 0): CoverDrawing {
  const brand = request.brand;
  const area = textArea(photoCount, brand !== undefined);
  const [requestedTitle, requestedSubtitle] = [normalisedText(request.title), normalisedText(request.subtitle)];
  const colours = brand?.color == null ? coloursFor(requestedTitle) : brandColours(brand.color);
  const titleFace = faceFor(requestedTitle, 'title');
  const subtitleFace = faceFor(requestedSubtitle, 'subtitle');
  const titleText = normalisedText(drawableText(titleFace, requestedTitle));
  const subtitleText = normalisedText(drawableText(subtitleFace, requestedSubtitle));
  const { letterSpacing } = area.subtitle;

  const title = fitText(titleText, { width: COVER.textWidth, height: area.titleHeight }, memoised(titleFace.measure), area.title);
  const subtitleMeasure = memoised((text) => trackedWidth(subtitleFace, text, letterSpacing));
  const subtitle = fitText(subtitleText, { width: COVER.textWidth, height: area.subtitle.maxHeight }, subtitleMeasure, area.subtitle);

  // Heights from the top of the first line's capitals to the last baseline; the gaps below allow for descenders.
  const titleCap = capHeight(titleFace) * title.size;
  const subtitleCap = capHeight(subtitleFace) * subtitle.size;
  const titleBlock = titleCap + (title.lines.length - 1) * title.leading;
  const subtitleBlock = subtitle.lines.length === 0 ? 0 : subtitleCap + (subtitle.lines.length - 1) * subtitle.leading;
  const aboveOrnament = Math.max(area.ornament.minGap, area.ornament.gap * title.size) + 0.2 * title.size;
  const belowOrnament = subtitle.lines.length === 0 ? 0 : Math.max(area.ornament.minGap, 1.1 * subtitle.size);
  const total = titleBlock + aboveOrnament + belowOrnament + subtitleBlock;
  const top = area.top + (area.textBottom - area.top - total) / 2 - area.opticalLift;

  const centre = COVER.width / 2;
  const titleBaseline = top + titleCap;
  const ornamentY = titleBaseline + (title.lines.length - 1) * title.leading + aboveOrnament;
  const subtitleBaseline = ornamentY + belowOrnament + subtitleCap;

  const titlePaths = title.lines.map((line, index) =>
    linePath(titleFace, line, { left: centre - (titleFace.measure(line) * title.size) / 2, baseline: titleBaseline + index * title.leading, size: title.size }),
  );
  const subtitlePaths = subtitle.lines.map((line, index) =>
    linePath(subtitleFace, line, {
      left: centre - (trackedWidth(subtitleFace, line, letterSpacing) * subtitle.size) / 2,
      baseline: subtitleBaseline + index * subtitle.leading,
      size: subtitle.size,
      tracking: letterSpacing,
    }),
  );

  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER.width}" height="${COVER.height}" viewBox="0 0 ${COVER.width} ${COVER.height}">`,
    `<rect width="${COVER.width}" height="${COVER.height}" fill="${colours.background}"/>`,
    frame(colours, area),
    photoCount === 0 ? '' : `<rect y="${PHOTO_COVER.band}" width="${COVER.width}" height="${PHOTO_COVER.rule}" fill="${colours.accent}"/>`,
    `<path fill="${colours.ink}" d="${titlePaths.join('')}"/>`,
    ornament(request.kind, centre, ornamentY, colours, area.ornament),
    subtitlePaths.length === 0 ? '' : `<path fill="${colours.ink}" fill-opacity="${area.subtitle.opacity}" d="${subtitlePaths.join('')}"/>`,
    brand === undefined ? '' : nameLine(brand.name, colours, area),
    '</svg>',
  ].join('\n');
  return { svg, title, subtitle };
}

const capHeight = (face: Face): number => (face.font.capHeight || face.font.ascent * 0.7) / face.font.unitsPerEm;

/** Two rules around the text area, inset from its edges. */
function frame(colours: CoverColours, area: TextArea): string {
  const { gap, strokeWidth, innerStrokeWidth } = COVER.frame;
  const rect = (at: number, width: number): string =>
    `<rect x="${at}" y="${area.top + at}" width="${COVER.width - 2 * at}" height="${area.bottom - area.top - 2 * at}" fill="none" stroke="${colours.accent}" stroke-width="${width}"/>`;
  return rect(area.frameInset, strokeWidth) + rect(area.frameInset + gap, innerStrokeWidth);
}

/** A rule broken by a small mark that hints at the kind: a diamond for a book, three cards, seven days, a seal. */
function ornament(kind: ProductType, x: number, y: number, colours: CoverColours, sizes: TextArea['ornament']): string {
  const { length, strokeWidth, mark } = sizes;
  const marks = ((): string => {
    switch (kind) {
      case 'ebook':
        return diamond(x, y, mark);
      case 'recipe_card_pack':
        return [-1, 0, 1].map((step) => diamond(x + step * mark * 2.6, y, mark * 0.75)).join('');
      case 'meal_plan':
        return [-3, -2, -1, 0, 1, 2, 3].map((step) => `<circle cx="${x + step * mark * 1.6}" cy="${y}" r="${mark * 0.42}"/>`).join('');
      case 'lead_magnet':
        return `<circle cx="${x}" cy="${y}" r="${mark * 0.8}" fill="none" stroke="${colours.accent}" stroke-width="${strokeWidth}"/>`;
    }
  })();
  const clearance = { ebook: mark * 2, recipe_card_pack: mark * 5, meal_plan: mark * 6.2, lead_magnet: mark * 2 }[kind];
  const rule = (from: number, to: number): string => `<rect x="${Math.min(from, to)}" y="${y - strokeWidth / 2}" width="${Math.abs(to - from)}" height="${strokeWidth}"/>`;
  return `<g fill="${colours.accent}">${rule(x - length / 2, x - clearance)}${rule(x + clearance, x + length / 2)}${marks}</g>`;
}

const diamond = (x: number, y: number, radius: number): string =>
  `<path d="M${x} ${y - radius}L${x + radius} ${y}L${x} ${y + radius}L${x - radius} ${y}Z"/>`;
