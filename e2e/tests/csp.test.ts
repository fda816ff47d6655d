import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, VIEWPORTS } from './browser';

const base = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('the site under its Content-Security-Policy', () => {
  it.each([
    ['/', 'heading'],
    ['/movie/157336', 'heading'],
    ['/login', 'heading'],
    ['/api/docs', '.swagger-ui .info'],
  ])('%s loads with no violation', async (path, ready) => {
    const { context, page, errors } = await newPage(browser, VIEWPORTS[0]);
    // Every violation, including those the console would not show.
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { violations: string[] }).violations.push(
          `${e.violatedDirective} ${e.blockedURI}`,
        ),
      );
    });
    const res = await page.goto(`${base}${path}`);
    expect(res!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await (ready === 'heading' ? page.getByRole('heading').first() : page.locator(ready)).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('another site cannot frame it', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS[0]);
    await page.goto('about:blank');
    await page.setContent(`<iframe src="${base}/" width="400" height="300"></iframe>`);
    const frame = page.frames()[1]!;
    await expect.poll(() => frame.url()).not.toBe('about:blank');
    // Chromium replaces a refused frame with its error page: no part of the site is in it.
    await page.waitForTimeout(500);
    expect(await frame.locator('text=Cinelog').count()).toBe(0);
    await context.close();
  });
});
