/**
 * A PDF as a sequence of sections, each starting on a fresh page and laid out on its own: the title page, a
 * chapter, the plan, a card. The renderer writes one section at a time, so only that section's pages are ever held
 * in memory, and the contents (when the document has them) come second, numbered once every section is placed.
 */
import type { Content } from 'pdfmake/interfaces.js';
import type { PlacedImage } from './print-images.js';

/** A page as its running head and foot see it: its number in the document, and its place in its section. */
export interface FurniturePage {
  readonly number: number;
  /** 1 for the section's first page. */
  readonly index: number;
  /** How many pages the section takes. */
  readonly count: number;
}

export type Furniture = (page: FurniturePage) => Content | null;

export interface PdfSection {
  /** Built when the section is laid out, and dropped once it is written. */
  readonly content: () => Content[];
  /** The line this section adds to the contents, linked to its first page through `anchor`. */
  readonly entry?: { readonly title: string; readonly anchor: string };
  readonly header?: Furniture;
  readonly footer?: Furniture;
  /** The pictures its content names, prepared (scaled for print) just before it is laid out, dropped after. */
  readonly images?: readonly PlacedImage[];
}

export interface PdfPlan {
  /** Before the contents (the title page). */
  readonly front: readonly PdfSection[];
  /** The contents' own running head and foot; null for a document without contents. */
  readonly contents: { readonly header: Furniture; readonly footer: Furniture } | null;
  readonly body: readonly PdfSection[];
}
