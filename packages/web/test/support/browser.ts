/**
 * Debian's Chromium driven by playwright-core (Playwright's own browser download cannot work here), and the checks
 * every screen of the studio must pass: no serious or critical axe violation, nothing wider than a 375 px screen, every
 * control reached by the keyboard with its focus visible.
 * Without Chromium the tests say so in one line and skip; in CI (CI set) they fail instead.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

const CANDIDATES = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
export const chromiumPath = CANDIDATES.find((path): path is string => path !== undefined && path !== '' && existsSync(path));
export const skipWithoutChromium =
  chromiumPath === undefined && process.env['CI'] === undefined ? 'Chromium not found (apt-get install chromium, or set CHROMIUM_PATH): the studio browser tests did not run' : undefined;
if (skipWithoutChromium !== undefined) process.stderr.write(`${skipWithoutChromium}\n`);

export function launch(): Promise<Browser> {
  if (chromiumPath === undefined) throw new Error('Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)');
  return chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'] });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The screen as it stands, walked with the keyboard: every focus visible, every visible control reached. */
export async function assertKeyboardWalk(page: Page, what: string): Promise<void> {
  const walk = await keyboardWalk(page);
  assert.deepEqual(walk.unseen, [], `${what}: focus without a visible ring`);
  assert.deepEqual(walk.missed, [], `${what}: controls the keyboard never reaches (it went: ${walk.reached.join(' | ')})`);
}

/**
 * axe's serious and critical violations of WCAG 2.x A/AA and best practices on the page as it stands.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A string is evaluated through the DevTools protocol, which the page's CSP does not govern (no eval in the page).
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations;
  });
  return (violations as Violation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact ?? ''} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/** Whether anything makes the page scroll sideways. */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

const SCREENSHOTS = process.env['LARDER_STUDIO_SCREENSHOTS'];
export const screenshotsWanted = SCREENSHOTS !== undefined && SCREENSHOTS !== '';

/**
 * With LARDER_STUDIO_SCREENSHOTS=<folder>, the whole page as it stands, as <folder>/<name>-<width>.png, for a person to
 * look at (nothing is compared); without it, nothing.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SCREENSHOTS ?? ''}/${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${width}.png`, fullPage: true });
}

/** Where a keyboard walk went: each focus in order, the ones drawn without a visible ring, and the controls never reached. */
export interface KeyboardWalk {
  reached: string[];
  unseen: string[];
  missed: string[];
}

/** What a walk keeps in the page between its steps: the controls reached, the last one, and how a control is named. */
interface WalkState {
  walked: WeakSet<Element>;
  last?: Element;
  label: (element: Element) => string;
}

/**
 * Tabs from the top of the page to its end (until the focus leaves the page or comes back to where it has been): every
 * focus must show a ring (a card's title link draws it around its card, which the link covers), and every control a
 * person can see must be reached. A group of radio buttons is one stop (the arrow keys move within it); a frame's
 * insides (the PDF preview's viewer) are its own, so the walk steps over a frame rather than into it.
 */
export async function keyboardWalk(page: Page, limit = 250): Promise<KeyboardWalk> {
  await page.evaluate(() => {
    // From the top: the page itself focused moves the point Tab starts from there (a blur alone leaves it where it was).
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
    const walk: Partial<WalkState> & Pick<WalkState, 'walked'> = { walked: new WeakSet() };
    // What a person hears for a control: its own label, else its text, else its field's label. Assigned to a property,
    // not named: the test bundle keeps a named function's name with a helper the page does not have.
    walk.label = function (element: Element): string {
      return element.getAttribute('aria-label') ?? element.getAttribute('title') ?? (element.textContent?.trim() || (element as HTMLInputElement).labels?.[0]?.textContent?.trim() || element.tagName.toLowerCase());
    };
    (globalThis as unknown as { walk: typeof walk }).walk = walk;
  });
  const reached: string[] = [];
  const unseen: string[] = [];
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const read = () => page.evaluate(() => {
      const walk = (globalThis as unknown as { walk: WalkState }).walk;
      const element = document.activeElement as HTMLElement | null;
      if (element === null || element === document.body) return null;
      // A date field takes several Tabs (day, month, year) and stays the focused element meanwhile.
      if (element === walk.last) return 'same' as const;
      walk.last = element;
      if (walk.walked.has(element)) return 'again' as const;
      walk.walked.add(element);
      const card = element.matches('.recipe-card__title a, .product-card__title a') ? element.closest('.recipe-card, .product-card') : null;
      const ring = getComputedStyle(card ?? element);
      return { label: walk.label(element), visible: ring.outlineStyle !== 'none' && ring.outlineWidth !== '0px', frame: element.tagName === 'IFRAME' };
    });
    // Tab into a frame whose document lives in another process (the PDF viewer) hands the focus over asynchronously:
    // for a moment nothing in the page has it. Only nothing for half a second is the walk's end.
    let focus = await read();
    for (let wait = 0; focus === null && wait < 10; wait += 1) {
      await page.waitForTimeout(50);
      focus = await read();
    }
    if (focus === 'same') continue;
    if (focus === null || focus === 'again') break;
    if (focus.frame) {
      // The frame's ring is drawn once the page learns that its window lost the focus to the frame, a moment later.
      focus.visible = await page
        .waitForFunction(() => document.activeElement?.tagName === 'IFRAME' && getComputedStyle(document.activeElement).outlineStyle !== 'none', undefined, { timeout: 2000 })
        .then(() => true, () => false);
    }
    reached.push(focus.label);
    if (!focus.visible) unseen.push(focus.label);
    if (focus.frame) {
      // Over the frame (the viewer's own controls are its business): the next control after it takes the focus.
      const next = await page.evaluate(() => {
        const walk = (globalThis as unknown as { walk: WalkState }).walk;
        const frame = document.activeElement as HTMLElement;
        const after = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, iframe, [tabindex]')].find(
          (candidate) => frame.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING && candidate.tabIndex >= 0 && !(candidate as HTMLButtonElement).disabled,
        );
        if (after === undefined) return null;
        after.focus();
        walk.walked.add(after);
        walk.last = after;
        return walk.label(after);
      });
      if (next === null) break;
      reached.push(next);
    }
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const missed = await page.evaluate(() => {
    const walk = (globalThis as unknown as { walk: WalkState }).walk;
    const walked = walk.walked;
    const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, [tabindex]')].filter(
      (element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled && element.checkVisibility({ visibilityProperty: true }) && element.closest('[inert]') === null,
    );
    return controls
      .filter(
        (element) =>
          !walked.has(element) &&
          !(element instanceof HTMLInputElement && element.type === 'radio' && [...document.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(element.name)}"]`)].some((member) => walked.has(member))),
      )
      .map((element) => `${element.tagName.toLowerCase()} “${walk.label(element)}”`);
  });
  return { reached, unseen, missed };
}
