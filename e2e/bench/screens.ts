/**
 * What the screenshot scripts share (visitor-screenshots.ts, walk-screenshots.ts,
 * recommendation-screenshots.ts): waiting for a page to settle, the shot itself, an account's API
 * calls, and the header's layers (menu, search overlay) shot the same way on every run.
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** Skeletons and pending images say so with aria-busy. */
export const BUSY = '[aria-busy="true"]';

/**
 * Waits for the network to go quiet, then for nothing to match `busy` (skeletons gone, images
 * decided), then `pause` ms more for what animates in. Each wait gives up quietly: a page that
 * never settles is shot as it is.
 */
export async function settle(
  page: Page,
  { busy = BUSY, pause = 600, networkMs = 15_000, busyMs = 10_000 } = {},
) {
  await page.waitForLoadState('networkidle', { timeout: networkMs }).catch(() => undefined);
  await page
    .waitForFunction((selector) => !document.querySelector(selector), busy, { timeout: busyMs })
    .catch(() => undefined);
  await page.waitForTimeout(pause);
}

/** How many pixels the page is wider than the viewport (0 when it fits). */
export const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The viewport as JPEG (quality 60) at `path`; with PNG_DIR set, a PNG copy there too (to look at
 * with tools that read only PNG; not committed).
 */
export async function saveShot(page: Page, path: string, name: string) {
  await page.screenshot({ path, type: 'jpeg', quality: 60 });
  if (process.env.PNG_DIR) await page.screenshot({ path: join(process.env.PNG_DIR, `${name}.png`) });
  console.log(name);
}

/** The signed-in page's account, as API calls with its bearer token (through the context's cookies' session). */
export async function accountApi(context: BrowserContext, page: Page, base: string) {
  const token = await page.evaluate(
    async () => ((await (await fetch('/api/auth/token')).json()) as { token: string }).token,
  );
  const headers = { authorization: `Bearer ${token}` };
  return {
    headers,
    post: (path: string, data: unknown) => context.request.post(`${base}${path}`, { data, headers }),
    put: (path: string, data: unknown) => context.request.put(`${base}${path}`, { data, headers }),
  };
}

/**
 * The home page's header layers: on a phone (under 1024 px) the menu, then the search overlay
 * with suggestions for "star wa" (the menu's search on a phone, the header's button on a desktop);
 * each shot by `shot` under `name(…)`. Leaves both closed.
 */
export async function shootMenuAndSearch(
  page: Page,
  width: number,
  shot: (page: Page, name: string) => Promise<void>,
  name: (screen: string) => string,
) {
  if (width < 1024) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByText('Quick Access').waitFor();
    await shot(page, name('menu'));
    await page.getByRole('button', { name: 'Search movies...' }).click();
    await page.getByRole('heading', { name: 'Search Movies' }).waitFor();
  } else {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
  }
  await page.getByRole('textbox', { name: 'Search' }).last().fill('star wa');
  await page
    .getByRole('list', { name: 'Suggestions' })
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await shot(page, name('search-overlay'));
  await page.keyboard.press('Escape');
  if (width < 1024) await page.keyboard.press('Escape');
}
