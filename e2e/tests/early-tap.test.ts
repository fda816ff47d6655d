import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, visitor } from './browser';

const base = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** Requests matching `url` answered `ms` late (a hang outlives the test: its late answer is dropped). */
const late = (page: Page, url: string, ms: number) =>
  page.route(url, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue().catch(() => undefined);
  });

const TRIES = 20;

describe('a tap before the page is interactive (issue: React in production)', () => {
  it(`at 390 px, a tap on "Open menu" as soon as the button shows opens the menu, ${TRIES} times in ${TRIES}`, async () => {
    const missed: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      // A phone: a touch screen, 390 px wide. Each try a fresh visitor and page.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
        extraHTTPHeaders: visitor(),
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // The app's scripts arrive late, by a different amount each try (0 to 1.6 s): the tap lands
      // before boot.js has started them, while they load, while the page hydrates, or after.
      const delay = (i % 5) * 400;
      if (delay > 0) await late(page, '**/assets/*.js', delay);
      await page.goto(`${base}/`, { waitUntil: 'commit' });
      // Tapped as soon as it is visible: the server's markup, before any of the app's scripts ran.
      await page.getByRole('button', { name: 'Open menu' }).tap();
      const opened = await page
        .getByRole('dialog', { name: 'Menu' })
        .waitFor({ timeout: 20_000 })
        .then(
          () => true,
          () => false,
        );
      if (!opened) missed.push(`try ${i + 1} (scripts ${delay} ms late)`);
      expect(errors, `try ${i + 1}`).toEqual([]);
      await context.close();
    }
    expect(missed).toEqual([]);
  }, 600_000);
});
