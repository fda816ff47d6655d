import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, VIEWPORTS } from './browser';

const base = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('loading and navigation', () => {
  it('shows the shell (brand, loading status, TMDB attribution) before any script runs', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/movie/157336`);
    expect(await page.getByRole('link', { name: 'Cinelog' }).count()).toBe(1);
    expect(await page.getByRole('status').textContent()).toContain('Loading');
    expect(await page.getByRole('link', { name: 'TMDB' }).getAttribute('href')).toBe(
      'https://www.themoviedb.org',
    );
    await context.close();
  });

  it('replaces the shell with the app: one top bar, one footer', async () => {
    const { context, page, errors } = await newPage(browser, VIEWPORTS[0]);
    await page.goto(`${base}/movie/157336`);
    await page.getByRole('heading', { level: 1, name: 'Interstellar' }).waitFor();
    expect(await page.locator('header').count()).toBe(1);
    expect(await page.locator('footer').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Open movie chatbot' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a new page starts at the top, and Back returns to where the reader was', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS[0]);
    await page.goto(`${base}/content/popular`);
    const cards = page.getByRole('main').getByRole('link', { name: /.+/ });
    await expect.poll(() => cards.count()).toBeGreaterThan(10);
    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const before = await page.evaluate(() => window.scrollY);
    await page
      .getByRole('main')
      .getByRole('link')
      .filter({ has: page.locator('img') })
      .nth(12)
      .click();
    await page.waitForURL('**/movie/**');
    // The URL changes before React renders the new page, which then scrolls to the top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL('**/content/popular');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
    await context.close();
  });

  it('keyboard: the mobile menu keeps focus inside, Escape closes it and focus returns to its button', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS[1]);
    await page.goto(base);
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByText('Quick Access').waitFor();
    const insideMenu = () =>
      page.evaluate(() => !!document.activeElement?.closest('[role="dialog"][aria-label="Menu"]'));
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await insideMenu()).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await context.close();
  });

  it('keyboard: the chat opens on the input, keeps it through a reply, and Escape returns to its button', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS[0]);
    await page.goto(base);
    await page.getByRole('button', { name: 'Open movie chatbot' }).focus();
    await page.keyboard.press('Enter');
    const input = page.getByPlaceholder('Ask me for movie recommendations...');
    await input.waitFor();
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('a feel-good comedy');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').getByRole('link').count()).toBeGreaterThan(0);
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Open movie chatbot',
    );
    await context.close();
  });
});
