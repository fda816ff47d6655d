import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, VIEWPORTS } from './browser';

/**
 * Where to watch and the trailer (issue 46, decision 0095) in a real browser: offline the movie
 * page has neither section and never asks for them; live (the TMDB fixture server) both show, and
 * the YouTube player is loaded only on play, within the Content-Security-Policy.
 */
const base = inject('baseUrl');
const live = inject('liveUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const desktop = VIEWPORTS[0];

describe('where to watch and the trailer on a movie page', () => {
  it('offline: both sections are absent, and nothing asks for them', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/movies\/\d+\/(watch|videos)/.test(r.url())) asked.push(r.url());
    });
    await page.goto(`${base}/movie/157336`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Interstellar' }).count()).toBe(1);
    // The page has settled: the offline cast note and the recommendations' heading are there.
    await expect.poll(() => page.getByTestId('cast-offline').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Recommended Movies' }).count()).toBe(1);
    await page.waitForTimeout(1000);
    expect(await page.getByRole('heading', { name: 'Where to watch' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Trailer' }).count()).toBe(0);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('live: providers by kind with JustWatch credited, and the trailer plays from youtube-nocookie on click', async () => {
    const { context, page, errors } = await newPage(browser, desktop);
    await page.goto(`${live}/movie/157336`);
    const watch = page.locator('section[aria-labelledby="where-to-watch"]');
    await expect.poll(() => watch.getByRole('img', { name: 'Netflix' }).count()).toBe(1);
    expect(await watch.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Stream',
      'Rent',
      'Buy',
    ]);
    expect(await watch.getByRole('link', { name: 'Streaming data by JustWatch' }).count()).toBe(1);
    const play = page.getByRole('button', { name: 'Play trailer: Official Trailer' });
    await expect.poll(() => play.count()).toBe(1);
    expect(await page.locator('iframe').count()).toBe(0);
    await play.click();
    await expect
      .poll(() => page.locator('iframe').getAttribute('src'))
      .toBe('https://www.youtube-nocookie.com/embed/zSWdZVtXT7E?autoplay=1&rel=0');
    // Nothing the Content-Security-Policy blocked (the thumbnail and the player are allowed).
    expect(errors).toEqual([]);
    await context.close();
  });
});
