/**
 * Debian's Chromium driven by playwright-core (Playwright's own browser download cannot work here), and the checks
 * every screen of the studio must pass: no serious or critical axe violation, nothing wider than a 375 px screen.
 * Without Chromium the tests say so in one line and skip; in CI (CI set) they fail instead.
 */
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
