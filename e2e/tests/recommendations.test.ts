import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../accounts';
import { launch, newPage, screenshot } from './browser';

const base = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const desktop = { name: 'desktop', width: 1280, height: 800 } as const;

describe('recommendations in the browser', () => {
  it('the movie page gets its recommendations in one request, as cards', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname + new URL(r.url()).search));
    await page.goto(`${base}/movie/862`);
    const recs = page.locator('section[aria-labelledby="recs"] li');
    await expect.poll(() => recs.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // One request at most: none when the server rendered the page with its data (decision 0031),
    // else the one hydrated list.
    const recommend = requests.filter((r) => r.startsWith('/api/recommend'));
    expect(recommend.length).toBeLessThanOrEqual(1);
    for (const r of recommend) expect(r).toMatch(/^\/api\/recommend\/movies\?tmdb_id=862(&|$)/);
    // The page's own movie at most: no per-recommendation fetches.
    const movies = requests.filter((r) => /^\/api\/tmdb\/movie\/\d+$/.test(r));
    expect(movies.every((r) => r === '/api/tmdb/movie/862') && movies.length <= 1).toBe(true);
    // Toy Story's franchise leads.
    expect(await recs.first().getByRole('link').first().getAttribute('href')).toMatch(
      /^\/movie\/(863|10193)$/,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"For You" on the home page after a like, each pick with its reason', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    const email = `for-you-${Date.now()}@example.com`;
    await signUpAndSignIn(page, { base, dataDir }, { name: 'Rae', email });
    // A new user has no row yet.
    await expect.poll(() => page.getByRole('heading', { name: 'Now Playing' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'For You' }).count()).toBe(0);

    await page.goto(`${base}/movie/129`);
    await expect.poll(() => page.getByRole('button', { name: /Rae/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect.poll(() => page.getByText('Movie liked!').count()).toBe(1);
    await page.goto(base);
    await expect
      .poll(() => page.getByRole('heading', { name: 'For You' }).count(), { timeout: 15_000 })
      .toBe(1);
    const row = page.locator('section[aria-labelledby="row-for-you"] li');
    expect(await row.count()).toBeGreaterThan(5);
    expect(await row.count()).toBeLessThanOrEqual(20);
    expect(await row.first().innerText()).toContain('Because you liked Spirited Away');
    expect(
      await page.locator('section[aria-labelledby="row-for-you"] a[href="/movie/129"] img').count(),
    ).toBe(0);
    await screenshot(page, 'desktop-for-you');
    expect(errors).toEqual([]);
    await context.close();
  });
});
