/**
 * The lead magnet's public pages in a real Chromium (Debian's `chromium`, driven by playwright-core), checked with
 * axe-core: no serious or critical violation, on a phone-sized screen and a desktop one, with the form as it first
 * shows and as it shows after a refused attempt; the keyboard reaches the field, the checkbox and the button in order
 * (never the hidden field); and the form works with JavaScript switched off. Without Chromium it says so and skips.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { freePort } from '../support/free-port.js';
import { leadMagnetWorld, type LeadMagnetWorld } from './lead-magnet-world.js';

const CANDIDATES = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const executablePath = CANDIDATES.find((path): path is string => path !== undefined && path !== '' && existsSync(path));
const skip = executablePath === undefined ? 'Chromium not found (apt-get install chromium, or set CHROMIUM_PATH): the accessibility check did not run' : undefined;
if (skip !== undefined) process.stderr.write(`${skip}\n`);

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe's serious and critical violations on the page as it stands, WCAG 2.x A and AA rules and best practices. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations;
  });
  return (violations as Violation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact ?? ''} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

describe('the lead magnet page in Chromium, checked with axe', { skip }, () => {
  let world: LeadMagnetWorld;
  let browser: Browser;
  let pageUrl: string;

  before(async () => {
    const port = await freePort();
    world = await leadMagnetWorld({ publicUrl: `http://127.0.0.1:${port}` });
    // The page as a creator's: their name, colour, links, and a logo (a pale colour, the hardest for contrast).
    const profile = { display_name: 'Sunny Side Bakes', brand_color: '#ffd43b', website_url: 'https://sunnyside.example', privacy_policy_url: 'https://sunnyside.example/privacy', social: { instagram: 'https://www.instagram.com/sunnyside' } };
    await world.h.request({ method: 'PUT', url: '/api/profile', body: profile });
    const logo = await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 255, g: 212, b: 59, alpha: 1 } } }).png().toBuffer();
    await world.h.app.inject({ method: 'PUT', url: '/api/profile/logo', payload: logo, headers: { authorization: `Bearer ${world.h.token}`, 'content-type': 'image/png' } });
    await world.h.app.listen({ port, host: '127.0.0.1' });
    pageUrl = `http://127.0.0.1:${port}/l/${world.magnet.slug}`;
    browser = await chromium.launch({ executablePath: executablePath ?? '', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  });

  after(async () => {
    await browser?.close();
    await world?.h.app.close();
  });

  for (const [name, viewport] of [
    ['a phone', { width: 375, height: 740 }],
    ['a desktop', { width: 1280, height: 900 }],
  ] as const) {
    it(`has no serious or critical violation on ${name}, before and after a refused attempt`, async () => {
      // The page allows no script (its CSP): axe is let in by bypassing it for this check only.
      const context = await browser.newContext({ viewport, bypassCSP: true });
      try {
        const page = await context.newPage();
        assert.equal((await page.goto(pageUrl))?.status(), 200);
        assert.deepEqual(await seriousViolations(page), []);
        const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        assert.equal(scrolls, false, 'nothing wider than the screen');

        await page.fill('#email', 'not an address');
        await page.check('#consent');
        // The browser's own check would stop a malformed address; the server's answer is what is checked here.
        await page.evaluate(() => document.querySelector('form')?.setAttribute('novalidate', ''));
        const refused = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
        assert.equal(refused[0]?.status(), 422);
        assert.equal(await page.getAttribute('#email', 'aria-invalid'), 'true');
        assert.deepEqual(await seriousViolations(page), []);
      } finally {
        await context.close();
      }
    });
  }

  it('the keyboard goes from the creator’s links to the address, the checkbox and the button, never to the hidden field', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(pageUrl);
      const order: string[] = [];
      for (let press = 0; press < 5; press += 1) {
        await page.keyboard.press('Tab');
        order.push(await page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('class') || document.activeElement?.tagName.toLowerCase() || ''));
      }
      assert.deepEqual(order, ['creator', 'a', 'email', 'consent', 'button'], 'the name in the band, "by …", then the form');
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
      assert.notEqual(outline, 'none', 'focus is visible');
    } finally {
      await context.close();
    }
  });

  it('works without JavaScript: the form posts and the reader is told to check their inbox', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(pageUrl);
      await page.fill('#email', 'no-script@example.org');
      await page.check('#consent');
      const [response] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
      assert.equal(response?.status(), 202);
      assert.equal(await page.textContent('h1'), 'Check your inbox');
      const copy = await browser.newContext({ bypassCSP: true });
      try {
        // The no-script context cannot run axe: the same HTML, in one that can.
        const reopened = await copy.newPage();
        await reopened.setContent(await page.content());
        assert.deepEqual(await seriousViolations(reopened), []);
      } finally {
        await copy.close();
      }
      assert.equal((await world.h.subscribers.findByAddress(world.magnet.id, 'no-script@example.org'))._unsafeUnwrap()?.status, 'pending');
    } finally {
      await context.close();
    }
  });
});
