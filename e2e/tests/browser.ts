import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../chromium';

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const SHOTS = resolve(import.meta.dirname, '../screenshots');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

let visitors = 0;
/**
 * Each browser context is its own visitor: the suite's API trusts the loopback proxy (TRUST_PROXY),
 * so every context sends its own `X-Forwarded-For` and the per-visitor limits (30 sign-ups, mails
 * and sign-ins an address per 15 minutes) count each test's visitor, not the whole suite as one.
 */
export function visitor(): { 'x-forwarded-for': string } {
  visitors += 1;
  // Unique across the suite's worker processes (their pids) and the contexts of each.
  const pid = process.pid;
  return { 'x-forwarded-for': `10.${(pid >> 8) % 256}.${pid % 256}.${visitors % 256}` };
}

export async function newPage(
  browser: Browser,
  viewport: (typeof VIEWPORTS)[number],
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    extraHTTPHeaders: visitor(),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // What the Content-Security-Policy blocked (Chromium reports it as a console error).
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/**
 * axe: no serious or critical violation on the page as it is now, or, with `within` (a CSS
 * selector), in what was just opened over a page that has its own check (a dialog, the header's
 * menus and suggestions): the page under it is not scanned again. A scan costs about 1 ms of the
 * browser per element (3 s for the home page), and the overlays were rescanning the home page
 * under them (docs/testing.md).
 */
export async function expectAccessible(page: Page, label: string, within?: string) {
  // Colours mid-animation are not what a reader sees: a toast fading in or out has, for a moment,
  // too little contrast (axe caught one in CI). Wait for every finite animation to finish first;
  // endless ones (spinners, skeleton pulses) are left running.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000, polling: 100 },
  );
  // And hold them still while axe reads the page: on a loaded machine its analysis takes seconds,
  // long enough for a toast to expire and start fading out under it (CI, session 37: a toast's
  // contrast failed mid-fade). An animation that starts now stays at its first frame.
  const hold = await page.addStyleTag({
    content: '*,*::before,*::after{animation-play-state:paused!important;transition:none!important}',
  });
  // Only the violations are read: axe then describes one node of each passing and inapplicable
  // rule instead of every node (a selector and an HTML snippet each), a fifth of a scan's time.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (within) axe.include(within);
  const results = await axe.analyze().finally(() => hold.evaluate((el) => (el as Element).remove()));
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}
