import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launch, newPage, screenshot, VIEWPORTS } from './browser';

const live = inject('liveUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe.each(VIEWPORTS)('cast pages in live mode (TMDB fixture server) at $name width', (vp) => {
  it("the cast strip links to a cast page listing that person's movies", async () => {
    const { context, page, errors } = await newPage(browser, vp);
    await page.goto(`${live}/movie/157336`);
    const cast = page.locator('section[aria-labelledby="cast"]');
    await expect.poll(() => cast.getByText('Matthew McConaughey').count()).toBe(1);
    expect(await cast.getByText('Cooper').count()).toBe(1);
    // Anne Hathaway has no photo: the placeholder, not a broken image.
    const anne = cast.getByRole('link', { name: /Anne Hathaway/ });
    expect(await anne.locator('img').count()).toBe(0);
    await cast.getByRole('link', { name: /Matthew McConaughey/ }).click();
    await page.waitForURL('**/cast/10297/**');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Movies featuring Matthew McConaughey' }).count())
      .toBe(1);
    // The heading comes from the URL at once; the count waits for the credits.
    await expect.poll(() => page.getByText('Found 2 movies').count()).toBe(1);
    await screenshot(page, `${vp.name}-cast`);
    await expectAccessible(page, 'cast');
    await page.goto(`${live}/cast/1/Nobody`);
    await expect
      .poll(() => page.getByText(/Error:|No movies found for this actor\/actress\./).count())
      .toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
